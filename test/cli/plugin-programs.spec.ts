/**
 * tenantkit's provider plugin from programs in the languages of the generated SDKs, each in a folder outside the
 * repository as a user has it, through the same lifecycle as the YAML program (pluginPrograms.ts):
 * - TypeScript: the Node.js SDK packed as `npm run sdk:pack` packs it, installed with npm, run by the CLI through the
 *   Node.js language host this project builds, from an empty plugin cache with no `pulumi plugin install` step: the
 *   engine downloads the plugin the SDK's package names from a loopback mirror of the release (releaseMirror.ts).
 * - Python: examples/python, over the Python SDK installed with `pulumi` from PyPI in a virtual environment, run by its
 *   driver.py through the Python Automation API as an inline program (it hosts its own language runtime: Pulumi's
 *   Python host is not served here).
 * - Go: examples/go, over the Go SDK (the module sdk/go.mod) with the Go toolchain from the module proxy, run by its
 *   driver/ through the Go Automation API as an inline program, for the same reason.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { useEmulator, IDS } from "../support/emulator";
import { provesLifecycle, type ProgramRunner } from "./pluginPrograms";
import {
    CliStack,
    cliRunner,
    describeCli,
    emulatorStackConfig,
    isolatedEnv,
    programOutsideRepo,
    ROOT,
    secret,
    TENANTKIT_VERSION,
    TRANSPILE_ONLY,
} from "./pulumi";
import type { StackConfig } from "./pulumi";
import { EXE, useReleaseMirror } from "./releaseMirror";
import { exec, goDriver, nodeSdkPackage, PULUMI_VERSION, pythonWithSdk } from "./sdkToolchains";

describeCli("the provider plugin, from programs over the generated SDKs", (binDir) => {
    const fx = useEmulator();
    const mirror = useReleaseMirror(binDir);
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-sdk-programs-"));
    after(() => fs.rmSync(scratch, { recursive: true, force: true }));
    /** The example stack of the test, if any: it and its folder go after each test. */
    let exampleStack: CliStack | undefined;
    afterEach(async () => {
        await exampleStack?.dispose();
        exampleStack = undefined;
    });

    it("TypeScript: the Node.js SDK's package runs preview, up, refresh, an update and destroy, the engine downloading the plugin the SDK names", async function () {
        this.timeout(600_000);
        const tarball = await nodeSdkPackage();
        const dir = programOutsideRepo(path.join(ROOT, "test", "fixtures", "programs", "plugin-typescript"));
        await exec("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, `@pulumi/pulumi@${PULUMI_VERSION}`], { cwd: dir });
        // The program type-checks over the SDK's package once here, not in each of the lifecycle's five runs.
        await exec("npx", ["tsc", "--noEmit", "-p", "tsconfig.json"], { cwd: dir });
        // An empty plugin cache and no `pulumi plugin install`: the SDK's package names the version and server.
        const stack = await CliStack.create(binDir, {
            projectDir: dir,
            stack: "typescript",
            config: stackConfig("tenantkit-typescript"),
            env: { ...mirror.downloadEnv(), ...TRANSPILE_ONLY },
        });
        try {
            const run = cliRunner(stack, "tenantkit-typescript");
            const previews: string[] = [];
            const preview = async () => {
                const output = await run.preview();
                previews.push(output);
                return output;
            };
            await provesLifecycle(fx, { ...run, preview });
            // The first command that needs the plugin, the preview, downloads it.
            const version = TENANTKIT_VERSION.replace(/\./g, "\\.");
            assert.match(previews[0] ?? "", new RegExp(`Downloading plugin tenantkit-${version}|tenantkit-v?${version}`), "the preview's output");
            assert.deepEqual(mirror.requests, [mirror.download()], "the engine downloaded the plugin once, from the mirror");
            assert.deepEqual(mirror.installed(stack), [EXE]);
        } finally {
            await stack.dispose();
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });

    /** The stack config of every program: the emulator, the DevOps PAT and the program's workspace. */
    function stackConfig(project: string): StackConfig {
        return {
            ...emulatorStackConfig(fx.emu.url),
            "tenantkit:devopsPat": secret(IDS.devopsPat),
            [`${project}:workspaceId`]: IDS.salesWorkspaceId,
        };
    }

    /**
     * The example examples/<example> copied out of the repository as a user has it, stack `dev` made in its folder by
     * the CLI (the folder's Pulumi.dev.yaml holds the config, as `pulumi config set` writes it) with the plugin
     * installed from plugin/, and a runner over its Automation API driver: `<command...> dev <step>` in the folder, one
     * process per step, with that config file and the stack's backend and PULUMI_HOME. The driver runs the example's
     * program code unchanged; Pulumi's Python and Go language hosts are not served here.
     */
    async function exampleRunner(example: string, project: string, command: readonly string[]): Promise<ProgramRunner> {
        const dir = programOutsideRepo(path.join(ROOT, "examples", example));
        const s = await CliStack.create(binDir, { projectDir: dir, stack: "dev", work: dir, config: stackConfig(project) });
        exampleStack = s;
        await s.installPlugin();
        const env = isolatedEnv(binDir, s.work);
        const step = (name: string) => exec(command[0]!, [...command.slice(1), "dev", name], { cwd: dir, env });
        return {
            preview: () => step("preview"),
            up: () => step("up"),
            expectNoChanges: async () => void (await step("expect-no-changes")),
            refreshExpectNoChanges: async () => void (await step("refresh-expect-no-changes")),
            setConfig: (key, value) => s.setConfig(`${project}:${key}`, value),
            outputs: async () => JSON.parse((await step("outputs")).trim().split("\n").pop()!) as Record<string, unknown>,
            destroy: async () => void (await step("destroy")),
        };
    }

    it("Python: examples/python, the Python SDK in a virtual environment, through its Automation API driver, runs preview, up, refresh, an update and destroy", async function () {
        this.timeout(900_000);
        const python = await pythonWithSdk(scratch);
        await provesLifecycle(fx, await exampleRunner("python", "tenantkit-example-python", [python, "driver.py"]));
    });

    it("Go: examples/go, the Go SDK's module, through its Automation API driver, runs preview, up, refresh, an update and destroy", async function () {
        this.timeout(900_000);
        // Built in the repository (goDriver), run in the copy, which holds the stack's config.
        await provesLifecycle(fx, await exampleRunner("go", "tenantkit-example-go", [await goDriver()]));
    });
});
