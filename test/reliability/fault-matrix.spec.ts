/**
 * The fault matrix (issue 8): every request of every operation of every resource and lookup, against every fault the
 * emulator injects, through the real provider host (getX in this process, as a program calls it). The cells and their
 * promised outcomes are data (fault-matrix.ts); docs/fault-matrix.md is generated from it.
 *
 * Groups (a slice of the emulator each, on long-lived hosts: fault-matrix-cases.ts) run side by side in `before`, each
 * cell after the other within a group; every cell's verdict is then reported by its own test. A cell:
 * 1. brings the emulator to the operation's starting state (setting up through the host, before any fault);
 * 2. injects the fault once, on the first request of its method and path (for a POST also after the service carried
 *    it out: `served`);
 * 3. runs the operation, waits until late (delayed) requests have landed, and checks the outcome against a run of the
 *    same operation without a fault: the same outputs, the same state in the service, no POST carried out twice, and
 *    the recovery the cell states, read from the emulator's request log; or the failure message's parts, nothing
 *    duplicated, and a second run that converges.
 * Each case first runs without a fault (the baseline, which also proves the rows are the requests it makes), and once
 * against a 503 on every attempt (the operation gives up, says so, and changes nothing). A request the provider sends
 * once per session (a row's `oncePerSession`: GET /organization, whose answer the host keeps) would not be sent by a
 * later run on the group's host, so the cells of that row, and the baseline of its case, run each on a provider host
 * of their own; the cell still checks that the faulted request was sent and answered by the fault.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import type { RequestLogEntry } from "../../emulator/client";
import type { RunningEmulator } from "../../emulator/server";
import { useEmulator } from "../support/emulator";
import { errorText } from "../../harness/errors";
import { asProgram, matrixSeed, startGroups, type Case, type Group, type Prepared } from "./fault-matrix-cases";
import {
    DOC_PATH,
    FAULTS,
    GIVE_UP,
    GIVE_UPS,
    MATRIX,
    renderFaultMatrix,
    rowTitle,
    SERVED_FAULT_IDS,
    TIMEOUT_SECONDS,
    type GiveUpRow,
    type MatrixRow,
    type Outcome,
    type ServedFaultId,
} from "./fault-matrix";

type Fault = (typeof FAULTS)[number];

/** The faults a POST meets again after the service carried it out. */
const SERVED: readonly Fault[] = FAULTS.filter((f) => (SERVED_FAULT_IDS as readonly string[]).includes(f.id));

/** What one run of an operation did. */
interface Run {
    readonly outputs: unknown;
    readonly error: unknown;
    readonly ms: number;
    readonly entries: readonly RequestLogEntry[];
    readonly census: unknown;
}

const PREFIX: Readonly<Record<MatrixRow["service"], string>> = { graph: "/graph", powerbi: "/powerbi", devops: "/devops" };

/** The row's path with the case's values, as a regular expression over paths without (`relative`) or with the prefix. */
function pathPattern(row: Pick<MatrixRow, "service" | "path">, params: Readonly<Record<string, string>>, relative: boolean): string {
    const escaped = row.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
    const filled = escaped.replace(/\{(\w+)\}/g, (_m, name: string) => {
        const value = params[name];
        if (value === undefined) throw new Error(`no value for {${name}} in ${row.path}`);
        return value === "[^/]+" ? value : value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    });
    return `^${relative ? "" : PREFIX[row.service].replace(/\//g, "\\/")}${filled}$`;
}

const ofRow = (row: MatrixRow, params: Readonly<Record<string, string>>, entries: readonly RequestLogEntry[]) => {
    const re = new RegExp(pathPattern(row, params, false));
    return entries.filter((e) => e.method === row.method && re.test(e.path));
};

/**
 * POSTs the service carried out: answered 2xx by the service (a late one included, not a fault's own 200 or 203), or
 * served before a fault answered instead.
 */
