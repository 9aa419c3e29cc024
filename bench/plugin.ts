/**
 * plugin (issue 28): the provider plugin against the dynamic resources, through the real CLI, alternating runs:
 *  - `pulumi up` of 1,000 new resources (500 localizations, 500 push datasets: the preview benchmark's names and
 *    inputs), a TypeScript program over the plugin's Node.js SDK against the same program over the dynamic
 *    resources (bench/programs/preview); goal at most 1.0x;
 *  - `pulumi preview --expect-no-changes` of those stacks; goal at most 0.9x;
 *  - state bytes per resource (`pulumi stack export`, the tenantkit resources' entries); goal at most 0.6x;
 *  - the plugin's start to its first answer (spawn, the port on stdout, a GetPluginInfo answered) against a bare
 *    `@pulumi/pulumi/provider` plugin that answers at once; goal at most 1.5x.
 * The plugin program runs from a temporary folder whose node_modules links this checkout's @pulumi/pulumi and the
 * SDK packed by `npm run sdk:pack`, so both programs load one SDK of one version.
 */
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as readline from "node:readline";
import { startEmulator } from "../emulator/server";
import { defaultSeed } from "../emulator/seeds/default";
import { CliStack, PLUGIN_DIR, requirePulumi } from "../harness/cli";
import { emulatorStackConfig } from "../harness/emulatorStack";
import { packNodeSdk } from "../scripts/sdkPack";
import { median, result, timeMs, type Benchmark, type BenchResult } from "./lib";

type Side = "plugin" | "dynamic";
const ROOT = path.resolve(__dirname, "..");

/** The plugin program in `dir`: its source, the shared inputs, and node_modules linking the SDK and @pulumi/pulumi. */
function pluginProgram(dir: string): void {
    fs.mkdirSync(path.join(dir, "node_modules", "@pulumi"), { recursive: true });
    fs.writeFileSync(
        path.join(dir, "Pulumi.yaml"),
        "name: previewprog\nruntime:\n  name: nodejs\n  options:\n    typescript: true\nmain: index.ts\n",
    );
    fs.copyFileSync(path.join(__dirname, "programs", "plugin", "index.ts"), path.join(dir, "index.ts"));
    fs.copyFileSync(path.join(__dirname, "programs", "preview", "inputs.ts"), path.join(dir, "inputs.ts"));
    fs.symlinkSync(path.join(ROOT, "node_modules", "@pulumi", "pulumi"), path.join(dir, "node_modules", "@pulumi", "pulumi"));
    const tarball = packNodeSdk(dir);
    const sdk = path.join(dir, "node_modules", "@pulumi-tenantkit", "sdk");
    fs.mkdirSync(sdk, { recursive: true });
    execFileSync("tar", ["xzf", tarball, "-C", sdk, "--strip-components=1"]);
}

/** Bytes of the tenantkit resources' entries in a stack export, per resource. */
async function stateBytesPerResource(stack: CliStack): Promise<number> {
    const { deployment } = await stack.exportState();
    const own = (deployment.resources ?? []).filter((r) => r.type.includes("tenantkit:") && !r.type.startsWith("pulumi:providers:"));
    return own.reduce((n, r) => n + Buffer.byteLength(JSON.stringify(r)), 0) / own.length;
}

/** Spawns a provider plugin and times it to its first answered GetPluginInfo. */
export async function startToFirstAnswer(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
    /* eslint-disable @typescript-eslint/no-require-imports -- the SDK's generated modules have no declarations at these paths */
    const grpc = require("@grpc/grpc-js") as typeof import("@grpc/grpc-js");
    const rpc = require("@pulumi/pulumi/proto/provider_grpc_pb") as typeof import("@pulumi/pulumi/proto/provider_grpc_pb");
    const { Empty } = require("google-protobuf/google/protobuf/empty_pb") as typeof import("google-protobuf/google/protobuf/empty_pb");
    /* eslint-enable @typescript-eslint/no-require-imports */
    const start = performance.now();
    const child = spawn(command, [...args, "127.0.0.1:1"], { stdio: ["ignore", "pipe", "inherit"], env });
    try {
        const port = await new Promise<string>((resolve, reject) => {
            readline.createInterface({ input: child.stdout }).once("line", resolve);
            child.once("exit", (code) => reject(new Error(`${command} exited ${code} before printing its port`)));
        });
        const client = new rpc.ResourceProviderClient(`127.0.0.1:${port.trim()}`, grpc.credentials.createInsecure());
        await new Promise<void>((resolve, reject) => client.getPluginInfo(new Empty(), (err) => (err ? reject(err) : resolve())));
        const ms = performance.now() - start;
        client.close();
        return ms;
    } finally {
        child.kill();
    }
}

