/**
 * policy-pack (issue 19): the quota policy pack (policy/) over a `pulumi preview` of 10,000 new resources costs at most
 * 1.2x the same preview with an empty pack (bench/programs/policy-empty: one stack policy that does nothing). Two
 * programs, neither with quota code:
 * - bench/programs/datasets: push datasets, counted through a user's mapping (bench/programs/quotaMapping.js, the
 *   pack's `mappingsModule`, without the built-in mappings);
 * - bench/programs/databricks: Unity Catalog tables of the real @pulumi/databricks SDK over four schemas, counted by
 *   the built-in Databricks mappings, previewed with the stand-in Databricks plugin (harness/plugins/databricks).
 * Each plan comes close to a limit without exceeding it: a violation would change the work. Each measured run of the
 * pack must print the advisory warning naming the planned count, and each empty-pack run must show that pack loaded;
 * a run that does not is an error, not a figure. The pack times its own counting (TENANTKIT_QUOTA_POLICY_TIMING).
 *
 * BENCH_POLICY_PACK_COUNT overrides the count (to measure a smaller stack and extrapolate).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator } from "../emulator/server";
import { CliStack, requirePulumi, withDatabricksStandIn, type CliResult } from "../harness/cli";
import { emulatorStackConfig } from "../harness/emulatorStack";
import type { StackConfig } from "../harness/wire";
import { benchStack } from "./cliStacks";
import { inTurn, median, result, timeMs, type Benchmark, type BenchResult } from "./lib";

const ROOT = path.join(__dirname, "..");
const QUOTA_PACK = path.join(ROOT, "policy");
const EMPTY_PACK = path.join(__dirname, "programs", "policy-empty");
const MAPPING = path.join(__dirname, "programs", "quotaMapping.js");

/** One program the pack is measured on: what it plans for `count` and what the pack must say of it. */
interface Workload {
    /** What the result calls the planned resources: "push datasets". */
    what: string;
    project: string;
    /** The stack's config; `emulatorUrl` only for a program of tenantkit resources. */
    config(count: number, emulatorUrl: string): StackConfig;
    env?(binDir: string): Record<string, string>;
    /** New resources in the plan besides the `count` ones (the stack, providers, parents). */
    others: number;
    /** The pack's settings for both policies. */
    settings(count: number): Record<string, unknown>;
    /** The advisory warning every run of the pack must print. */
    warning(count: number): string;
    /** What the pack counts, for the notes. */
    counting(count: number): string;
}

const datasetsLimit = "declarative-pipelines/saved-pipelines/workspace"; // 12,000 per workspace
const datasetsExisting = (count: number): number => 10_800 - count; // with the plan: 90% of the limit
const tablesLimit = "data-catalog/table/schema"; // 10,000 per schema
const inFirstSchema = (count: number): number => Math.ceil(count / 4); // tables i % 4 === 0
const tablesExisting = (count: number): number => 9_000 - inFirstSchema(count);

const WORKLOADS: readonly Workload[] = [
    {
        what: "push datasets",
        project: "datasets",
        config: (count, url) => ({ ...emulatorStackConfig(url), "datasetsprog:count": String(count), "datasetsprog:prefix": "Quota " }),
        others: 1, // the stack
        settings: (count) => ({
            mappingsModule: MAPPING,
            defaultMappings: false,
            existing: { [datasetsLimit]: { "my-workspace": datasetsExisting(count) } },
        }),
        warning: (count) => `${count} pipelines planned in workspace my-workspace, ${datasetsExisting(count)} exist, limit 12000 (fixed): 90% used`,
        counting: (count) => `every dataset through a user's mapping (${datasetsLimit}, ${datasetsExisting(count)} existing: 90% used)`,
    },
    {
        what: "Databricks tables (stand-in plugin)",
        project: "databricks",
        config: (count) => ({ "databricksprog:count": String(count) }),
        env: withDatabricksStandIn,
        others: 7, // the stack, the provider, the catalog, four schemas
        settings: (count) => ({ existing: { [tablesLimit]: { "analytics.s0": tablesExisting(count) } } }),
        warning: (count) =>
            `${inFirstSchema(count)} tables planned in schema analytics.s0, ${tablesExisting(count)} exist, limit 10000 ` +
            `(can be raised through the account team): 90% used`,
        counting: (count) =>
            `every table through the built-in Databricks mappings (${tablesLimit} in four schemas, one of them with ` +
            `${tablesExisting(count)} existing: 90% used)`,
    },
];

