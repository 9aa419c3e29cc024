/**
 * throttle (issue 7): 200 push datasets created through ONE provider host with the engine's default parallelism
 * (concurrent check + create calls, as the engine drives one host per provider), while the emulator throttles at
 * 10 requests per second per client with 429 and Retry-After. Figure: wall time from the first check to the last
 * create; comparison: a bare client measured in the same run under the same throttle (the cli-throttle benchmark's
 * bare create, bench/programs/datasets-bare/requests.js, behind a bare dynamic provider in a host of its own, driven
 * alike), alternating; goal at most 1.05x, zero failures, zero duplicates (datasets counted by name in the emulator
 * afterwards), and the same requests on both sides. The ideal 200 / 10 s stays in the notes.
 *
 * The engine's default parallelism is 4 x GOMAXPROCS, i.e. 4 x the CPUs (pulumi/pulumi
 * `pkg/cmd/pulumi/operations/up.go` `defaultParallel`, issue pulumi/pulumi#14989), or PULUMI_PARALLEL when set.
 * The emulator counts per client (the token's app id; throttle.ts `callerKey`); the token request carries no token,
 * so it is counted apart (by address) and never spends the app's budget.
 */
import * as os from "node:os";
import * as path from "node:path";
import type { RequestLogEntry } from "../emulator/client";
import { startEmulator } from "../emulator/server";
import { defaultSeed } from "../emulator/seeds/default";
import { DEFAULT_SEED_IDS as IDS } from "../emulator/seeds/default";
import type { ProviderHost } from "../harness/host";
import { serializeProvider } from "../harness/serialize";
import { bareRequestsEnv } from "./cliStacks";
import { mixDifference, requestMix } from "./cliThrottle";
import { datasetArgs, datasetProvider, startConfiguredHost, urnOf } from "./latency";
import { inTurn, median, result, timeMs, type Benchmark, type BenchResult } from "./lib";

const PER_SECOND = 10;
const GOAL_RATIO = 1.05;

/** `pulumi up`'s default `--parallel` on this machine. */
export function engineParallelism(env: NodeJS.ProcessEnv = process.env): number {
    const fromEnv = Number(env.PULUMI_PARALLEL);
    return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 4 * os.availableParallelism();
}

