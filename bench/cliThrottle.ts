/**
 * cli-throttle (issues 7 and 26): `pulumi up` of 200 push datasets through the real Pulumi CLI while the emulator
 * throttles at 10 requests/s per client (Retry-After "1"), against a bare dynamic provider program
 * (bench/programs/datasets-bare) whose creates send the same requests under the same throttle in the same run: a
 * token from the emulator's token endpoint, one listing of My workspace, a POST per dataset, each 429 retried after
 * its Retry-After. Ours and bare alternate, each up on a fresh seed and a new stack; both request logs are summed by
 * method and service and compared (a mismatch is reported and fails the goal). Goal: at most 1.05x, zero failures,
 * zero duplicates. The figure is the whole command, the CLI's start and the program's run included; the ideal
 * 200 / 10 = 20 s and the command's fixed cost (the same program with no datasets) stay in the notes.
 */
import * as path from "node:path";
import type { RequestLogEntry } from "../emulator/http/log";
import { startEmulator } from "../emulator/server";
import { defaultSeed, DEFAULT_SEED_IDS as IDS } from "../emulator/seeds/default";
import { requirePulumi } from "../harness/cli";
import { emulatorStackConfig } from "../harness/emulatorStack";
import { bareRequestsEnv, benchStack } from "./cliStacks";
import { inTurn, median, result, timeMs, type Benchmark, type BenchResult } from "./lib";

const PER_SECOND = 10;
const GOAL_RATIO = 1.05;

type Side = "tenantkit" | "bare";

const PROGRAMS: Record<Side, { dir: string; namespace: string }> = {
    tenantkit: { dir: "datasets", namespace: "datasetsprog" },
    bare: { dir: "datasets-bare", namespace: "datasetsbareprog" },
};

/** Requests that got an answer other than 429, counted by method and service: what the bare side must repeat. */
export function requestMix(log: readonly RequestLogEntry[]): Record<string, number> {
    const mix: Record<string, number> = {};
    for (const q of log) {
        if (q.status === 429) continue;
        const key = `${q.method} ${q.service}`;
        mix[key] = (mix[key] ?? 0) + 1;
    }
    return mix;
}

/** Mixes that differ, as text; empty when equal but for `slack` one-time requests per key (the CA, the OpenID configuration). */
export function mixDifference(a: Record<string, number>, b: Record<string, number>, slack: number): string {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys
        .filter((k) => Math.abs((a[k] ?? 0) - (b[k] ?? 0)) > slack)
        .map((k) => `${k}: tenantkit ${a[k] ?? 0}, bare ${b[k] ?? 0}`)
        .join("; ");
}

/** Where one up's time went, from the request log: before the first Power BI request, the span of Power BI requests, after. */
export interface Phases {
    /** From the command's start to the first Power BI request (CLI, program, host, check, token). */
    beforeMs: number;
    /** From the first to the last Power BI request. */
    spanMs: number;
    /** From the last Power BI request to the command's end. */
    afterMs: number;
    /** Wall-clock seconds of the span in which fewer than the budget of requests succeeded (first and last excluded). */
    underused: number;
    seconds: number;
}

export function phasesOf(log: readonly RequestLogEntry[], startMs: number, endMs: number, perSecond: number): Phases {
    const api = log.filter((q) => q.service === "powerbi").map((q) => ({ at: Date.parse(q.time), ok: q.status < 300 }));
    if (api.length === 0) return { beforeMs: endMs - startMs, spanMs: 0, afterMs: 0, underused: 0, seconds: 0 };
    const first = Math.min(...api.map((q) => q.at));
    const last = Math.max(...api.map((q) => q.at));
    const perSecondOk = new Map<number, number>();
    for (const q of api) if (q.ok) perSecondOk.set(Math.floor(q.at / 1000), (perSecondOk.get(Math.floor(q.at / 1000)) ?? 0) + 1);
    const lo = Math.floor(first / 1000);
    const hi = Math.floor(last / 1000);
    let underused = 0;
    for (let sec = lo + 1; sec < hi; sec++) if ((perSecondOk.get(sec) ?? 0) < perSecond) underused++;
    return { beforeMs: first - startMs, spanMs: last - first, afterMs: endMs - last, underused, seconds: Math.max(0, hi - lo - 1) };
}

