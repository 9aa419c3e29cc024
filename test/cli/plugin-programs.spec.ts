/**
 * tenantkit's provider plugin from programs in the languages of the generated SDKs, each in a folder outside the
 * repository as a user has it, through the same lifecycle as the YAML program (pluginPrograms.ts):
 * - TypeScript: the Node.js SDK packed as `npm run sdk:pack` packs it, installed with npm, run by the CLI through the
 *   Node.js language host this project builds, from an empty plugin cache with no `pulumi plugin install` step: the
 *   engine downloads the plugin the SDK's package names from a loopback mirror of the release (releaseMirror.ts).
 * - Python: the Python SDK installed with `pulumi` from PyPI in a virtual environment, run through the Python
 *   Automation API with an inline program (it hosts its own language runtime: Pulumi's Python host is not served here).
 * - Go: the Go SDK (the module sdk/go.mod) required by a program built with the Go toolchain from the module proxy,
 *   run through the Go Automation API with an inline program, for the same reason.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { packNodeSdk } from "../../scripts/sdkPack";
import { useEmulator, IDS } from "../support/emulator";
import { provesLifecycle, type ProgramRunner } from "./pluginPrograms";
import {
    CliStack,
    cliRunner,
    describeCli,
    emulatorStackConfig,
    isolatedEnv,
    PLUGIN_DIR,
    programOutsideRepo,
    ROOT,
    secret,
    TENANTKIT_VERSION,
} from "./pulumi";
import type { StackConfig } from "./pulumi";
import { EXE, useReleaseMirror } from "./releaseMirror";
import { exec, goEnv, PULUMI_VERSION, pythonWithSdk, requireGo } from "./sdkToolchains";

describeCli("the provider plugin, from programs over the generated SDKs", (binDir) => {
    const fx = useEmulator();
    const mirror = useReleaseMirror(binDir);
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-sdk-programs-"));
    after(() => fs.rmSync(scratch, { recursive: true, force: true }));

    it("TypeScript: the Node.js SDK's package runs preview, up, refresh, an update and destroy, the engine downloading the plugin the SDK names", async function () {
        this.timeout(600_000);
        const tarball = packNodeSdk(scratch);
        const dir = programOutsideRepo(path.join(ROOT, "test", "fixtures", "programs", "plugin-typescript"));
        await exec("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, `@pulumi/pulumi@${PULUMI_VERSION}`], { cwd: dir });
        // An empty plugin cache and no `pulumi plugin install`: the SDK's package names the version and server.
        const stack = await CliStack.create(binDir, {
            projectDir: dir,
            stack: "typescript",
            config: stackConfig("tenantkit-typescript"),
            env: mirror.downloadEnv(),
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
     * A runner over a driver that runs one step per process (`<command> <step> [key value]`) through an Automation
     * API, with the CLI of this run, a backend and PULUMI_HOME of its own, and the plugin installed there.
     */
    function automationRunner(project: string, command: readonly string[], dir: string): ProgramRunner {
        const work = fs.mkdtempSync(path.join(scratch, `${project}-`));
        const config = Object.fromEntries(Object.entries(stackConfig(project)).map(([k, v]) => [k, typeof v === "string" ? v : { secret: v.value }]));
        const env = { ...isolatedEnv(binDir, work), TENANTKIT_STACK: "dev", TENANTKIT_STACK_CONFIG: JSON.stringify(config) };
        const installed = exec(path.join(binDir, "pulumi"), ["plugin", "install", "resource", "tenantkit", TENANTKIT_VERSION, "--file", PLUGIN_DIR], {
            env,
        });
        const step = async (...args: string[]): Promise<string> => {
            await installed;
            return exec(command[0]!, [...command.slice(1), ...args], { cwd: dir, env });
        };
        return {
            preview: async () => step("preview"),
            up: async () => step("up"),
            expectNoChanges: async () => void (await step("expect-no-changes")),
            refresh: async () => void (await step("refresh")),
            setConfig: async (key, value) => void (await step("set-config", `${project}:${key}`, value)),
            outputs: async () => JSON.parse((await step("outputs")).trim().split("\n").pop()!) as Record<string, unknown>,
            destroy: async () => void (await step("destroy")),
        };
    }

    it("Python: the Python SDK in a virtual environment, through the Automation API, runs preview, up, refresh, an update and destroy", async function () {
        this.timeout(900_000);
        const dir = programOutsideRepo(path.join(ROOT, "test", "fixtures", "programs", "plugin-python"));
        const python = await pythonWithSdk(scratch);
        try {
            await provesLifecycle(fx, automationRunner("tenantkit-python", [python, "stack.py"], dir));
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });

    it("Go: the Go SDK's module, through the Automation API, runs preview, up, refresh, an update and destroy", async function () {
        this.timeout(900_000);
        const dir = programOutsideRepo(path.join(ROOT, "test", "fixtures", "programs", "plugin-go"));
        const go = requireGo();
        // The program requires the SDK by its module path; outside the repo, the replace names the checkout's sdk/.
        await exec(go, ["mod", "edit", "-replace", `github.com/pulumi-tenantkit/pulumi-tenantkit/sdk=${path.join(ROOT, "sdk")}`], { cwd: dir });
        const binary = path.join(dir, "tenantkit-go");
        await exec(go, ["build", "-o", binary, "."], { cwd: dir, env: goEnv() });
        try {
            await provesLifecycle(fx, automationRunner("tenantkit-go", [binary], dir));
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