export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const binDir = requirePulumi();
    const count = ctx.quick ? 10 : 1_000;
    const runs = ctx.runs ?? (ctx.quick ? 1 : 3);
    const emu = await startEmulator();
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-bench-plugin-"));
    const stacks: CliStack[] = [];
    try {
        const pluginDir = path.join(scratch, "program");
        pluginProgram(pluginDir);
        const stackOf = async (side: Side, i: number) => {
            const s = await CliStack.create(binDir, {
                projectDir: side === "plugin" ? pluginDir : path.join(__dirname, "programs", "preview"),
                stack: `${side}-${i}`,
                config: { ...emulatorStackConfig(emu.url), "previewprog:count": String(count) },
            });
            stacks.push(s);
            if (side === "plugin") await s.installPlugin();
            return s;
        };
        const upMs: Record<Side, number[]> = { plugin: [], dynamic: [] };
        const last: Partial<Record<Side, CliStack>> = {};
        for (let i = 0; i < runs; i++) {
            for (const side of ["plugin", "dynamic"] as const) {
                await emu.admin.seed(defaultSeed(new Date()));
                const s = await stackOf(side, i);
                upMs[side].push(await timeMs(() => s.up()));
                if (i < runs - 1) {
                    await s.dispose();
                    stacks.splice(stacks.indexOf(s), 1);
                } else last[side] = s;
            }
            ctx.log(`up ${i + 1}/${runs}: plugin ${(upMs.plugin[i]! / 1000).toFixed(1)} s, dynamic ${(upMs.dynamic[i]! / 1000).toFixed(1)} s`);
        }
        const previewMs: Record<Side, number[]> = { plugin: [], dynamic: [] };
        for (let i = 0; i < runs; i++) {
            previewMs.plugin.push(await timeMs(() => last.plugin!.expectNoChanges()));
            previewMs.dynamic.push(await timeMs(() => last.dynamic!.expectNoChanges()));
            ctx.log(`preview ${i + 1}/${runs}: plugin ${previewMs.plugin[i]!.toFixed(0)} ms, dynamic ${previewMs.dynamic[i]!.toFixed(0)} ms`);
        }
        const bytes = { plugin: await stateBytesPerResource(last.plugin!), dynamic: await stateBytesPerResource(last.dynamic!) };
        const startRuns = ctx.quick ? 2 : 20;
        const startMs: Record<"plugin" | "bare", number[]> = { plugin: [], bare: [] };
        for (let i = 0; i < startRuns; i++) {
            startMs.plugin.push(await startToFirstAnswer(path.join(PLUGIN_DIR, "pulumi-resource-tenantkit"), []));
            startMs.bare.push(await startToFirstAnswer(process.execPath, [path.join(__dirname, "programs", "bare-plugin", "index.js")]));
        }
        const what = `${count / 2} localizations and ${count / 2} push datasets, the preview benchmark's names and inputs`;
        return [
            result({
                name: `plugin: pulumi up of ${count} new resources`,
                unit: "ms",
                values: upMs.plugin,
                comparison: { name: "the same program over the dynamic resources", values: upMs.dynamic },
                goal: "at most 1.0x",
                met: (_v, _c, ratio) => ratio <= 1.0,
                notes: `${what}; TypeScript over the plugin's Node.js SDK against TypeScript over the dynamic resources, the whole \`pulumi up\` from an empty stack, ${runs} alternating runs, a fresh seed each`,
            }),
            result({
                name: `plugin: pulumi preview of ${count} unchanged resources`,
                unit: "ms",
                values: previewMs.plugin,
                comparison: { name: "the same program over the dynamic resources", values: previewMs.dynamic },
                goal: "at most 0.9x",
                met: (_v, _c, ratio) => ratio <= 0.9,
                notes: `${what}; \`pulumi preview --expect-no-changes --diff\`, ${runs} alternating runs (median ${(median(previewMs.plugin) / count).toFixed(2)} vs ${(median(previewMs.dynamic) / count).toFixed(2)} ms per resource)`,
            }),
            result({
                name: "plugin: state bytes per resource",
                unit: "B",
                values: [bytes.plugin],
                comparison: { name: "the dynamic resources' state of the same stack", values: [bytes.dynamic] },
                goal: "at most 0.6x",
                met: (_v, _c, ratio) => ratio <= 0.6,
                notes: `${what}; each resource's entry in \`pulumi stack export\` (compact JSON), averaged`,
            }),
            result({
                name: "plugin: start to first answer",
                unit: "ms",
                values: startMs.plugin,
                comparison: { name: "a bare @pulumi/pulumi/provider plugin that answers at once", values: startMs.bare },
                goal: "at most 1.5x",
                met: (_v, _c, ratio) => ratio <= 1.5,
                notes: `spawn to a GetPluginInfo answered (the port read from stdout, then one gRPC call), ${startRuns} alternating runs; the plugin as \`npm run build\` bundles it, started by its launcher`,
            }),
        ];
    } finally {
        for (const s of stacks) await s.dispose();
        await emu.close();
        fs.rmSync(scratch, { recursive: true, force: true });
    }
};
