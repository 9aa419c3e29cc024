/**
 * The stacks the CLI benchmarks drive: harness/cli.ts's CliStack, its whole config set by one `pulumi config set-all`
 * (one CLI start instead of one per key), and in quick mode (`--quick`, the smoke test) TypeScript programs run by the
 * language host without type checks (PULUMI_NODEJS_TRANSPILE_ONLY), which a run that proves the benchmark works does
 * not need. A measured run type-checks as a user's `pulumi up` does, on both sides alike.
 */
import { CliStack, type CliStackOptions } from "../harness/cli";
import { isSecret } from "../harness/wire";

export async function benchStack(binDir: string, opts: CliStackOptions, quick: boolean): Promise<CliStack> {
    const { config = {}, ...rest } = opts;
    const stack = await CliStack.create(binDir, { ...rest, env: { ...opts.env, ...(quick ? { PULUMI_NODEJS_TRANSPILE_ONLY: "true" } : {}) } });
    const pairs = Object.entries(config).flatMap(([k, v]) => (isSecret(v) ? ["--secret", `${k}=${v.value}`] : ["--plaintext", `${k}=${v}`]));
    if (pairs.length > 0) await stack.ok(["config", "set-all", "--config-file", stack.configFile, ...pairs]);
    return stack;
}
