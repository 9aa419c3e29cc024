/**
 * host-start (issues 7 and 26): the handler's own first call, after the host is up. Each side spawns a provider
 * host (node + @pulumi/pulumi, ~1 s that both pay alike and that says nothing of the handler, so it is kept in the
 * notes), then the figure is configure + the first check of a push dataset: for ours, the stub requiring our handler
 * at configure (zod, the handler's modules) and the check's validation; for the bare side, the same stub text
 * requiring a handler that does nothing (bench/programs/bare-handler/handler.js), so only the handler's own work
 * differs. Rotating, after one unrecorded start of each. Goal: at most 10x the bare first call (ours is ~110-200 ms,
 * most of it requiring zod and validating, against ~20 ms; requiring @azure/identity or axios alone costs 110-130 ms
 * more here, so loading either at check misses it), and no HTTP client or @azure/* module loaded by the check.
 *
 * The judged check signs in with a static Power BI token (`tenantkit:powerBiToken`), so it sends nothing: with a
 * client secret the first check also signs in (a token through @azure/identity, DESIGN.md "Handlers"), a request the
 * bare side does not make. That figure is measured too, in the notes.
 *
 * It also records which modules the first call loads: a preload (`NODE_OPTIONS=-r probe.js`) writes the host's
 * `require.cache` keys when sent SIGUSR2: the bare host, ours after the static-token check, ours after a
 * client-secret check (what the sign-in loads), and ours after a first read (what the first request loads).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import type { RunningEmulator } from "../emulator/server";
import { startEmulator } from "../emulator/server";
import { startHost, type ProviderHost } from "../harness/host";
import { serializeProvider } from "../harness/serialize";
import { secret, type PropertyMap, type StackConfig } from "../harness/wire";
import { appToken, emulatorStackConfig } from "../harness/emulatorStack";
import { datasetArgs, datasetProvider, PROJECT, REPO_ROOT, urnOf } from "./latency";
import { inTurn, median, result, timeMs, type Benchmark, type BenchResult } from "./lib";

/** What a check may not load: only a request (the HTTP client) or a sign-in (@azure/identity) may. */
const HEAVY = /^(@azure\/|axios$)/;

/** The judged first call's ratio to the bare handler's. */
const GOAL_RATIO = 10;

/** The do-nothing handler the bare side's stub requires at configure. */
export const BARE_HANDLER = path.join(__dirname, "programs", "bare-handler", "handler.js");

/** The bare side's `__provider`: our stub's text (core/program/stub.ts), requiring the do-nothing handler instead of ours. */
export async function bareHandlerProvider(): Promise<string> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the compiled stub, as datasetProvider takes ours
    const { handlerStub } = require(path.join(REPO_ROOT, "bin", "core", "program", "stub")) as {
        handlerStub(m: string): pulumi.dynamic.ResourceProvider;
    };
    return serializeProvider(handlerStub(BARE_HANDLER));
}

// Written under another name and renamed into place: the reader waits for the name to exist, and must never see the
// file before it is whole.
const PROBE = `const fs = require("node:fs");
process.on("SIGUSR2", () => {
    const out = process.env.TK_PROBE_OUT;
    fs.writeFileSync(out + ".part", JSON.stringify(Object.keys(require.cache)));
    fs.renameSync(out + ".part", out);
});
`;

interface Phases {
    total: number;
    spawn: number;
    configure: number;
    call: number;
}

