/**
 * quota-cli (issue 7): `tenantkit-quota` on a 100,000-step `pulumi preview --json` file, against reading and parsing
 * that file alone (`fs.readFileSync` + `JSON.parse`). Goal: at most 2x.
 *
 * The command runs in-process: `main([file])` of the compiled `bin/quota/cli.js`, the module the `tenantkit-quota`
 * bin runs, with its output captured (not printed). Both sides run in this process, alternating, after one unrecorded
 * warm-up each, so neither pays for module loading or a cold JIT; node's own start (about 50 ms) is left out of both.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { collectGarbage, repeat, result, timeMs, type Benchmark, type BenchResult } from "./lib";

/** The engine's marker for values unknown during preview (also `quota.UNKNOWN_INPUT`). */
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const PROJECT = "dataplat";
const STACK_URN = `urn:pulumi:prod::${PROJECT}::pulumi:pulumi:Stack::${PROJECT}-prod`;
const WORKSPACES = 10;

/** Runs the benchmark. */
export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const steps = ctx.quick ? 1_000 : 100_000;
    const runs = ctx.quick ? 1 : 7;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-bench-quota-cli-"));
    try {
        const file = path.join(dir, "preview.json");
        writePreview(file, steps);
        const bytes = fs.statSync(file).size;
        ctx.log(`${steps} steps, ${(bytes / 1e6).toFixed(1)} MB`);
        // The compiled command, as `npx tenantkit-quota` runs it (npm run bench builds first).
        const { main } = (await import("../bin/quota/cli")) as { main(argv: string[], out?: (s: string) => void, err?: (s: string) => void): number };
        let output = "";
        let status = -1;
        // Each side starts from a collected heap: the 190 MB file parses into ~1 GB of objects, and without this the
        // collection of one side's garbage lands in the other's time (it moved the ratio between 1.3 and 2.4).
        const cli = (): Promise<number> => (
            collectGarbage(),
            timeMs(async () => {
                output = "";
                status = main(
                    [file],
                    (s) => (output += `${s}\n`),
                    (s) => (output += `${s}\n`),
                );
            })
        );
        const parse = (): Promise<number> => (collectGarbage(), timeMs(async () => JSON.parse(fs.readFileSync(file, "utf8"))));
        const cliMs: number[] = [];
        const parseMs = await repeat(
            runs,
            async (i) => {
                const p = await parse();
                const c = await cli();
                if (i >= 0) cliMs.push(c);
                ctx.log(`${i < 0 ? "warm-up: " : ""}read+parse ${p.toFixed(0)} ms, tenantkit-quota ${c.toFixed(0)} ms`);
                return p;
            },
            1,
        );
        if (status !== 0 && status !== 1) throw new Error(`tenantkit-quota exited ${status}: ${output.slice(0, 2000)}`);
        const summary = output
            .split("\n")
            .filter((l) => /resources, |limit checks:|^API time/.test(l))
            .join("; ");
        return [
            result({
                name: "quota-cli",
                unit: "ms",
                values: cliMs,
                comparison: { name: "fs.readFileSync + JSON.parse of the same file", values: parseMs },
                goal: "at most 2x",
                met: (_value, _cmp, ratio) => ratio <= 2,
                notes:
                    `${steps} preview steps (${(bytes / 1e6).toFixed(1)} MB, 4-space indented): ${WORKSPACES} databricks providers, ` +
                    `creates, sames, updates and replacements of 14 databricks types, some inputs unknown or secret; ` +
                    `main() of bin/quota/cli.js in-process, each side after a full GC, exit ${status}; ${summary}`,
            }),
        ];
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
};

interface State {
    urn: string;
    custom: boolean;
    type: string;
    id?: string;
    inputs: Record<string, unknown>;
    outputs: Record<string, unknown>;
    parent: string;
    provider?: string;
}

type Step = { op: string; urn: string; provider: string; oldState?: State; newState?: State; diffReasons?: string[] };

const urnOf = (type: string, name: string): string => `urn:pulumi:prod::${PROJECT}::${type}::${name}`;
const providerRef = (w: number): string => `${urnOf("pulumi:providers:databricks", `ws-${w}`)}::${UNKNOWN}`;

