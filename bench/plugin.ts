/**
 * plugin (issue 28): the provider plugin against the dynamic resources, through the real CLI, alternating runs:
 *  - `pulumi up` of 1,000 new resources (500 localizations, 500 push datasets: the preview benchmark's names and
 *    inputs), a TypeScript program over the plugin's Node.js SDK against the same program over the dynamic
 *    resources (bench/programs/preview); goal at most 1.0x;
 *  - `pulumi preview --expect-no-changes` of those stacks; goal at most 0.9x;
 *  - state bytes per resource (`pulumi stack export`, the tenantkit resources' entries); goal at most 0.6x;
 *  - the plugin's start to its first answer (spawn, the port on stdout, a GetPluginInfo answered) against a bare plugin
 *    bundled by the same ncc step and started by the same launcher (bench/barePlugin.ts); goal at most 1.5x.
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
import { barePluginLauncher } from "./barePlugin";
import { yamlPluginProgram } from "./yamlProgram";
import { benchStack } from "./cliStacks";
import { inTurn, median, result, timeMs, type Benchmark, type BenchResult } from "./lib";

type Side = "plugin" | "dynamic";
/** The sides of the preview: beside the two programs, the same resources in YAML over the plugin. */
type PreviewSide = Side | "yaml";
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

let tsProgram: string | undefined;

/**
 * The TypeScript program over the plugin's Node.js SDK, made once per process (packing the SDK compiles it) in a
 * temporary folder removed at exit: every stack of it keeps its state in its own work folder, so stacks share it.
 */
export function tsPluginProgram(): string {
    if (tsProgram === undefined) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-bench-plugin-"));
        process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
        pluginProgram(path.join(dir, "program"));
        tsProgram = path.join(dir, "program");
    }
    return tsProgram;
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
        const projects: Record<PreviewSide, string> = {
            plugin: tsPluginProgram(),
            dynamic: path.join(__dirname, "programs", "preview"),
            yaml: yamlPluginProgram(path.join(scratch, "yaml"), count),
        };
        const stackOf = async (side: PreviewSide, i: number) => {
            const s = await benchStack(
                binDir,
                {
                    projectDir: projects[side],
                    stack: `${side}-${i}`,
                    config: { ...emulatorStackConfig(emu.url), ...(side === "yaml" ? {} : { "previewprog:count": String(count) }) },
                },
                ctx.quick,
            );
            stacks.push(s);
            if (side !== "dynamic") await s.installPlugin();
            return s;
        };
        const upMs: Record<Side, number[]> = { plugin: [], dynamic: [] };
        const last: Partial<Record<PreviewSide, CliStack>> = {};
        for (let i = 0; i < runs; i++) {
            for (const side of inTurn(i, ["plugin", "dynamic"] as const)) {
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
        // The YAML stack's up is not a figure here (plugin-cost judges it); it makes the stack the YAML previews need.
        await emu.admin.seed(defaultSeed(new Date()));
        last.yaml = await stackOf("yaml", 0);
        const yamlUpMs = await timeMs(() => last.yaml!.up());
        const previewMs: Record<PreviewSide, number[]> = { plugin: [], dynamic: [], yaml: [] };
        for (let i = 0; i < runs; i++) {
            for (const side of inTurn(i, ["plugin", "dynamic", "yaml"] as const))
                previewMs[side].push(await timeMs(() => last[side]!.expectNoChanges()));
            ctx.log(
                `preview ${i + 1}/${runs}: plugin ${previewMs.plugin[i]!.toFixed(0)} ms, dynamic ${previewMs.dynamic[i]!.toFixed(0)} ms, ` +
                    `YAML ${previewMs.yaml[i]!.toFixed(0)} ms`,
            );
        }
        const bytes = { plugin: await stateBytesPerResource(last.plugin!), dynamic: await stateBytesPerResource(last.dynamic!) };
        const startRuns = ctx.quick ? 2 : 20;
        const launchers = { plugin: path.join(PLUGIN_DIR, "pulumi-resource-tenantkit"), bare: await barePluginLauncher() };
        const startMs: Record<"plugin" | "bare", number[]> = { plugin: [], bare: [] };
        for (let i = 0; i < startRuns; i++) {
            for (const side of inTurn(i, ["plugin", "bare"] as const)) startMs[side].push(await startToFirstAnswer(launchers[side], []));
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
                notes: `${what}; \`pulumi preview --expect-no-changes --diff\`, ${runs} runs rotating with the YAML one (median ${(median(previewMs.plugin) / count).toFixed(2)} vs ${(median(previewMs.dynamic) / count).toFixed(2)} ms per resource)`,
            }),
            result({
                name: `plugin: YAML preview of ${count} unchanged resources`,
                unit: "ms",
                values: previewMs.yaml,
                comparison: { name: "the same resources' TypeScript program over the dynamic resources", values: previewMs.dynamic },
                goal: "at most 0.9x",
                met: (_v, _c, ratio) => ratio <= 0.9,
                notes:
                    `${what}; a Pulumi YAML program of the same resources over the plugin (bench/yamlProgram.ts), beside the TypeScript one: ` +
                    `\`pulumi preview --expect-no-changes --diff\`, ${runs} runs rotating the three programs (median ${(median(previewMs.yaml) / count).toFixed(2)} ms per ` +
                    `resource; the TypeScript program over the plugin ${(median(previewMs.plugin) / count).toFixed(2)}). YAML registers no output property in a ` +
                    `program process, which the Node.js SDK does for every output a resource declares. The YAML stack's up took ${(yamlUpMs / 1000).toFixed(1)} s (one run)`,
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
                comparison: { name: "a bare plugin bundled and launched alike, serving the same schema, that answers at once", values: startMs.bare },
                goal: "at most 1.5x",
                met: (_v, _c, ratio) => ratio <= 1.5,
                notes:
                    `spawn to a GetPluginInfo answered (the port read from stdout, then one gRPC call), ${startRuns} alternating runs; ` +
                    `the plugin as \`npm run build\` bundles it, started by its launcher; the bare plugin (bench/programs/bare-plugin: @grpc/grpc-js ` +
                    `and the SDK's generated modules, as tenantkit's server, requiring the same package.json and schema.json) bundled by the same ncc ` +
                    `step and started by the same launcher (bench/barePlugin.ts)`,
            }),
        ];
    } finally {
        for (const s of stacks) await s.dispose();
        await emu.close();
        fs.rmSync(scratch, { recursive: true, force: true });
    }
};
