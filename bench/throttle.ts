/**
 * throttle (issue 7): 200 push datasets created through ONE provider host with the engine's default parallelism
 * (concurrent check + create calls, as the engine drives one host per provider), while the emulator throttles at
 * 10 requests per second per client with 429 and Retry-After. Figure: wall time from the first check to the last
 * create; comparison: the ideal 200 / 10 s (a constant); goal at most 1.15x, zero failures, zero duplicates
 * (datasets counted by name in the emulator afterwards).
 *
 * The engine's default parallelism is 4 x GOMAXPROCS, i.e. 4 x the CPUs (pulumi/pulumi
 * `pkg/cmd/pulumi/operations/up.go` `defaultParallel`, issue pulumi/pulumi#14989), or PULUMI_PARALLEL when set.
 * The emulator counts per client (the token's app id; throttle.ts `callerKey`); the token request carries no token,
 * so it is counted apart (by address) and never spends the app's budget.
 */
import * as os from "node:os";
import type { RequestLogEntry } from "../emulator/client";
import { startEmulator } from "../emulator/server";
import { defaultSeed } from "../emulator/seeds/default";
import { DEFAULT_SEED_IDS as IDS } from "../emulator/seeds/default";
import type { ProviderHost } from "../harness/host";
import { datasetArgs, datasetProvider, startConfiguredHost, urnOf } from "./latency";
import { result, timeMs, type Benchmark, type BenchResult } from "./lib";

const PER_SECOND = 10;

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

/** Runs the benchmark: one result. */
export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const count = ctx.quick ? 20 : 200;
    const runs = ctx.quick ? 1 : 3;
    const parallel = engineParallelism();
    const ideal = (count / PER_SECOND) * 1000;
    const emu = await startEmulator();
    const stats: RunStats[] = [];
    try {
        const provider = await datasetProvider();
        for (let r = 0; r < runs; r++) {
            await emu.admin.seed(defaultSeed(new Date()));
            await emu.admin.clearRequests();
            await emu.admin.throttle({ perSecond: PER_SECOND, retryAfter: "1" });
            // A fresh host per run: an `up` starts one, so the token cache and the shared limiter start empty.
            const host: ProviderHost = await startConfiguredHost(emu);
            const names = Array.from({ length: count }, (_, i) => `Throttle${r}x${i}`);
            const failures: string[] = [];
            let wallMs: number;
            try {
                wallMs = await timeMs(() =>
                    pool(names, parallel, async (name) => {
                        try {
                            const c = await host.check({ urn: urnOf(name), news: { __provider: provider, ...datasetArgs(name) } });
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
            const s: RunStats = {
                wallMs,
                failures,
                log: await emu.admin.requests(),
                duplicates: [...perName.values()].reduce((a, n) => a + Math.max(0, n - 1), 0),
                missing: names.filter((n) => !perName.has(n)).length,
            };
            stats.push(s);
            ctx.log(`run ${r + 1}/${runs}: ${analyse(s, count).text}`);
            for (const f of failures.slice(0, 3)) ctx.log(`  failure: ${f.slice(0, 300)}`);
        }
    } finally {
        await emu.close();
    }
    const clean = stats.every((s) => s.failures.length === 0 && s.duplicates === 0 && s.missing === 0);
    const a = analyse(stats[stats.length - 1], count);
    return [
        result({
            name: `${count} push datasets created under a throttle of ${PER_SECOND} requests/s (parallelism ${parallel}, one host)`,
            unit: "ms",
            values: stats.map((s) => s.wallMs),
            comparison: { name: `the ideal ${count} / ${PER_SECOND} per second`, values: [ideal] },
            goal: "at most 1.15x, zero failures, zero duplicates",
            met: (_v, _c, ratio) => ratio <= 1.15 && clean,
            notes:
                `engine default parallelism 4 x ${os.availableParallelism()} CPUs = ${parallel}; emulator throttle ${PER_SECOND}/s per client, Retry-After "1". ` +
                `Failures ${stats.map((s) => s.failures.length).join("/")}, duplicates ${stats.map((s) => s.duplicates).join("/")}, missing ` +
                `${stats.map((s) => s.missing).join("/")} per run. Last run: ${a.text}. ` +
                `Cause of the ratio: ${a.perDataset.toFixed(2)} successful requests per dataset (the methods above), so the floor at ` +
                `${PER_SECOND}/s is ${(a.floorMs / 1000).toFixed(1)} s = ${(a.floorMs / ideal).toFixed(2)}x the ideal, and the client used ` +
                `${(a.share * 100).toFixed(0)}% of the budget (Retry-After "1" honoured from each 429's answer, the pause shared by all requests). ` +
                `The token request carries no bearer token, so the emulator counts it by address, apart from the app's budget; ` +
                `${a.logins} login request(s): calls that miss the token cache together share one (provider/core/auth/credentials.ts).`,
        }),
    ];
};
