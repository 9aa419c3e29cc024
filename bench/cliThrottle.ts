/**
 * cli-throttle: `pulumi up` of 200 push datasets through the real Pulumi CLI while the emulator throttles at 10
 * requests/s per client, against the ideal 200 / 10 = 20 s; goal at most 1.1x with no failure and no duplicate. The
 * figure is the whole command, the CLI's start and the program's run included.
 */
import * as path from "node:path";
import { startEmulator } from "../emulator/server";
import { defaultSeed, DEFAULT_SEED_IDS as IDS } from "../emulator/seeds/default";
import { CliStack, requirePulumi } from "../harness/cli";
import { emulatorStackConfig } from "../harness/emulatorStack";
import { median, result, timeMs, type Benchmark, type BenchResult } from "./lib";

const PER_SECOND = 10;

/** Runs the benchmark: one result. */
export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const binDir = requirePulumi();
    const count = ctx.quick ? 10 : 200;
    const runs = ctx.quick ? 1 : 3;
    const ideal = (count / PER_SECOND) * 1000;
    const emu = await startEmulator();
    const wall: number[] = [];
    const faults: string[] = [];
    const fixed: number[] = [];
    try {
        for (let r = 0; r < runs; r++) {
            await emu.admin.seed(defaultSeed(new Date()));
            const prefix = `Cli${r}x`;
            const stack = await CliStack.create(binDir, {
                projectDir: path.join(__dirname, "programs", "datasets"),
                stack: `throttle-${r}`,
                config: { ...emulatorStackConfig(emu.url), "datasetsprog:count": String(count), "datasetsprog:prefix": prefix },
            });
            try {
                await emu.admin.clearRequests();
                await emu.admin.throttle({ perSecond: PER_SECOND, retryAfter: "1" });
                let failed = "";
                wall.push(
                    await timeMs(async () => {
                        const up = await stack.run(stack.upArgs());
                        if (up.code !== 0) failed = up.output.slice(-500);
                    }),
                );
                await emu.admin.throttle(null);
                const made = (await emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name.startsWith(prefix));
                const names = new Set(made.map((d) => d.name));
                const throttled = (await emu.admin.requests()).filter((q) => q.status === 429).length;
                const line = `run ${r + 1}/${runs}: ${(wall[r]! / 1000).toFixed(1)} s, ${made.length} datasets (${made.length - names.size} duplicates, ${count - names.size} missing), ${throttled} answered 429${failed ? `, up failed: ${failed}` : ""}`;
                ctx.log(line);
                if (failed || made.length !== count || names.size !== count) faults.push(line);
            } finally {
                await emu.admin.throttle(null);
                await stack.run(["destroy", "--yes", "--skip-preview", "--config-file", stack.configFile]);
                await stack.dispose();
            }
        }
        // The fixed cost of the command: the same program with no datasets (CLI start, TypeScript, the engine's steps).
        const empty = await CliStack.create(binDir, {
            projectDir: path.join(__dirname, "programs", "datasets"),
            stack: "throttle-empty",
            config: { ...emulatorStackConfig(emu.url), "datasetsprog:count": "0", "datasetsprog:prefix": "Empty" },
        });
        try {
            for (let r = 0; r < runs; r++) fixed.push(await timeMs(() => empty.up()));
        } finally {
            await empty.dispose();
        }
    } finally {
        await emu.close();
    }
    const fixedMs = median(fixed);
    return [
        result({
            name: `pulumi up of ${count} push datasets under a throttle of ${PER_SECOND} requests/s`,
            unit: "ms",
            values: wall,
            comparison: { name: `the ideal ${count} / ${PER_SECOND} per second`, values: [ideal] },
            goal: "at most 1.1x, zero failures, zero duplicates",
            met: (_v, _c, ratio) => ratio <= 1.1 && faults.length === 0,
            notes:
                `the whole \`pulumi up\` command (CLI start, program, one provider host at the engine's default parallelism); ${faults.length} runs with failures, ` +
                `duplicates or missing datasets${faults.length ? `: ${faults.join("; ")}` : ""}. The same command with no datasets takes ${(fixedMs / 1000).toFixed(1)} s ` +
                `(median of ${fixed.length}), so the datasets themselves take ${((median(wall) - fixedMs) / 1000).toFixed(1)} s, ` +
                `${((median(wall) - fixedMs) / ideal).toFixed(2)}x the ideal; ${count + 1} requests at least (one listing, a POST per dataset) and a token`,
        }),
    ];
};
