/**
 * The stacks the CLI benchmarks drive: harness/cli.ts's CliStack, its whole config set by one `pulumi config set-all`
 * (one CLI start instead of one per key), and in quick mode (`--quick`, the smoke test) TypeScript programs run by the
 * language host without type checks (PULUMI_NODEJS_TRANSPILE_ONLY), which a run that proves the benchmark works does
 * not need. A measured run type-checks as a user's `pulumi up` does, on both sides alike.
 */
import { CliStack, type CliStackOptions } from "../harness/cli";
import { QUICKSTART_APP } from "../harness/emulatorStack";
import { isSecret } from "../harness/wire";

export async function benchStack(binDir: string, opts: CliStackOptions, quick: boolean): Promise<CliStack> {
    const { config = {}, ...rest } = opts;
    const stack = await CliStack.create(binDir, { ...rest, env: { ...opts.env, ...(quick ? { PULUMI_NODEJS_TRANSPILE_ONLY: "true" } : {}) } });
    const pairs = Object.entries(config).flatMap(([k, v]) => (isSecret(v) ? ["--secret", `${k}=${v.value}`] : ["--plaintext", `${k}=${v}`]));
    if (pairs.length > 0) await stack.ok(["config", "set-all", "--config-file", stack.configFile, ...pairs]);
    return stack;
}

/**
 * The environment the bare programs' requests.js read (bench/programs/*-bare): the emulator and the quickstart app, so
 * that a bare provider serialized into state holds no secret.
 */
export function bareRequestsEnv(url: string): Record<string, string> {
    return {
        BENCH_EMULATOR_URL: url,
        BENCH_EMULATOR_DOMAIN: QUICKSTART_APP.domain,
        BENCH_EMULATOR_CLIENT_ID: QUICKSTART_APP.clientId,
        BENCH_EMULATOR_CLIENT_SECRET: QUICKSTART_APP.secret,
    };
}
