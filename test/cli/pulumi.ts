/**
 * Mocha glue for the tests that run programs through the real Pulumi CLI (harness/cli.ts). Not a spec file.
 * `describeCli` skips its suite (its tests show as pending, under a title that says why) when the CLI is missing,
 * except under CI=true, where a missing CLI fails: CI must prove the product under `pulumi`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { findPulumi, type CliStack } from "../../harness/cli";
import { useEmulator, type EmulatorFixture } from "../support/emulator";

export {
    CliStack,
    isolatedEnv,
    PLUGIN_DIR,
    programOutsideRepo,
    resourcesOfType,
    TENANTKIT_VERSION,
    withDatabricksStandIn,
    type CliResult,
    type StateDeployment,
} from "../../harness/cli";
export { emulatorStackConfig } from "../../harness/emulatorStack";
export { secret, type StackConfig } from "../../harness/wire";

export const ROOT = path.resolve(__dirname, "..", "..");

/**
 * The environment of a stack whose TypeScript program the test type-checks itself, or whose type check is not what it
 * proves: the CLI then runs the program transpile-only (`PULUMI_NODEJS_TRANSPILE_ONLY`, which Pulumi's Node.js runtime
 * offers a project with a type-check step of its own). Outside the repo the SDK's vendored ts-node 7 would otherwise
 * type-check it again in every preview and up.
 */
export const TRANSPILE_ONLY: Readonly<Record<string, string>> = { PULUMI_NODEJS_TRANSPILE_ONLY: "true" };

/**
 * A copy of the example `examples/<name>` for one test, in the checkout's .tenantkit/ (it resolves pulumi-tenantkit and
 * @pulumi/pulumi through the checkout's node_modules); the test removes it. A copy each keeps suites that run side by
 * side apart (a stack's config and a program's folder are per test).
 */
export function exampleCopy(name: string): string {
    fs.mkdirSync(path.join(ROOT, ".tenantkit"), { recursive: true });
    const dir = fs.mkdtempSync(path.join(ROOT, ".tenantkit", `example-${name}-`));
    fs.cpSync(path.join(ROOT, "examples", name), dir, { recursive: true });
    return dir;
}

/** `describe` for suites that run `pulumi`: skipped with the reason when the CLI is missing, failed under CI=true. */
export function describeCli(title: string, body: (binDir: string) => void): void {
    const found = findPulumi();
    if ("binDir" in found) {
        describe(title, function () {
            this.timeout(300_000);
            body(found.binDir);
        });
        return;
    }
    if (process.env.CI === "true") {
        describe(title, () => {
            it("has the Pulumi CLI to run on", () => {
                throw new Error(`CI=true but ${found.missing}: run \`npm run pulumi:install\` and put the folder it prints first on PATH`);
            });
        });
        return;
    }
    // The suite's tests are declared, so they show as pending with the reason; none of them, nor a hook, runs.
    describe.skip(`${title} (skipped: ${found.missing}; \`npm run pulumi:install\` builds it)`, () => body(""));
}

/** The steps of test/cli/pluginPrograms.ts through the CLI, for a program of `project` run by a language host. */
export function cliRunner(stack: CliStack, project: string): import("./pluginPrograms").ProgramRunner {
    return {
        preview: async () => (await stack.preview()).output,
        up: async () => (await stack.up()).output,
        expectNoChanges: async () => void (await stack.expectNoChanges()),
        refreshExpectNoChanges: async () => void (await stack.refresh(["--expect-no-changes"])),
        setConfig: (key, value) => stack.setConfig(`${project}:${key}`, value),
        outputs: () => stack.outputs(),
        destroy: async () => void (await stack.destroy()),
    };
}

/** What {@link useStackUpOnce} gives a describe. */
export interface StackUpOnce {
    readonly fx: EmulatorFixture;
    readonly stack: CliStack;
}

/**
 * One stack made by `create` and up once in `before`, destroyed in `after`, on an emulator of its own that is reset
 * once (`useEmulator`'s `shared`): for the tests of a describe that only read what the up made (outputs, state, a
 * preview, the emulator's objects), which would otherwise each pay for a create, an up and a destroy.
 */
export function useStackUpOnce(create: (fx: EmulatorFixture) => Promise<CliStack>): StackUpOnce {
    let stack: CliStack | undefined;
    // Registered before the emulator's own `after`, which closes it: the destroy needs it.
    after(async () => {
        try {
            await stack?.destroy();
        } finally {
            await stack?.dispose();
        }
    });
    const fx = useEmulator({}, { shared: true });
    before(async () => {
        stack = await create(fx);
        await stack.up();
    });
    return {
        fx,
        get stack(): CliStack {
            if (stack === undefined) throw new Error("the stack is not up: its before hook failed");
            return stack;
        },
    };
}
