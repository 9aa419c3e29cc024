/**
 * quota-cli-preview (issue 26): what `quota.enforceQuotas` costs a user, measured as users meet it: the whole
 * `pulumi preview` command of a new stack of 10,000 @pulumi/databricks registrations (the quota-enforce workload,
 * bench/programs/quota-enforce) through the real CLI, with `enforceQuotas` at the top of the program against the
 * same program without it. Goal: at most 1.03x. The Databricks plugin is the stand-in (harness/plugins/databricks):
 * the real one cannot be installed here, and a preview needs only its Check.
 *
 * `enforceQuotas` is a stack transformation (`registerStackTransformation`), which the SDK runs in the program's own
 * process inside each resource constructor: no engine callback, so the CLI adds no per-resource round trip for it
 * (a `registerResourceTransform` transform would be a gRPC call from the engine per registration).
 *
 * Each run of the with-side must print the stack output in which the program reports what `enforceQuotas` counted
 * (findings, none exceeded); each run of the other side must say it was off. A run that does not is an error, not a
 * figure. BENCH_QUOTA_CLI_PREVIEW_COUNT overrides the count (at least 50).
 */
import * as path from "node:path";
import { CliStack, requirePulumi, withDatabricksStandIn, type CliResult } from "../harness/cli";
import { benchStack } from "./cliStacks";
import { inTurn, median, result, timeMs, type Benchmark, type BenchResult } from "./lib";

type Side = "without" | "with";

/** The count, from the environment or the mode. */
function countFor(quick: boolean): number {
    const raw = process.env.BENCH_QUOTA_CLI_PREVIEW_COUNT;
    const count = raw === undefined || raw === "" ? (quick ? 50 : 10_000) : Number(raw);
    if (!(Number.isInteger(count) && count >= 50)) throw new RangeError(`BENCH_QUOTA_CLI_PREVIEW_COUNT ${raw}: a whole number of at least 50`);
    return count;
}

/** What the program's `quota` output must say on each side (the line `pulumi preview` prints under Outputs). */
export function checkQuotaOutput(side: Side, output: string): string {
    const line = /^\s*quota\s*:\s*"([^"]*)"/m.exec(output)?.[1];
    if (line === undefined) throw new Error(`the ${side} side's preview printed no quota output:\n${output.slice(-3000)}`);
    if (side === "without") {
        if (line !== "off") throw new Error(`the preview without enforceQuotas reported "${line}", expected "off"`);
        return line;
    }
    const m = /^(\d+) findings, (\d+) exceeded, (\d+) warnings$/.exec(line);
    if (!m || Number(m[1]) === 0 || Number(m[2]) !== 0) {
        throw new Error(`the preview with enforceQuotas must count and stay within every limit, it reported "${line}"`);
    }
    return line;
}

/** Runs the benchmark: alternating previews with and without enforceQuotas, the order swapped each round. */
export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const binDir = requirePulumi();
    const count = countFor(ctx.quick);
    const runs = ctx.quick ? 1 : (ctx.runs ?? 3);
    const ms: Record<Side, number[]> = { without: [], with: [] };
    const stacks: Partial<Record<Side, CliStack>> = {};
    let counted = "";
    try {
        for (const side of ["without", "with"] as const) {
            stacks[side] = await benchStack(
                binDir,
                {
                    projectDir: path.join(__dirname, "programs", "quota-enforce"),
                    stack: `quota-${side}`,
                    config: { "quotaenforceprog:count": String(count), "quotaenforceprog:enforce": String(side === "with") },
                    env: withDatabricksStandIn(binDir),
                },
                ctx.quick,
            );
        }
        // The workload's registrations and the stack: a preview of a new stack plans one create for each.
        const creates = new RegExp(`\\+ ${count + 1} to create`);
        const once = async (side: Side): Promise<void> => {
            const s = stacks[side]!;
            let r: CliResult | undefined;
            ms[side].push(await timeMs(async () => (r = await s.run(["preview", "--config-file", s.configFile]))));
            if (r!.code !== 0 || !creates.test(r!.output)) {
                throw new Error(`the preview ${side} enforceQuotas did not plan ${count + 1} creates (exit ${r!.code}):\n${r!.output.slice(-3000)}`);
            }
            const said = checkQuotaOutput(side, r!.output);
            if (side === "with") counted = said;
        };
        for (let i = 0; i < runs; i++) {
            const order = inTurn<Side>(i, ["without", "with"]);
            for (const side of order) await once(side);
            ctx.log(
                `run ${i + 1}/${runs}, ${count} registrations: without ${(ms.without[i]! / 1000).toFixed(1)} s, ` +
                    `with enforceQuotas ${(ms.with[i]! / 1000).toFixed(1)} s`,
            );
        }
    } finally {
        for (const s of Object.values(stacks)) await s?.dispose();
    }
    return [
        result({
            name: "quota-cli-preview",
            unit: "ms",
            values: ms.with,
            comparison: {
                name: `the same \`pulumi preview\` of ${count.toLocaleString("en")} registrations without enforceQuotas`,
                values: ms.without,
            },
            goal: "at most 1.03x",
            met: (_v, _c, ratio) => ratio <= 1.03,
            notes:
                `the whole \`pulumi preview\` command of a new stack (${count + 1} creates), real CLI and language host, the ` +
                `stand-in Databricks plugin; ${runs} alternating runs, the order swapped each round; median difference ` +
                `${((median(ms.with) - median(ms.without)) / 1000).toFixed(2)} s. The workload of quota-enforce (${count} ` +
                `@pulumi/databricks registrations: providers, catalogs, schemas, then 10% SqlEndpoint, 30% Job, 60% SqlTable, ` +
                `1 in 10 keyed by Schema outputs); enforceQuotas is a stack transformation, run in the program's process ` +
                `(no engine callback per registration); it reported ${counted}`,
        }),
    ];
};