/**
 * Inputs of the i-th step, the k-th resource of its type: a realistic shape, scopes spread so no limit is exceeded.
 * Shares are per mille of the steps.
 */
const KINDS: Array<{ type: string; share: number; inputs(i: number, k: number): Record<string, unknown> }> = [
    {
        type: "sqlEndpoint:SqlEndpoint",
        share: 50,
        inputs: (i) => ({
            name: `wh-${i}`,
            clusterSize: "2X-Small",
            maxNumClusters: 1,
            autoStopMins: 10,
            tags: { customTags: [{ key: "team", value: `t${i % 40}` }] },
        }),
    },
    {
        type: "job:Job",
        share: 200,
        inputs: (i) => ({
            name: `etl-${i}`,
            maxConcurrentRuns: 1,
            tasks: [
                {
                    taskKey: "main",
                    existingClusterId: i % 7 === 0 ? UNKNOWN : `0101-${i % 97}-abc`,
                    notebookTask: { notebookPath: `/Jobs/etl-${i}`, baseParameters: { day: "{{start_date}}" } },
                },
            ],
            schedule: { quartzCronExpression: "0 0 2 * * ?", timezoneId: "UTC" },
        }),
    },
    {
        type: "sqlTable:SqlTable",
        share: 250,
        inputs: (i, k) => ({
            ...schemaOf(k, k % 10 === 0),
            name: `t_${i}`,
            tableType: "MANAGED",
            columns: [
                { name: "id", type: "BIGINT" },
                { name: "amount", type: "DECIMAL(10,2)" },
                { name: "at", type: "TIMESTAMP" },
            ],
        }),
    },
    { type: "schema:Schema", share: 20, inputs: (i, k) => ({ catalogName: `cat_${k % 20}`, name: `sch_${i}`, comment: "managed by pulumi" }) },
    { type: "volume:Volume", share: 40, inputs: (i, k) => ({ ...schemaOf(k, false), name: `vol_${i}`, volumeType: "MANAGED" }) },
    {
        type: "registeredModel:RegisteredModel",
        share: 10,
        inputs: (i, k) => ({ ...schemaOf(k, false), name: `model_${i}`, aliases: [{ aliasName: "champion", versionNum: 1 }] }),
    },
    {
        type: "notebook:Notebook",
        share: 100,
        inputs: (i, k) => ({ path: `/Shared/team-${k % 40}/nb-${i}`, language: "PYTHON", contentBase64: "cHJpbnQoJ2hlbGxvJyk=" }),
    },
    { type: "directory:Directory", share: 20, inputs: (i, k) => ({ path: `/Shared/team-${k % 40}/dir-${i}` }) },
    {
        type: "cluster:Cluster",
        share: 50,
        inputs: (i) => ({
            clusterName: `c-${i}`,
            sparkVersion: "15.4.x-scala2.12",
            nodeTypeId: "Standard_DS3_v2",
            numWorkers: 2,
            autoterminationMinutes: 20,
        }),
    },
    {
        type: "permissions:Permissions",
        share: 100,
        inputs: (i) => ({
            jobId: i % 3 === 0 ? UNKNOWN : String(1000 + i),
            accessControls: [{ groupName: "data-eng", permissionLevel: "CAN_MANAGE" }],
        }),
    },
    {
        type: "grants:Grants",
        share: 89,
        inputs: (i, k) => ({ table: `cat_${k % 20}.sch_${k % 100}.t_${i}`, grants: [{ principal: "analysts", privileges: ["SELECT"] }] }),
    },
    { type: "secretScope:SecretScope", share: 10, inputs: (i) => ({ name: `scope-${i}` }) },
    { type: "secret:Secret", share: 60, inputs: (i, k) => ({ scope: `scope-${k % 100}`, key: `key-${i}`, stringValue: "[secret]" }) },
    { type: "catalog:Catalog", share: 1, inputs: (i) => ({ name: `cat_${i}`, comment: "managed by pulumi", properties: { owner: "platform" } }) },
];