/** Runs `work` over `items` with at most `parallel` at once, as the engine's step executor does. */
async function pool<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    const worker = async (): Promise<void> => {
        while (next < items.length) await work(items[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

interface RunStats {
    wallMs: number;
    failures: string[];
    duplicates: number;
    missing: number;
    log: RequestLogEntry[];
}

/** Counts by key. */
function tally<T>(items: readonly T[], key: (item: T) => string | number): Map<string | number, number> {
    const out = new Map<string | number, number>();
    for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
    return out;
}

/** What the request log says about one run: where the wall time went. */
function analyse(s: RunStats, count: number): { text: string; perDataset: number; floorMs: number; share: number; logins: number } {
    const api = s.log.filter((r) => r.service === "powerbi");
    const ok = api.filter((r) => r.status >= 200 && r.status < 300);
    const login = s.log.filter((r) => r.service === "login");
    const seconds = tally(ok, (r) => Math.floor(Date.parse(r.time) / 1000));
    const keys = [...seconds.keys()].map(Number);
    const span = keys.length > 0 ? Math.max(...keys) - Math.min(...keys) + 1 : 0;
    const full = [...seconds.values()].filter((n) => n >= PER_SECOND).length;
    const floorMs = (ok.length / PER_SECOND) * 1000;
    const share = floorMs / s.wallMs;
    const fmt = (m: Map<string | number, number>): string => [...m].map(([k, n]) => `${k} ${n}`).join(", ");
    const text =
        `${count} datasets, ${(s.wallMs / 1000).toFixed(1)} s: ${ok.length} successful Power BI requests ` +
        `(${fmt(tally(ok, (r) => r.method))}; ${(ok.length / count).toFixed(2)} per dataset), ${api.filter((r) => r.fault === "throttle").length} answered 429; ` +
        `their floor at ${PER_SECOND}/s is ${(floorMs / 1000).toFixed(1)} s, so the client used ${(share * 100).toFixed(0)}% of the budget ` +
        `(${full} of ${span} wall-clock seconds used all ${PER_SECOND}); login requests ${login.length} (${fmt(tally(login, (r) => `${r.method} ${r.path.split("/").pop()}`))}), ` +
        `${login.filter((r) => r.fault === "throttle").length} of them answered 429; failures ${s.failures.length}, duplicates ${s.duplicates}, missing ${s.missing}`;
    return { text, perDataset: ok.length / count, floorMs, share, logins: login.length };
}

/** The bare client's create (the cli-throttle benchmark's): the requests tenantkit's create sends, with plain fetch. */
const BARE_REQUESTS = path.join(__dirname, "programs", "datasets-bare", "requests.js");

/**
 * A dynamic provider that checks nothing and creates through {@link BARE_REQUESTS}, required by path at call time as
 * tenantkit's stub requires its handler: the bare client the host runs under the same throttle.
 */
async function bareDatasetProvider(): Promise<string> {
    const requests = BARE_REQUESTS;
    return serializeProvider({
        async check(_olds: Record<string, unknown>, news: Record<string, unknown>) {
            return { inputs: news };
        },
        async create(inputs: Record<string, unknown>) {
            // eslint-disable-next-line @typescript-eslint/no-require-imports -- required by path at call time, as tenantkit's stub requires its handler
            return (require(requests) as { create(i: Record<string, unknown>): Promise<{ id: string; outs: Record<string, unknown> }> }).create(
                inputs,
            );
        },
    });
}

type Side = "tenantkit" | "bare";

/** Runs the benchmark: one result. */
export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const count = ctx.quick ? 20 : 200;
    const runs = ctx.quick ? 1 : 3;
    const parallel = engineParallelism();
    const ideal = (count / PER_SECOND) * 1000;
    const emu = await startEmulator();
    const stats: Record<Side, RunStats[]> = { tenantkit: [], bare: [] };
    const mixes: Partial<Record<Side, Record<string, number>>> = {};
    try {
        const providers: Record<Side, string> = { tenantkit: await datasetProvider(), bare: await bareDatasetProvider() };
        // The bare create finds the emulator and the app in these, so its serialized provider holds no secret.
        const bareEnv = bareRequestsEnv(emu.url);
        const once = async (side: Side, r: number): Promise<void> => {
            await emu.admin.seed(defaultSeed(new Date()));
            await emu.admin.clearRequests();
            await emu.admin.throttle({ perSecond: PER_SECOND, retryAfter: "1" });
            // A fresh host per run: an `up` starts one, so the token cache and the shared limiter start empty.
            const host: ProviderHost = await startConfiguredHost(emu, side === "bare" ? bareEnv : {});
            const names = Array.from({ length: count }, (_, i) => `Throttle${r}${side === "bare" ? "b" : "t"}x${i}`);
            const failures: string[] = [];
            let wallMs: number;
            try {
                wallMs = await timeMs(() =>
                    pool(names, parallel, async (name) => {
                        try {
                            const c = await host.check({ urn: urnOf(name), news: { __provider: providers[side], ...datasetArgs(name) } });
                            if (c.failures.length > 0) throw new Error(JSON.stringify(c.failures));
                            await host.create({ urn: urnOf(name), properties: c.inputs });
                        } catch (err) {
                            failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
                        }
                    }),
                );
            } finally {
                await host.close();
                await emu.admin.throttle(null);
            }
            const stored = (await emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => names.includes(d.name));
            const perName = new Map<string, number>();
            for (const d of stored) perName.set(d.name, (perName.get(d.name) ?? 0) + 1);
            const log = await emu.admin.requests();
            mixes[side] ??= requestMix(log);
            const s: RunStats = {
                wallMs,
                failures,
                log,
                duplicates: [...perName.values()].reduce((a, n) => a + Math.max(0, n - 1), 0),
                missing: names.filter((n) => !perName.has(n)).length,
            };
            stats[side].push(s);
            ctx.log(`${side} run ${r + 1}/${runs}: ${analyse(s, count).text}`);
            for (const f of failures.slice(0, 3)) ctx.log(`  failure: ${f.slice(0, 300)}`);
        };
        for (let r = 0; r < runs; r++) for (const side of inTurn(r, ["tenantkit", "bare"] as const)) await once(side, r);
    } finally {
        await emu.close();
    }
    const all = [...stats.tenantkit, ...stats.bare];
    const clean = all.every((s) => s.failures.length === 0 && s.duplicates === 0 && s.missing === 0);
    const mismatch = mixDifference(mixes.tenantkit ?? {}, mixes.bare ?? {}, 2);
    const a = analyse(stats.tenantkit[stats.tenantkit.length - 1], count);
    const b = analyse(stats.bare[stats.bare.length - 1], count);
    const per = (side: Side, f: (s: RunStats) => number): string => stats[side].map(f).join("/");
    return [
        result({
            name: `${count} push datasets created under a throttle of ${PER_SECOND} requests/s (parallelism ${parallel}, one host)`,
            unit: "ms",
            values: stats.tenantkit.map((s) => s.wallMs),
            comparison: {
                name: `a bare client (plain fetch, each 429 retried after its Retry-After) sending the same requests under the same throttle, through the same host`,
                values: stats.bare.map((s) => s.wallMs),
            },
            goal: `at most ${GOAL_RATIO}x, zero failures, zero duplicates`,
            met: (_v, _c, ratio) => ratio <= GOAL_RATIO && clean && !mismatch,
            notes:
                `engine default parallelism 4 x ${os.availableParallelism()} CPUs = ${parallel} concurrent check + create calls on each side; ` +
                `emulator throttle ${PER_SECOND}/s per client, Retry-After "1"; ${runs} alternating runs, a fresh seed and host each. ` +
                `Failures ${per("tenantkit", (s) => s.failures.length)} (bare ${per("bare", (s) => s.failures.length)}), duplicates ` +
                `${per("tenantkit", (s) => s.duplicates)} (bare ${per("bare", (s) => s.duplicates)}), missing ${per("tenantkit", (s) => s.missing)} ` +
                `(bare ${per("bare", (s) => s.missing)}) per run. ` +
                (mismatch
                    ? `The bare side's requests differ (${mismatch}), so the comparison is not like for like. `
                    : "The bare side's requests match tenantkit's (by method and service, 429s aside, within 2 one-time requests). ") +
                `Last run, tenantkit: ${a.text}. Bare: ${b.text}. Against the ideal ${count} / ${PER_SECOND} per second = ${(ideal / 1000).toFixed(0)} s: ` +
                `tenantkit ${(median(stats.tenantkit.map((s) => s.wallMs)) / ideal).toFixed(2)}x, bare ${(median(stats.bare.map((s) => s.wallMs)) / ideal).toFixed(2)}x. ` +
                `The bare client (bench/programs/datasets-bare/requests.js) sends 8 at a time and retries each 429 after its own Retry-After, with no ` +
                `shared pause; tenantkit honours Retry-After from each 429's answer with the pause shared by all requests. The token request carries ` +
                `no bearer token, so the emulator counts it by address, apart from the app's budget.`,
        }),
    ];
};
