/**
 * host-start (issue 7): from spawning the provider host to the first completed call (configure + check of a push
 * dataset), with our handlers, against a bare dynamic provider that does nothing, started and called the same way
 * in the same run (alternating, after one unrecorded start of each). Goal: at most 1.5x.
 *
 * It also records which modules the first call loads: a preload (`NODE_OPTIONS=-r probe.js`) writes the host's
 * `require.cache` keys when sent SIGUSR2. Heavy modules such as `@azure/identity` must load only when a token is
 * needed, so the snapshot after configure + check must hold none, and the one after a first read shows what a
 * token costs.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "../emulator/server";
import { startEmulator } from "../emulator/server";
import { startHost, type ProviderHost } from "../harness/host";
import { serializeProvider } from "../harness/serialize";
import type { PropertyMap } from "../harness/wire";
import { emulatorStackConfig } from "../harness/emulatorStack";
import { bareProvider, datasetArgs, datasetProvider, PROJECT, REPO_ROOT, startConfiguredHost, urnOf } from "./latency";
import { median, result, timeMs, type Benchmark, type BenchResult } from "./lib";

/** Packages whose loading the issue calls heavy: only a token request may load them. */
const HEAVY = /^@azure\//;

const PROBE = `const fs = require("node:fs");
process.on("SIGUSR2", () => fs.writeFileSync(process.env.TK_PROBE_OUT, JSON.stringify(Object.keys(require.cache))));
`;

interface Phases {
    total: number;
    spawn: number;
    configure: number;
    call: number;
}

/** Starts a host, configures it and makes the first call; optionally leaves it running for a module snapshot. */
async function firstCall(
    emu: RunningEmulator,
    call: (h: ProviderHost) => Promise<unknown>,
    env?: Record<string, string>,
): Promise<{ phases: Phases; host: ProviderHost }> {
    let host: ProviderHost | undefined;
    const phases: Phases = { total: 0, spawn: 0, configure: 0, call: 0 };
    phases.total = await timeMs(async () => {
        phases.spawn = await timeMs(async () => (host = await startHost({ cwd: REPO_ROOT, project: PROJECT, env })));
        phases.configure = await timeMs(() => host!.configure(emulatorStackConfig(emu.url)));
        phases.call = await timeMs(() => call(host!));
    });
    return { phases, host: host! };
}

const checkWith =
    (provider: string) =>
    async (h: ProviderHost): Promise<void> => {
        const c = await h.check({ urn: urnOf("HostStart"), news: { __provider: provider, ...datasetArgs("HostStart") } });
        if (c.failures.length > 0) throw new Error(`check failed: ${JSON.stringify(c.failures)}`);
    };

/** The host's loaded module files, by package (`pulumi-tenantkit` for this repository's bin/). */
async function loadedPackages(
    dir: string,
    emu: RunningEmulator,
    call: (h: ProviderHost) => Promise<unknown>,
): Promise<{ packages: Map<string, number>; phases: Phases }> {
    const out = path.join(dir, `modules-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
    const probe = path.join(dir, "probe.js");
    const env = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} -r "${probe}"`.trim(), TK_PROBE_OUT: out };
    const { host, phases } = await firstCall(emu, call, env);
    try {
        process.kill(host.pid!, "SIGUSR2");
        for (let i = 0; i < 100 && !fs.existsSync(out); i++) await new Promise((r) => setTimeout(r, 50));
        const files = JSON.parse(fs.readFileSync(out, "utf8")) as string[];
        const byPackage = new Map<string, number>();
        for (const f of files) {
            const nm = f.lastIndexOf("node_modules/");
            const pkg =
                nm >= 0
                    ? f
                          .slice(nm + 13)
                          .split("/")
                          .slice(0, f.slice(nm + 13).startsWith("@") ? 2 : 1)
                          .join("/")
                    : f.startsWith(REPO_ROOT)
                      ? "pulumi-tenantkit"
                      : f;
            byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + 1);
        }
        return { packages: byPackage, phases };
    } finally {
        await host.close();
    }
}

/** Median ms to require `module` in a fresh node (after @pulumi/pulumi's runtime, as in the host). */
function requireMs(module: string, runs: number): number {
    const script =
        `require("@pulumi/pulumi/runtime"); const t = process.hrtime.bigint(); require(${JSON.stringify(module)}); ` +
        `process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6));`;
    return median(Array.from({ length: runs }, () => Number(execFileSync(process.execPath, ["-e", script], { cwd: REPO_ROOT, encoding: "utf8" }))));
}

/** What `after` loaded beyond `before`: "axios 73, zod 95" (package and module files). */
function extra(after: Map<string, number>, before: Map<string, number>): [string, number][] {
    return [...after]
        .map(([p, n]): [string, number] => [p, n - (before.get(p) ?? 0)])
        .filter(([, n]) => n > 0)
        .sort((a, b) => b[1] - a[1]);
}
const list = (e: [string, number][]): string => e.map(([p, n]) => `${p} ${n}`).join(", ") || "nothing";