/** A Unity Catalog parent: plain for most, unknown until apply for some (created by the same plan). */
function schemaOf(i: number, unknown: boolean): Record<string, string> {
    return unknown ? { catalogName: UNKNOWN, schemaName: UNKNOWN } : { catalogName: `cat_${i % 20}`, schemaName: `sch_${i % 100}` };
}

function state(type: string, name: string, inputs: Record<string, unknown>, w: number | undefined, id?: string): State {
    const s: State = { urn: urnOf(type, name), custom: true, type, inputs, outputs: id ? { ...inputs, id } : {}, parent: STACK_URN };
    if (id) s.id = id;
    if (w !== undefined) s.provider = providerRef(w);
    return s;
}

/** The steps of the plan: 70% create, 25% same, 4% update, 1% replace (three steps each). */
function* planSteps(count: number): Generator<Step> {
    const stack = state("pulumi:pulumi:Stack", `${PROJECT}-prod`, {}, undefined);
    yield { op: "same", urn: stack.urn, provider: "", oldState: stack, newState: stack };
    for (let w = 0; w < WORKSPACES; w++) {
        const p = state(
            "pulumi:providers:databricks",
            `ws-${w}`,
            { host: `https://adb-${1000 + w}.${w}.azuredatabricks.net`, token: "[secret]", version: "1.110.0" },
            undefined,
            UNKNOWN,
        );
        yield { op: "same", urn: p.urn, provider: "", oldState: p, newState: p };
    }
    const total = KINDS.reduce((n, k) => n + k.share, 0);
    const seen = new Map<(typeof KINDS)[number], number>();
    let emitted = 1 + WORKSPACES;
    for (let i = 0; emitted < count; i++) {
        let pick = i % total;
        const kind = KINDS.find((k) => (pick -= k.share) < 0) ?? KINDS[0];
        const w = Math.floor(i / total) % WORKSPACES;
        const type = `databricks:index/${kind.type}`;
        const name = `${kind.type.split(":")[0]}-${i}`;
        const k = (seen.get(kind) ?? 0) + 1;
        seen.set(kind, k);
        const inputs = kind.inputs(i, k);
        // Operations spread over the plan (37 is prime to 100), not in blocks.
        const roll = (i * 37) % 100;
        const newState = state(type, name, inputs, w, roll < 70 ? undefined : `id-${i}`);
        const base = { urn: newState.urn, provider: providerRef(w) };
        if (roll < 70 || count - emitted < 3) {
            yield { op: "create", ...base, newState };
            emitted += 1;
        } else if (roll < 95) {
            yield { op: "same", ...base, oldState: newState, newState };
            emitted += 1;
        } else if (roll < 99) {
            const oldState = state(type, name, { ...inputs, comment: "before" }, w, `id-${i}`);
            yield { op: "update", ...base, oldState, newState, diffReasons: ["comment"] };
            emitted += 1;
        } else {
            const oldState = state(type, name, inputs, w, `id-${i}`);
            const replacement = state(type, name, { ...inputs, name: `${name}-v2` }, w);
            yield { op: "create-replacement", ...base, oldState, newState: replacement, diffReasons: ["name"] };
            yield { op: "replace", ...base, oldState, newState: replacement, diffReasons: ["name"] };
            yield { op: "delete-replaced", ...base, oldState, newState: replacement };
            emitted += 3;
        }
    }
}

/** Writes the preview digest step by step, indented as the CLI prints it, without one huge string in memory. */
export function writePreview(file: string, count: number): void {
    const fd = fs.openSync(file, "w");
    try {
        const summary: Record<string, number> = {};
        fs.writeSync(fd, `{\n    "config": {\n        "${PROJECT}:region": "westeurope"\n    },\n    "steps": [\n`);
        let first = true;
        for (const step of planSteps(count)) {
            summary[step.op] = (summary[step.op] ?? 0) + 1;
            const text = JSON.stringify(step, null, 4).replace(/\n/g, "\n        ");
            fs.writeSync(fd, `${first ? "" : ",\n"}        ${text}`);
            first = false;
        }
        fs.writeSync(fd, `\n    ],\n    "changeSummary": ${JSON.stringify(summary, null, 4).replace(/\n/g, "\n    ")}\n}\n`);
    } finally {
        fs.closeSync(fd);
    }
}
