/**
 * cli-preview: `pulumi preview` through the real Pulumi CLI of 1,000 unchanged tenantkit resources (500 localizations,
 * 500 datasets) against the same names and inputs as bare dynamic resources whose provider does nothing; goal at most
 * 1.15x. The `up` that brings each stack up is in the notes: its bare side makes no requests, so it is not the goal's
 * comparison for up (bare resources making the same requests), which is not measured yet.
 */
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../emulator/server";
import { defaultSeed } from "../emulator/seeds/default";
import { CliStack, requirePulumi } from "../harness/cli";
import { emulatorStackConfig } from "../harness/emulatorStack";
import { median, result, timeMs, type Benchmark, type BenchResult } from "./lib";

/** Preview of 1,000 resources against bare dynamic resources (the up before it is reported in the notes). */
export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const binDir = requirePulumi();
    const count = ctx.quick ? 10 : 1_000;
    const runs = ctx.quick ? 1 : 3;
    const emu: RunningEmulator = await startEmulator();
    const stacks: CliStack[] = [];
    try {
        await emu.admin.seed(defaultSeed(new Date()));
        const stackOf = async (program: "preview" | "preview-bare") => {
            const s = await CliStack.create(binDir, {
                projectDir: path.join(__dirname, "programs", program),
                stack: program,
                config: { ...emulatorStackConfig(emu.url), "previewprog:count": String(count) },
            });
            stacks.push(s);
            return s;
        };
        const real = await stackOf("preview");
        const bare = await stackOf("preview-bare");
        const upMs = { real: await timeMs(() => real.up()), bare: await timeMs(() => bare.up()) };
        ctx.log(`up of ${count} resources: tenantkit ${(upMs.real / 1000).toFixed(1)} s, bare ${(upMs.bare / 1000).toFixed(1)} s`);
        const realMs: number[] = [];
        const bareMs: number[] = [];
        for (let i = 0; i < runs; i++) {
            // Alternating, so drift of the machine hits both alike; --expect-no-changes proves every step is same.
            realMs.push(await timeMs(() => real.expectNoChanges()));
            bareMs.push(await timeMs(() => bare.expectNoChanges()));
            ctx.log(`run ${i + 1}/${runs}: tenantkit ${realMs[i]!.toFixed(0)} ms, bare ${bareMs[i]!.toFixed(0)} ms`);
        }
        const locs = Math.floor(count / 2);
        return [
            result({
                name: `pulumi preview of ${count} unchanged resources (localizations and push datasets)`,
                unit: "ms",
                values: realMs,
                comparison: { name: `the same ${count} names and inputs as bare dynamic resources`, values: bareMs },
                goal: "at most 1.15x",
                met: (_v, _c, ratio) => ratio <= 1.15,
                notes:
                    `${locs} localizations and ${count - locs} push datasets; the whole \`pulumi preview --expect-no-changes --diff\` command, ${runs} alternating runs ` +
                    `(median ${(median(realMs) / count).toFixed(2)} vs ${(median(bareMs) / count).toFixed(2)} ms per resource). The up that brought each stack up, ` +
                    `once: tenantkit ${(upMs.real / 1000).toFixed(1)} s, bare ${(upMs.bare / 1000).toFixed(1)} s; the bare side makes no requests, so this is not the ` +
                    `goal's comparison for up (bare resources making the same requests), which is not measured yet`,
            }),
        ];
    } finally {
        for (const s of stacks) {
            await s.run(["destroy", "--yes", "--skip-preview", "--config-file", s.configFile]);
            await s.dispose();
        }
        await emu.close();
    }
};
