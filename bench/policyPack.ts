/**
 * policy-pack (issue 19): the quota policy pack (policy/) over a `pulumi preview` of 10,000 new push datasets costs at
 * most 1.2x the same preview with an empty pack (bench/programs/policy-empty: one stack policy that does nothing).
 * The program (bench/programs/datasets) has no quota code; the pack counts every dataset through a user's mapping
 * (bench/programs/quotaMapping.js, the pack's `mappingsModule`, without the built-in mappings) against a limit that
 * the plan comes close to but does not exceed: a violation would change the work. Each measured run of the pack must
 * print the advisory warning naming the planned count, and each empty-pack run must show that pack loaded; a run that
 * does not is an error, not a figure. The pack times its own counting (TENANTKIT_QUOTA_POLICY_TIMING) for the notes.
 *
 * BENCH_POLICY_PACK_COUNT overrides the count (to measure a smaller stack and extrapolate).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator } from "../emulator/server";
import { CliStack, requirePulumi, type CliResult } from "../harness/cli";
import { emulatorStackConfig } from "../harness/emulatorStack";
import { median, result, timeMs, type Benchmark, type BenchResult } from "./lib";

const ROOT = path.join(__dirname, "..");
const QUOTA_PACK = path.join(ROOT, "policy");
const EMPTY_PACK = path.join(__dirname, "programs", "policy-empty");
const MAPPING = path.join(__dirname, "programs", "quotaMapping.js");
const LIMIT = "declarative-pipelines/saved-pipelines/workspace"; // 12,000 per workspace
/** Existing plus planned: 90% of the limit, above the default warnAt (80%), below the limit. */
const TOTAL = 10_800;

type Side = "empty" | "quota";

/** Runs the benchmark: one result. */
export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const binDir = requirePulumi();
    const count = Number(process.env.BENCH_POLICY_PACK_COUNT ?? (ctx.quick ? 20 : 10_000));
    if (!(Number.isInteger(count) && count > 0 && count <= TOTAL)) throw new RangeError(`count ${count}: a whole number from 1 to ${TOTAL}`);
    const runs = ctx.quick ? 1 : 3;
    const existing = TOTAL - count;
    const emu = await startEmulator();
    let stack: CliStack | undefined;
    const ms: Record<Side, number[]> = { empty: [], quota: [] };
    const packMs: number[] = [];
    try {
        // One stack for both sides: a preview of a new stack writes nothing, so every run plans the same creates.
        stack = await CliStack.create(binDir, {
            projectDir: path.join(__dirname, "programs", "datasets"),
            stack: "policy-pack",
            config: { ...emulatorStackConfig(emu.url), "datasetsprog:count": String(count), "datasetsprog:prefix": "Quota " },
        });
        const s = stack;
        const settings = { mappingsModule: MAPPING, defaultMappings: false, existing: { [LIMIT]: { "my-workspace": existing } } };
        const configFile = path.join(s.work, "quota-policy.json");
        fs.writeFileSync(configFile, JSON.stringify({ "quota-limits": settings, "quota-warnings": settings }));
        const timingFile = path.join(s.work, "quota-policy-timing.jsonl");
        const creates = new RegExp(`\\+ ${count + 1} to create`); // the datasets and the stack
        const warning = `${count} pipelines planned in workspace my-workspace, ${existing} exist, limit 12000 (fixed): 90% used`;

        const preview = (pack: string, extra: string[] = [], env?: Record<string, string>): Promise<CliResult> =>
            s.run(["preview", "--config-file", s.configFile, "--policy-pack", pack, ...extra], { env });
        const check = (side: Side, r: CliResult, ok: boolean, what: string): void => {
            if (r.code !== 0 || !creates.test(r.output) || !ok) {
                throw new Error(`the ${side} pack's preview did not ${what} (exit ${r.code}):\n${r.output.slice(-3000)}`);
            }
        };
        const sides: Record<Side, () => Promise<void>> = {
            empty: async () => {
                let r: CliResult | undefined;
                ms.empty.push(await timeMs(async () => (r = await preview(EMPTY_PACK))));
                check("empty", r!, /tenantkit-bench-empty@v0\.0\.0 \(local: /.test(r!.output), "load the empty pack and plan every create");
            },
            quota: async () => {
                fs.rmSync(timingFile, { force: true });
                let r: CliResult | undefined;
                ms.quota.push(
                    await timeMs(
                        async () =>
                            (r = await preview(QUOTA_PACK, ["--policy-pack-config", configFile], { TENANTKIT_QUOTA_POLICY_TIMING: timingFile })),
                    ),
                );
                const out = r!.output;
                const counted = /\[advisory\]\s+quota-warnings/.test(out) && out.includes(warning) && !/\[mandatory\]/.test(out);
                check("quota", r!, counted, `count every dataset (expected the advisory "${warning}")`);
                const lines = fs.existsSync(timingFile) ? fs.readFileSync(timingFile, "utf8").trim().split("\n") : [];
                const timings = lines.filter(Boolean).map((l) => JSON.parse(l) as { policy: string; resources: number; ms: number });
                if (timings.length !== 2) throw new Error(`the quota pack timed ${timings.length} policies, not 2`);
                packMs.push(timings.reduce((sum, t) => sum + t.ms, 0));
            },
        };
        // Alternating, the order swapped each round, so drift of the machine hits both alike.
        for (let i = 0; i < runs; i++) {
            const order: Side[] = i % 2 === 0 ? ["empty", "quota"] : ["quota", "empty"];
            for (const side of order) await sides[side]();
            ctx.log(
                `run ${i + 1}/${runs}: empty pack ${(ms.empty[i]! / 1000).toFixed(1)} s, quota pack ${(ms.quota[i]! / 1000).toFixed(1)} s ` +
                    `(quotaPolicyReport ${packMs[i]!.toFixed(0)} ms for both policies)`,
            );
        }
    } finally {
        await stack?.dispose();
        await emu.close();
    }
    const extra = median(ms.quota) - median(ms.empty);
    const pack = median(packMs);
    return [
        result({
            name: `pulumi preview of ${count} new push datasets with the quota policy pack`,
            unit: "ms",
            values: ms.quota,
            comparison: { name: `the same preview with an empty pack (one stack policy that does nothing)`, values: ms.empty },
            goal: "at most 1.2x",
            met: (_v, _c, ratio) => ratio <= 1.2,
            notes:
                `the whole \`pulumi preview --policy-pack\` command of a new stack (${count} creates), ${runs} alternating runs; ` +
                `the pack counts every dataset through a user's mapping (${LIMIT}, ${existing} existing: 90% used, the advisory ` +
                `warning checked in every run) and reports nothing mandatory. Median difference ${(extra / 1000).toFixed(1)} s, ` +
                `of which quotaPolicyReport (both policies, timed in the pack) ${(pack / 1000).toFixed(2)} s; the rest is loading ` +
                `the package's quota modules and the mapping, and noise`,
        }),
    ];
};