const executedPosts = (entries: readonly RequestLogEntry[]) =>
    entries.filter(
        (e) => e.method === "POST" && (e.served === true || (e.status >= 200 && e.status < 300 && (e.fault === undefined || e.fault === "delay"))),
    ).length;

/** The request log of a case, once no request is held back by a `delay` fault any more. */
async function settledEntries(emu: RunningEmulator, logPath: string, since: number): Promise<RequestLogEntry[]> {
    for (let i = 0; ; i += 1) {
        const entries = await emu.admin.requests({ path: logPath, since });
        if (!entries.some((e) => e.fault === "delay" && e.status === 0)) return entries;
        if (i > 100) throw new Error("a delayed request never landed");
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
}

async function lastSeq(emu: RunningEmulator, logPath: string): Promise<number> {
    const entries = await emu.admin.requests({ path: logPath });
    return entries.at(-1)?.seq ?? 0;
}

/** A fault on the first request of a row, answered instead of the service or (`served`) after it acted. */
interface Injected {
    readonly row: MatrixRow;
    readonly fault: Fault;
    readonly served: boolean;
}

/** Runs the prepared operation once, with the fault on `row`'s request when given. */
async function runOnce(emu: RunningEmulator, p: Prepared, fault?: Injected): Promise<Run> {
    const since = await lastSeq(emu, p.logPath);
    if (fault) {
        const match = { service: fault.row.service, method: fault.row.method, path: pathPattern(fault.row, p.params, true) };
        await emu.admin.setFaults({ match, times: 1, ...fault.fault.rule(Date.now()), ...(fault.served ? { served: true } : {}) });
    }
    const started = performance.now();
    let outputs: unknown;
    let error: unknown;
    try {
        outputs = await p.run();
    } catch (err) {
        error = err;
    }
    const ms = performance.now() - started;
    const entries = await settledEntries(emu, p.logPath, since);
    return { outputs, error, ms, entries, census: await p.census() };
}

const describeEntries = (entries: readonly RequestLogEntry[]) =>
    entries.map((e) => `${e.method} ${e.path} ${e.status}${e.fault ? ` (${e.fault})` : ""}`).join("\n    ");

/** Shortest wait a Retry-After asks for: an HTTP-date has whole seconds, so it may ask for almost nothing. */
const RETRY_AFTER_MS: Readonly<Record<string, number>> = { "429-seconds": 1000, "429-decimal": 200, "429-date": 0 };

/** Checks that the cell recovered the way it states, from the requests that followed the faulted one. */
function checkRecovery(outcome: Extract<Outcome, { result: "retried" }>, row: MatrixRow, fault: Fault, run: Run, p: Prepared): void {
    const same = ofRow(row, p.params, run.entries);
    const faulted = same[0]!;
    const after = run.entries.filter((e) => e.seq > faulted.seq);
    const timeoutMs = TIMEOUT_SECONDS * 1000;
    const log = `requests:\n    ${describeEntries(run.entries)}`;
    const gets = (re: RegExp) => after.filter((e) => e.method === "GET" && re.test(e.path));
    switch (outcome.how) {
        case "retry-after":
            assert.ok(same.length >= 2, `the request was not sent again; ${log}`);
            assert.ok(run.ms >= RETRY_AFTER_MS[fault.id]! - 50, `the retry came after ${Math.round(run.ms)} ms, before the Retry-After`);
            return;
        case "backoff":
        case "new-token":
            assert.ok(same.length >= 2, `the request was not sent again; ${log}`);
            return;
        case "timeout":
            assert.ok(same.length >= 2, `the request was not sent again; ${log}`);
            assert.ok(run.ms >= timeoutMs - 50, `the operation took ${Math.round(run.ms)} ms, less than the timeout`);
            return;
        case "relist-post":
            assert.ok(gets(/\/datasets$/).length >= 1, `the workspace was not listed again; ${log}`);
            assert.equal(after.filter((e) => e.method === "POST").length, 1, `expected one more POST; ${log}`);
            return;
        case "wait-find":
            assert.ok(gets(/\/datasets$/).length >= 1, `the workspace was not listed again; ${log}`);
            assert.equal(after.filter((e) => e.method === "POST").length, 0, `a second POST was sent; ${log}`);
            assert.ok(run.ms >= timeoutMs - 50, `waited ${Math.round(run.ms)} ms, less than one timeout`);
            return;
        case "relist-find":
            assert.ok(gets(/\/datasets$/).length >= 1, `the workspace was not listed again; ${log}`);
            assert.equal(after.filter((e) => e.method === "POST").length, 0, `a second POST was sent; ${log}`);
            return;
        case "lookup-found":
            assert.ok(gets(/\/localizations\/[^/]+$/).length >= 1, `the localization was not looked up; ${log}`);
            assert.equal(after.filter((e) => e.method === "POST").length, 0, `a second POST was sent; ${log}`);
            return;
        case "lookup-post":
            assert.ok(gets(/\/localizations\/[^/]+$/).length >= 1, `the localization was not looked up; ${log}`);
            assert.equal(after.filter((e) => e.method === "POST").length, 1, `expected one more POST; ${log}`);
            return;
        case "wait-lookup":
            assert.ok(gets(/\/localizations\/[^/]+$/).length >= 1, `the localization was not looked up; ${log}`);
            assert.ok(run.ms >= timeoutMs - 50, `waited ${Math.round(run.ms)} ms, less than one timeout`);
            return;
    }
}

/**
 * The case ready to run; on a provider host of its own (a new session) when `fresh`: a request sent once per session
 * is then sent by this run, so its fault is met.
 */
async function prepare(c: Case, fresh: boolean): Promise<Prepared> {
    if (!fresh) return c.prepare();
    if (!c.prepareOnFreshHost) throw new Error(`${caseKey(c)} makes a request once per session, but cannot run on a provider host of its own`);
    return c.prepareOnFreshHost();
}

/** Runs `body` with the case prepared (see {@link prepare}), then stops what was started for it. */
async function prepared<T>(c: Case, fresh: boolean, body: (p: Prepared) => Promise<T>): Promise<T> {
    const p = await prepare(c, fresh);
    try {
        return await body(p);
    } finally {
        await p.release?.();
    }
}

/** One cell: the fault on the row's request, checked against the baseline run. */
async function runCell(emu: RunningEmulator, c: Case, injected: Injected, baseline: Run): Promise<void> {
    await prepared(c, injected.row.oncePerSession !== undefined, (p) => checkCell(emu, p, injected, baseline));
}

async function checkCell(emu: RunningEmulator, p: Prepared, injected: Injected, baseline: Run): Promise<void> {
    const { row, fault } = injected;
    const run = await runOnce(emu, p, injected);
    const rule = fault.rule(0);
    const log = `requests:\n    ${describeEntries(run.entries)}`;
    const same = ofRow(row, p.params, run.entries);
    assert.ok(same.length > 0 && same[0]!.fault === rule.kind, `the fault did not answer the first ${row.method} ${row.path}; ${log}`);
    assert.equal(same[0]!.served === true, injected.served, `the fault was ${injected.served ? "not " : ""}answered after serving; ${log}`);
    const outcome = injected.served ? row.served![fault.id as ServedFaultId] : row.outcomes[fault.id];
    const message = run.error === undefined ? "" : errorText(run.error);
    assert.ok(executedPosts(run.entries) <= executedPosts(baseline.entries), `a POST was carried out twice; ${log}`);
    if (outcome.result === "retried") {
        assert.equal(run.error, undefined, `expected the operation to succeed, it failed: ${message}`);
        assert.deepEqual(run.outputs, baseline.outputs, "outputs differ from a run without the fault");
        assert.deepEqual(run.census, baseline.census, "the service holds something else than after a run without the fault");
        assert.equal(executedPosts(run.entries), executedPosts(baseline.entries), `POSTs carried out; ${log}`);
        checkRecovery(outcome, row, fault, run, p);
        return;
    }
    assert.notEqual(run.error, undefined, `expected a failure; the operation succeeded; ${log}`);
    for (const part of outcome.message) assert.ok(message.includes(part), `the message lacks "${part}": ${message}`);
    // Then the next run (the next `up`) converges on exactly one object.
    const again = await runOnce(emu, p);
    assert.equal(again.error, undefined, `running it again failed: ${again.error === undefined ? "" : errorText(again.error)}`);
    assert.deepEqual(again.outputs, baseline.outputs, "outputs of the run after the failure differ from a run without the fault");
    assert.deepEqual(again.census, baseline.census, "after running again, the service holds something else than after a run without the fault");
    assert.equal(
        executedPosts([...run.entries, ...again.entries]),
        executedPosts(baseline.entries),
        "POSTs carried out, failed run and second run together",
    );
}

/** The operation against a fault that answers every attempt: it gives up, saying so, and changes nothing. */
async function runGiveUp(emu: RunningEmulator, c: Case, g: GiveUpRow): Promise<void> {
    await prepared(c, g.row.oncePerSession !== undefined, (p) => checkGiveUp(emu, p, g));
}

async function checkGiveUp(emu: RunningEmulator, p: Prepared, g: GiveUpRow): Promise<void> {
    const before = await p.census();
    const since = await lastSeq(emu, p.logPath);
    const match = { service: g.row.service, method: g.row.method, path: pathPattern(g.row, p.params, true) };
    await emu.admin.setFaults({ match, times: GIVE_UP.attempts, ...GIVE_UP.rule });
    const error = await p.run().then(
        () => undefined,
        (err: unknown) => err,
    );
    const entries = await settledEntries(emu, p.logPath, since);
    assert.equal(
        ofRow(g.row, p.params, entries).filter((e) => e.fault === "status").length,
        GIVE_UP.attempts,
        `requests:\n    ${describeEntries(entries)}`,
    );
    assert.notEqual(error, undefined, "the operation succeeded");
    const message = errorText(error);
    for (const part of g.message) assert.ok(message.includes(part), `the message lacks "${part}": ${message}`);
    assert.deepEqual(await p.census(), before, "the failed operation changed the service");
}

/** The rows of a case: its resource and operation, and its scenario if it has one. */
const rowsOf = (c: Case) => MATRIX.filter((r) => r.resource === c.resource && r.operation === c.operation && r.scenario === c.scenario);
const cellKey = (row: MatrixRow, fault: Fault | "give-up", served = false) =>
    `${rowTitle(row)} | ${fault === "give-up" ? fault : fault.id}${served ? " served" : ""}`;
const caseKey = (c: { resource: string; operation: string; scenario?: string }) =>
    `${c.resource} ${c.operation}${c.scenario ? ` (${c.scenario})` : ""}`;

/**
 * The matrix's rows must be the requests the operation makes: each row's request is among them, and each of them is
 * a row of this resource and operation (of any scenario).
 */
function coverage(c: Case, p: Prepared, baseline: Run): string[] {
    const problems: string[] = [];
    if (baseline.error !== undefined) return [`fails without a fault: ${errorText(baseline.error)}`];
    for (const row of rowsOf(c)) if (ofRow(row, p.params, baseline.entries).length === 0) problems.push(`makes no ${row.method} ${row.path}`);
    const declared = MATRIX.filter((r) => r.resource === c.resource && r.operation === c.operation);
    for (const e of baseline.entries) {
        if (!declared.some((row) => ofRow(row, p.params, [e]).length > 0))
            problems.push(`makes ${e.method} ${e.path}, which is no row of the matrix`);
    }
    return problems;
}

async function runGroup(emu: RunningEmulator, g: Group, cells: Map<string, unknown>, covered: Map<string, string[]>): Promise<void> {
    for (const c of g.cases) {
        // A request sent once per session is among the baseline's only if the baseline is its host's first run.
        const { p, baseline } = await prepared(
            c,
            rowsOf(c).some((r) => r.oncePerSession !== undefined),
            async (p) => ({
                p,
                baseline: await runOnce(emu, p),
            }),
        );
        covered.set(caseKey(c), coverage(c, p, baseline));
        for (const row of rowsOf(c)) {
            for (const fault of FAULTS) {
                cells.set(
                    cellKey(row, fault),
                    await runCell(emu, c, { row, fault, served: false }, baseline).then(
                        () => null,
                        (err: unknown) => err,
                    ),
                );
            }
            for (const fault of row.served ? SERVED : []) {
                cells.set(
                    cellKey(row, fault, true),
                    await runCell(emu, c, { row, fault, served: true }, baseline).then(
                        () => null,
                        (err: unknown) => err,
                    ),
                );
            }
            const giveUp = GIVE_UPS.find((x) => x.row === row);
            if (giveUp)
                cells.set(
                    cellKey(row, "give-up"),
                    await runGiveUp(emu, c, giveUp).then(
                        () => null,
                        (err: unknown) => err,
                    ),
                );
        }
    }
}

const outcomeTitle = (o: Outcome) =>
    o.result === "retried" ? `retried (${o.how}) and succeeded` : "fails with a message naming the operation, the status and the next step";

describe("fault matrix: every operation of every resource and lookup against every fault", function () {
    const fx = useEmulator();
    /** Per cell: null when it passed, else what failed. */
    const cells = new Map<string, unknown>();
    const covered = new Map<string, string[]>();

    before(async function () {
        this.timeout(240_000);
        const started = performance.now();
        await fx.emu.admin.seed(matrixSeed());
        const { groups, stop } = await startGroups(fx.emu);
        try {
            await asProgram(fx.emu, () =>
                Promise.all(
                    groups.map(async (g) => {
                        const t = performance.now();
                        await runGroup(fx.emu, g, cells, covered);
                        // TENANTKIT_FM_TIMES=1 prints each group's time, to balance the groups.
                        if (process.env.TENANTKIT_FM_TIMES)
                            process.stdout.write(`      ${g.name}: ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
                    }),
                ),
            );
        } finally {
            await stop();
        }
        process.stdout.write(`      (${cells.size} cells in ${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
    });

    it("docs/fault-matrix.md is the table the matrix data generates", () => {
        const regenerate = "npx ts-node --transpile-only test/reliability/fault-matrix.ts";
        assert.ok(fs.existsSync(DOC_PATH), `docs/fault-matrix.md is missing: ${regenerate}`);
        assert.equal(fs.readFileSync(DOC_PATH, "utf8"), renderFaultMatrix(), `docs/fault-matrix.md is out of date: ${regenerate}`);
    });

    it("runs a case for every resource, operation and scenario of the matrix, and its rows are the requests it makes", () => {
        const cases = new Set(MATRIX.map((r) => caseKey(r)));
        assert.deepEqual([...covered.keys()].sort(), [...cases].sort());
        const problems = [...covered].flatMap(([k, list]) => list.map((m) => `${k}: ${m}`));
        assert.deepEqual(problems, []);
    });

    const verdict = (key: string) => () => {
        assert.ok(cells.has(key), "the cell did not run");
        const failure = cells.get(key);
        if (failure !== null) throw failure;
    };
    for (const row of MATRIX) {
        describe(rowTitle(row), () => {
            for (const fault of FAULTS) it(`${fault.title}: ${outcomeTitle(row.outcomes[fault.id])}`, verdict(cellKey(row, fault)));
            for (const fault of row.served ? SERVED : []) {
                it(
                    `${fault.title} after the service acted: ${outcomeTitle(row.served![fault.id as ServedFaultId])}`,
                    verdict(cellKey(row, fault, true)),
                );
            }
            if (GIVE_UPS.some((g) => g.row === row)) {
                it(`${GIVE_UP.title}: gives up after ${GIVE_UP.attempts} attempts, saying so, and changes nothing`, verdict(cellKey(row, "give-up")));
            }
        });
    }
});