/** Runs the benchmark: one result. */
export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const runs = ctx.quick ? 1 : 9;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-hoststart-"));
    fs.writeFileSync(path.join(dir, "probe.js"), PROBE);
    const emu = await startEmulator();
    try {
        const ours = checkWith(await datasetProvider());
        const bare = checkWith(await serializeProvider(bareProvider));
        const series = { ours: [] as Phases[], bare: [] as Phases[] };
        const once = async (which: "ours" | "bare", record: boolean): Promise<void> => {
            const { phases, host } = await firstCall(emu, which === "ours" ? ours : bare);
            await host.close();
            if (record) series[which].push(phases);
        };
        if (!ctx.quick) for (const which of ["ours", "bare"] as const) await once(which, false);
        // Alternating which goes first, so neither always meets a warmer page cache or a busier machine.
        for (let i = 0; i < runs; i++) {
            for (const which of i % 2 === 0 ? (["ours", "bare"] as const) : (["bare", "ours"] as const)) await once(which, true);
        }
        const med = (which: "ours" | "bare", k: keyof Phases): string => median(series[which].map((p) => p[k])).toFixed(0);
        ctx.log(`ours: spawn-to-ready ${med("ours", "spawn")} ms, configure ${med("ours", "configure")} ms, check ${med("ours", "call")} ms`);
        ctx.log(`bare: spawn-to-ready ${med("bare", "spawn")} ms, configure ${med("bare", "configure")} ms, check ${med("bare", "call")} ms`);

        // Module snapshots: bare after check, ours after check, ours after a first read (a token is needed).
        const seeded = await startConfiguredHost(emu);
        let state: PropertyMap;
        let id: string;
        try {
            const c = await seeded.check({
                urn: urnOf("HostStartRead"),
                news: { __provider: await datasetProvider(), ...datasetArgs("HostStartRead") },
            });
            ({ id, outs: state } = await seeded.create({ urn: urnOf("HostStartRead"), properties: c.inputs }));
        } finally {
            await seeded.close();
        }
        const read = (h: ProviderHost): Promise<unknown> => h.read({ urn: urnOf("HostStartRead"), id, state });
        const bareMods = (await loadedPackages(dir, emu, bare)).packages;
        const checkMods = (await loadedPackages(dir, emu, ours)).packages;
        const { packages: readMods, phases: readPhases } = await loadedPackages(dir, emu, read);
        const byCheck = extra(checkMods, bareMods);
        const heavyAtCheck = byCheck.filter(([p]) => HEAVY.test(p));
        const byRead = extra(readMods, checkMods);
        ctx.log(`first check loads beyond the bare host: ${list(byCheck)}`);
        ctx.log(`a first read loads beyond that: ${list(byRead)}`);
        const total = (m: Map<string, number>): number => [...m.values()].reduce((a, b) => a + b, 0);
        const axiosFiles = byCheck.filter(([p]) => p !== "zod" && p !== "pulumi-tenantkit").reduce((a, [, n]) => a + n, 0);
        const [axiosMs, zodMs] = ["axios", "zod"].map((m) => requireMs(m, ctx.quick ? 1 : 3));
        return [
            result({
                name: "provider host start to first completed call (configure + check), our handlers",
                unit: "ms",
                values: series.ours.map((p) => p.total),
                comparison: {
                    name: "a bare dynamic provider that does nothing, started and called the same way",
                    values: series.bare.map((p) => p.total),
                },
                goal: "at most 1.5x (heavy modules such as @azure/identity only when needed)",
                met: (_v, _c, ratio) => ratio <= 1.5 && heavyAtCheck.length === 0,
                notes:
                    `medians, ours vs bare: spawn to gRPC ready ${med("ours", "spawn")} vs ${med("bare", "spawn")} ms (node + @pulumi/pulumi), ` +
                    `configure ${med("ours", "configure")} vs ${med("bare", "configure")} ms, first check ${med("ours", "call")} vs ${med("bare", "call")} ms ` +
                    `(deserializing the stub, requiring the handler, zod validation). Module files after the first check: ${total(checkMods)} vs ` +
                    `${total(bareMods)}; loaded for ours beyond the bare host: ${list(byCheck)}. Heavy (@azure/*) at check: ${list(heavyAtCheck)}. ` +
                    `Loaded needlessly: axios and its dependencies (${axiosFiles} files, ${axiosMs.toFixed(0)} ms to require vs zod's ${zodMs.toFixed(0)} ms), ` +
                    `though a check sends no request: core/handler.ts imports session.ts, which imports http.ts, which imports axios at load. ` +
                    `A first call that is a read (token through @azure/identity, then 2 requests) took ${readPhases.call.toFixed(0)} ms after configure ` +
                    `(one run) and loads beyond that: ${list(byRead)}. ${runs} runs each, alternating.`,
            }),
        ];
    } finally {
        await emu.close();
        fs.rmSync(dir, { recursive: true, force: true });
    }
};