/** Starts a host, configures it and makes the first call; the host is left running (a module snapshot, then close). */
async function firstCall(
    config: StackConfig,
    call: (h: ProviderHost) => Promise<unknown>,
    env?: Record<string, string>,
): Promise<{ phases: Phases; host: ProviderHost }> {
    let host: ProviderHost | undefined;
    const phases: Phases = { total: 0, spawn: 0, configure: 0, call: 0 };
    phases.total = await timeMs(async () => {
        phases.spawn = await timeMs(async () => (host = await startHost({ cwd: REPO_ROOT, project: PROJECT, env })));
        phases.configure = await timeMs(() => host!.configure(config));
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
    config: StackConfig,
    call: (h: ProviderHost) => Promise<unknown>,
): Promise<{ packages: Map<string, number>; phases: Phases }> {
    const out = path.join(dir, `modules-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
    const probe = path.join(dir, "probe.js");
    const env = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} -r "${probe}"`.trim(), TK_PROBE_OUT: out };
    const { host, phases } = await firstCall(config, call, env);
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

type Side = "ours" | "bare" | "oursSignIn";

/** Runs the benchmark: one result. */
export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const runs = ctx.quick ? 1 : 9;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-hoststart-"));
    fs.writeFileSync(path.join(dir, "probe.js"), PROBE);
    const emu: RunningEmulator = await startEmulator();
    try {
        const withSecret = emulatorStackConfig(emu.url);
        // A static token: the check's sign-in needs no request, so the judged call is the handler's own work.
        const withToken: StackConfig = {
            ...withSecret,
            "tenantkit:powerBiToken": secret(await appToken(emu.url, { scope: "https://analysis.windows.net/powerbi/api/.default" })),
        };
        const ours = checkWith(await datasetProvider());
        const bare = checkWith(await bareHandlerProvider());
        const sides: Record<Side, { config: StackConfig; call: (h: ProviderHost) => Promise<void> }> = {
            ours: { config: withToken, call: ours },
            bare: { config: withToken, call: bare },
            oursSignIn: { config: withSecret, call: ours },
        };
        const series: Record<Side, Phases[]> = { ours: [], bare: [], oursSignIn: [] };
        const once = async (side: Side, record: boolean): Promise<void> => {
            const { phases, host } = await firstCall(sides[side].config, sides[side].call);
            await host.close();
            if (record) series[side].push(phases);
        };
        const order: Side[] = ["ours", "bare", "oursSignIn"];
        if (!ctx.quick) for (const side of order) await once(side, false);
        // Rotating which goes first, so none always meets a warmer page cache or a busier machine.
        for (let i = 0; i < runs; i++) for (const side of inTurn(i, order)) await once(side, true);
        const own = (p: Phases): number => p.configure + p.call;
        const med = (side: Side, k: keyof Phases): string => median(series[side].map((p) => p[k])).toFixed(0);
        const medOwn = (side: Side): string => median(series[side].map(own)).toFixed(0);
        for (const side of order) {
            ctx.log(`${side}: spawn-to-ready ${med(side, "spawn")} ms, configure ${med(side, "configure")} ms, check ${med(side, "call")} ms`);
        }

        // Module snapshots: bare after check, ours after check (static token, then client secret), ours after a read.
        const seeded = await startHost({ cwd: REPO_ROOT, project: PROJECT });
        let state: PropertyMap;
        let id: string;
        try {
            await seeded.configure(withSecret);
            const c = await seeded.check({
                urn: urnOf("HostStartRead"),
                news: { __provider: await datasetProvider(), ...datasetArgs("HostStartRead") },
            });
            ({ id, outs: state } = await seeded.create({ urn: urnOf("HostStartRead"), properties: c.inputs }));
        } finally {
            await seeded.close();
        }
        const read = (h: ProviderHost): Promise<unknown> => h.read({ urn: urnOf("HostStartRead"), id, state });
        const bareMods = (await loadedPackages(dir, withToken, bare)).packages;
        const checkMods = (await loadedPackages(dir, withToken, ours)).packages;
        const signInMods = (await loadedPackages(dir, withSecret, ours)).packages;
        const { packages: readMods, phases: readPhases } = await loadedPackages(dir, withSecret, read);
        const byCheck = extra(checkMods, bareMods);
        const heavyAtCheck = byCheck.filter(([p]) => HEAVY.test(p));
        const bySignIn = extra(signInMods, checkMods);
        const byRead = extra(readMods, signInMods);
        ctx.log(`first check loads beyond the bare handler: ${list(byCheck)}`);
        ctx.log(`a first check that signs in with a client secret loads beyond that: ${list(bySignIn)}`);
        ctx.log(`a first read loads beyond that: ${list(byRead)}`);
        const total = (m: Map<string, number>): number => [...m.values()].reduce((a, b) => a + b, 0);
        const [identityMs, axiosMs, zodMs] = ["@azure/identity", "axios", "zod"].map((m) => requireMs(m, ctx.quick ? 1 : 3));
        return [
            result({
                name: "the handler's first call in a started provider host (configure + check of a push dataset), our handler",
                unit: "ms",
                values: series.ours.map(own),
                comparison: {
                    name: "a handler that does nothing, required by the same stub in the same host, same config and call",
                    values: series.bare.map(own),
                },
                goal: `at most ${GOAL_RATIO}x, and no HTTP client or @azure/* module loaded by a check`,
                met: (_v, _c, ratio) => ratio <= GOAL_RATIO && heavyAtCheck.length === 0,
                notes:
                    `medians, ours vs bare: configure ${med("ours", "configure")} vs ${med("bare", "configure")} ms (the stub requires the handler: ` +
                    `zod and tenantkit's modules for ours), first check ${med("ours", "call")} vs ${med("bare", "call")} ms (zod validation). Both sign in with ` +
                    `a static Power BI token (tenantkit:powerBiToken), so the check sends nothing. Before it, spawn to gRPC ready (node + @pulumi/pulumi, ` +
                    `paid alike) ${med("ours", "spawn")} vs ${med("bare", "spawn")} ms; spawn to first completed call ${med("ours", "total")} vs ` +
                    `${med("bare", "total")} ms. With the client secret instead, the first check also signs in (DESIGN.md, Handlers: a token through ` +
                    `@azure/identity, the emulator's CA, its OpenID configuration and token endpoint): configure + check ${medOwn("oursSignIn")} ms ` +
                    `(check ${med("oursSignIn", "call")} ms). Module files after the first check: ${total(checkMods)} vs ${total(bareMods)}; loaded for ` +
                    `ours beyond the bare handler: ${list(byCheck)}; of them HTTP client or @azure/*: ${list(heavyAtCheck)}. A client-secret sign-in ` +
                    `loads beyond that: ${list(bySignIn)}. A first read (sign-in, then 2 requests) took ${readPhases.call.toFixed(0)} ms after configure ` +
                    `(one run) and loads beyond the sign-in: ${list(byRead)}. Requiring alone, after @pulumi/pulumi's runtime: @azure/identity ` +
                    `${identityMs.toFixed(0)} ms, axios ${axiosMs.toFixed(0)} ms, zod ${zodMs.toFixed(0)} ms. ${runs} runs of each, rotating.`,
            }),
        ];
    } finally {
        await emu.close();
        fs.rmSync(dir, { recursive: true, force: true });
    }
};
