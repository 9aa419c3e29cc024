/**
 * plugin-cost (issue 39): the provider plugin's own cost, judged against a bare plugin serving the same schema
 * (bench/programs/bare-plugin, bundled and launched alike by bench/barePlugin.ts: the same resource tokens and
 * properties, Check returning the inputs, Diff saying nothing changed, Create and Read echoing the properties), through
 * the same SDK and the same programs, so that the program's side (the Node.js SDK registering every output a resource
 * declares, which the TypeScript preview is mostly made of) is alike on both sides and the ratio is the plugin's:
 *  - a TypeScript program over the plugin's Node.js SDK (bench/programs/plugin) and the same resources in YAML
 *    (bench/yamlProgram.ts), 1,000 resources (the preview benchmark's names and inputs);
 *  - for each, `pulumi up` of 1,000 new resources and `pulumi preview --expect-no-changes` of 1,000 unchanged ones;
 *    goal at most 1.1x each. Each stack installs its plugin into its own plugin cache as `tenantkit` of this version.
 * The plugin's up sends its requests to the emulator, the bare one sends none: the up's ratio includes them.
 * `BENCH_PLUGIN_COST_COUNT=N` runs N resources instead, to compare changes in minutes; the goal is stated for 1,000.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../emulator/server";
import { defaultSeed } from "../emulator/seeds/default";
import { CliStack, requirePulumi, TENANTKIT_VERSION } from "../harness/cli";
import { emulatorStackConfig } from "../harness/emulatorStack";
import { barePluginDir } from "./barePlugin";
import { benchStack } from "./cliStacks";
import { inTurn, median, result, timeMs, type Benchmark, type BenchResult } from "./lib";
import { tsPluginProgram } from "./plugin";
import { yamlPluginProgram } from "./yamlProgram";

type Plugin = "tenantkit" | "bare";
type Language = "TypeScript" | "YAML";
const GOAL_RATIO = 1.1;

export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const binDir = requirePulumi();
    const count = Number(process.env.BENCH_PLUGIN_COST_COUNT ?? (ctx.quick ? 4 : 1_000));
    if (!(Number.isInteger(count) && count >= 2 && count <= 1_000))
        throw new RangeError(`BENCH_PLUGIN_COST_COUNT ${count}: a whole number from 2 to 1000`);
    const runs = ctx.runs ?? (ctx.quick ? 1 : 3);
    const emu = await startEmulator();
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-bench-plugin-cost-"));
    const stacks: CliStack[] = [];
    const results: BenchResult[] = [];
    try {
        const projects: Record<Language, string> = { TypeScript: tsPluginProgram(), YAML: yamlPluginProgram(path.join(scratch, "yaml"), count) };
        const bare = await barePluginDir();
        const stackOf = async (language: Language, plugin: Plugin, i: number): Promise<CliStack> => {
            const s = await benchStack(
                binDir,
                {
                    projectDir: projects[language],
                    stack: `${language.toLowerCase()}-${plugin}-${i}`,
                    config: { ...emulatorStackConfig(emu.url), ...(language === "YAML" ? {} : { "previewprog:count": String(count) }) },
                },
                ctx.quick,
            );
            stacks.push(s);
            if (plugin === "tenantkit") await s.installPlugin();
            else await s.ok(["plugin", "install", "resource", "tenantkit", TENANTKIT_VERSION, "--file", bare], { noStack: true });
            return s;
        };
        for (const language of ["TypeScript", "YAML"] as const) {
            const upMs: Record<Plugin, number[]> = { tenantkit: [], bare: [] };
            const last: Partial<Record<Plugin, CliStack>> = {};
            for (let i = 0; i < runs; i++) {
                for (const plugin of inTurn(i, ["tenantkit", "bare"] as const)) {
                    // A fresh seed for tenantkit's up (the bare plugin sends nothing), kept until its preview, which reads
                    // each localization to compare it with what tenantkit wrote.
                    if (plugin === "tenantkit") await emu.admin.seed(defaultSeed(new Date()));
                    const s = await stackOf(language, plugin, i);
                    upMs[plugin].push(await timeMs(() => s.up()));
                    if (i < runs - 1) {
                        await s.dispose();
                        stacks.splice(stacks.indexOf(s), 1);
                    } else last[plugin] = s;
                }
                ctx.log(
                    `${language} up ${i + 1}/${runs}: tenantkit ${(upMs.tenantkit[i]! / 1000).toFixed(1)} s, bare ${(upMs.bare[i]! / 1000).toFixed(1)} s`,
                );
            }
            const previewMs: Record<Plugin, number[]> = { tenantkit: [], bare: [] };
            for (let i = 0; i < runs; i++) {
                for (const plugin of inTurn(i, ["tenantkit", "bare"] as const))
                    previewMs[plugin].push(await timeMs(() => last[plugin]!.expectNoChanges()));
                ctx.log(
                    `${language} preview ${i + 1}/${runs}: tenantkit ${previewMs.tenantkit[i]!.toFixed(0)} ms, bare ${previewMs.bare[i]!.toFixed(0)} ms`,
                );
            }
            const what =
                `${Math.floor(count / 2)} localizations and ${count - Math.floor(count / 2)} push datasets (the preview benchmark's names and inputs), ` +
                `${language === "YAML" ? "a Pulumi YAML program" : "a TypeScript program over the plugin's Node.js SDK"} run unchanged on both sides; ` +
                `${runs} alternating runs`;
            const perResource = (ms: Record<Plugin, number[]>): string =>
                `median ${(median(ms.tenantkit) / count).toFixed(2)} vs ${(median(ms.bare) / count).toFixed(2)} ms per resource`;
            for (const [op, ms, detail] of [
                ["up", upMs, "the whole `pulumi up` from an empty stack, a fresh seed each; tenantkit's plugin sends its requests to the emulator"],
                [
                    "preview",
                    previewMs,
                    "`pulumi preview --expect-no-changes --diff` of the stack that up made; tenantkit's diff reads each localization (drift), the bare plugin sends nothing",
                ],
            ] as const) {
                results.push(
                    result({
                        name: `plugin-cost: ${language} ${op === "up" ? `up of ${count} new` : `preview of ${count} unchanged`} resources`,
                        unit: "ms",
                        values: ms.tenantkit,
                        comparison: { name: "a bare plugin serving the same schema, through the same SDK and program", values: ms.bare },
                        goal: `at most ${GOAL_RATIO}x`,
                        met: (_v, _c, ratio) => ratio <= GOAL_RATIO,
                        notes: `${what}; ${detail} (${perResource(ms)})`,
                    }),
                );
            }
            for (const s of Object.values(last)) {
                await s.dispose();
                stacks.splice(stacks.indexOf(s), 1);
            }
        }
        return results;
    } finally {
        for (const s of stacks) await s.dispose();
        await emu.close();
        fs.rmSync(scratch, { recursive: true, force: true });
    }
};