const phaseText = (p: Phases): string =>
    `${(p.beforeMs / 1000).toFixed(1)} s before the first Power BI request, ${(p.spanMs / 1000).toFixed(1)} s of them ` +
    `(${p.underused} of ${p.seconds} inner seconds below the budget), ${(p.afterMs / 1000).toFixed(1)} s after the last`;

const medPhases = (ps: readonly Phases[]): Phases => ({
    beforeMs: median(ps.map((p) => p.beforeMs)),
    spanMs: median(ps.map((p) => p.spanMs)),
    afterMs: median(ps.map((p) => p.afterMs)),
    underused: median(ps.map((p) => p.underused)),
    seconds: median(ps.map((p) => p.seconds)),
});

const mixText = (mix: Record<string, number>): string =>
    Object.entries(mix)
        .sort()
        .map(([k, n]) => `${k} ${n}`)
        .join(", ");

/** Runs the benchmark: one result. */
export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const binDir = requirePulumi();
    const count = ctx.quick ? 10 : 200;
    const runs = ctx.quick ? 1 : (ctx.runs ?? 3);
    const ideal = (count / PER_SECOND) * 1000;
    const emu = await startEmulator();
    const wall: Record<Side, number[]> = { tenantkit: [], bare: [] };
    const throttled: Record<Side, number[]> = { tenantkit: [], bare: [] };
    const mixes: Partial<Record<Side, Record<string, number>>> = {};
    const phases: Record<Side, Phases[]> = { tenantkit: [], bare: [] };
    const faults: string[] = [];
    const fixed: number[] = [];
    try {
        const upOnce = async (side: Side, r: number): Promise<void> => {
            await emu.admin.seed(defaultSeed(new Date()));
            const prefix = `Cli${r}${side === "bare" ? "b" : "t"}x`;
            const { dir, namespace } = PROGRAMS[side];
            const stack = await benchStack(
                binDir,
                {
                    projectDir: path.join(__dirname, "programs", dir),
                    stack: `throttle-${side}-${r}`,
                    config: { ...emulatorStackConfig(emu.url), [`${namespace}:count`]: String(count), [`${namespace}:prefix`]: prefix },
                    env: bareRequestsEnv(emu.url),
                },
                ctx.quick,
            );
            try {
                await emu.admin.clearRequests();
                await emu.admin.throttle({ perSecond: PER_SECOND, retryAfter: "1" });
                let failed = "";
                const startMs = Date.now();
                const ms = await timeMs(async () => {
                    const up = await stack.run(stack.upArgs());
                    if (up.code !== 0) failed = up.output.slice(-500);
                });
                await emu.admin.throttle(null);
                wall[side].push(ms);
                const log = await emu.admin.requests();
                mixes[side] ??= requestMix(log);
                phases[side].push(phasesOf(log, startMs, startMs + ms, PER_SECOND));
                throttled[side].push(log.filter((q) => q.status === 429).length);
                const made = (await emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name.startsWith(prefix));
                const names = new Set(made.map((d) => d.name));
                const line =
                    `${side} run ${r + 1}/${runs}: ${(ms / 1000).toFixed(1)} s, ${made.length} datasets (${made.length - names.size} duplicates, ` +
                    `${count - names.size} missing), ${throttled[side].at(-1)} answered 429${failed ? `, up failed: ${failed}` : ""}; ${phaseText(phases[side].at(-1)!)}`;
                ctx.log(line);
                if (failed || made.length !== count || names.size !== count) faults.push(line);
            } finally {
                await emu.admin.throttle(null);
                // The next up starts from a fresh seed, so the datasets need no destroy; the stack goes with its state.
                await stack.dispose();
            }
        };
        // Alternating which goes first, so drift of the machine hits both alike.
        for (let r = 0; r < runs; r++) {
            for (const side of inTurn(r, ["tenantkit", "bare"] as const)) await upOnce(side, r);
        }
        // The fixed cost of the command: our program with no datasets (CLI start, TypeScript, the engine's steps). Left
        // out of a quick run, which proves the comparison and its request logs, not this figure of the notes.
        if (!ctx.quick) {
            const empty = await benchStack(
                binDir,
                {
                    projectDir: path.join(__dirname, "programs", "datasets"),
                    stack: "throttle-empty",
                    config: { ...emulatorStackConfig(emu.url), "datasetsprog:count": "0", "datasetsprog:prefix": "Empty" },
                },
                ctx.quick,
            );
            try {
                for (let r = 0; r < runs; r++) fixed.push(await timeMs(() => empty.up()));
            } finally {
                await empty.dispose();
            }
        }
    } finally {
        await emu.close();
    }
    const mismatch = mixDifference(mixes.tenantkit ?? {}, mixes.bare ?? {}, 2);
    ctx.log(`requests, 429s aside: tenantkit ${mixText(mixes.tenantkit ?? {})}; bare ${mixText(mixes.bare ?? {})}`);
    if (mismatch) ctx.log(`request mix differs: ${mismatch}`);
    const fixedMs = fixed.length > 0 ? median(fixed) : 0;
    const ours = median(wall.tenantkit);
    return [
        result({
            name: `pulumi up of ${count} push datasets under a throttle of ${PER_SECOND} requests/s`,
            unit: "ms",
            values: wall.tenantkit,
            comparison: {
                name: `a bare dynamic provider making the same requests under the same throttle (${count} datasets)`,
                values: wall.bare,
            },
            goal: `at most ${GOAL_RATIO}x, zero failures, zero duplicates`,
            met: (_v, _c, ratio) => ratio <= GOAL_RATIO && faults.length === 0 && !mismatch,
            notes:
                `the whole \`pulumi up\` command (CLI start, program, one provider host at the engine's default parallelism), ${runs} alternating ` +
                `runs of each, a fresh seed and stack each; emulator throttle ${PER_SECOND}/s per client, Retry-After "1". Medians, tenantkit: ` +
                `${phaseText(medPhases(phases.tenantkit))}; bare: ${phaseText(medPhases(phases.bare))}. Answered 429: tenantkit ` +
                `${throttled.tenantkit.join("/")}, bare ${throttled.bare.join("/")} per run. ${faults.length} runs with failures, duplicates or missing ` +
                `datasets${faults.length ? `: ${faults.join("; ")}` : ""}. Requests of tenantkit's up, 429s aside: ${mixText(mixes.tenantkit ?? {})}; ` +
                (mismatch
                    ? `the bare side's differ (${mismatch}), so the comparison is not like for like`
                    : `the bare side's match them (by method and service, within 2 one-time requests: ${mixText(mixes.bare ?? {})})`) +
                `. The bare provider sends them with plain fetch, 8 at a time, each 429 retried after its Retry-After: no validation, shared pause, ` +
                `backoff or journal of its own. Against the ideal ${count} / ${PER_SECOND} per second = ${(ideal / 1000).toFixed(0)} s: tenantkit ` +
                `${(ours / ideal).toFixed(2)}x, bare ${(median(wall.bare) / ideal).toFixed(2)}x.` +
                (fixed.length > 0
                    ? ` Our program with no datasets takes ${(fixedMs / 1000).toFixed(1)} s (median of ${fixed.length}), so tenantkit's datasets ` +
                      `themselves take ${((ours - fixedMs) / 1000).toFixed(1)} s, ${((ours - fixedMs) / ideal).toFixed(2)}x the ideal.`
                    : " The program with no datasets is not run in quick mode."),
        }),
    ];
};