type Side = "empty" | "quota";

/** Runs the benchmark: one result per program. */
export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const binDir = requirePulumi();
    const count = Number(process.env.BENCH_POLICY_PACK_COUNT ?? (ctx.quick ? 20 : 10_000));
    if (!(Number.isInteger(count) && count > 0 && count <= 10_000)) throw new RangeError(`count ${count}: a whole number from 1 to 10000`);
    const results: BenchResult[] = [];
    for (const w of WORKLOADS) results.push(await measure(ctx, binDir, w, count));
    return results;
};

async function measure(ctx: Parameters<Benchmark>[0], binDir: string, w: Workload, count: number): Promise<BenchResult> {
    ctx.log(`${count} ${w.what}`);
    const runs = ctx.quick ? 1 : (ctx.runs ?? 3);
    const emu = await startEmulator();
    let stack: CliStack | undefined;
    const ms: Record<Side, number[]> = { empty: [], quota: [] };
    const packMs: number[] = [];
    try {
        // One stack for both sides: a preview of a new stack writes nothing, so every run plans the same creates.
        stack = await benchStack(
            binDir,
            {
                projectDir: path.join(__dirname, "programs", w.project),
                stack: "policy-pack",
                config: w.config(count, emu.url),
                env: w.env?.(binDir),
            },
            ctx.quick,
        );
        const s = stack;
        const settings = w.settings(count);
        const configFile = path.join(s.work, "quota-policy.json");
        fs.writeFileSync(configFile, JSON.stringify({ "quota-limits": settings, "quota-warnings": settings }));
        const timingFile = path.join(s.work, "quota-policy-timing.jsonl");
        const creates = new RegExp(`\\+ ${count + w.others} to create`);
        const warning = w.warning(count);

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
                check("quota", r!, counted, `count every resource (expected the advisory "${warning}")`);
                const lines = fs.existsSync(timingFile) ? fs.readFileSync(timingFile, "utf8").trim().split("\n") : [];
                const timings = lines.filter(Boolean).map((l) => JSON.parse(l) as { policy: string; resources: number; ms: number });
                if (timings.length !== 2) throw new Error(`the quota pack timed ${timings.length} policies, not 2`);
                packMs.push(timings.reduce((sum, t) => sum + t.ms, 0));
            },
        };
        // Alternating, the order swapped each round, so drift of the machine hits both alike.
        for (let i = 0; i < runs; i++) {
            const order = inTurn<Side>(i, ["empty", "quota"]);
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
    return result({
        name: `pulumi preview of ${count} new ${w.what} with the quota policy pack`,
        unit: "ms",
        values: ms.quota,
        comparison: { name: `the same preview with an empty pack (one stack policy that does nothing)`, values: ms.empty },
        goal: "at most 1.2x",
        met: (_v, _c, ratio) => ratio <= 1.2,
        notes:
            `the whole \`pulumi preview --policy-pack\` command of a new stack (${count} creates), ${runs} alternating runs; ` +
            `the pack counts ${w.counting(count)}, the advisory warning checked in every run, and reports nothing ` +
            `mandatory. Median difference ${(extra / 1000).toFixed(1)} s, ` +
            `of which quotaPolicyReport (both policies, timed in the pack) ${(pack / 1000).toFixed(2)} s; the rest is loading ` +
            `the package's quota modules and the mappings, and noise`,
    });
}
