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
 * The Python and Go programs run by the commands their READMEs give a user (the blocks marked `<!-- command: setup -->`
 * and `<!-- command: automation api -->`): the stack's config is the README's `pulumi config set`s, and each step is
 * the README's command with `up` swapped for the step, so a README cannot drift from what runs here.
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
import { pageCommands, words } from "../readme/commands";

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

    /** The README of examples/<example>, from the repository's root. */
    const readme = (example: string): string => `examples/${example}/README.md`;

    /**
     * The stack config the README's setup sets (`pulumi config set [--secret] <key> <value>`), the emulator's address
     * in place of the one it names; a key without a namespace is the project's.
     */
    function readmeConfig(example: string, project: string): StackConfig {
        const config: StackConfig = {};
        for (const command of pageCommands(readme(example), "setup").filter((c) => c.startsWith("pulumi config set "))) {
            const argv = words(command).slice(3);
            const isSecret = argv[0] === "--secret";
            const [key, value, ...rest] = isSecret ? argv.slice(1) : argv;
            assert.ok(key !== undefined && value !== undefined && rest.length === 0, `${readme(example)}: ${command}`);
            const v = value === "http://127.0.0.1:8787" ? fx.emu.url : value;
            config[key.includes(":") ? key : `${project}:${key}`] = isSecret ? secret(v) : v;
        }
        return config;
    }

    /**
     * The README's Automation API route: the commands before the last (a build), and the last, `<command...> dev up`,
     * as the command that runs a step.
     */
    function readmeRoute(example: string): { build: string[][]; step: string[] } {
        const commands = pageCommands(readme(example), "automation api").map(words);
        const last = commands.pop()!;
        assert.deepEqual(last.slice(-2), ["dev", "up"], `${readme(example)}'s last Automation API command is not \`... dev up\``);
        return { build: commands, step: last.slice(0, -2) };
    }

    /**
     * The example examples/<example> copied out of the repository as a user has it, stack `dev` made in its folder by
     * the CLI (the folder's Pulumi.dev.yaml holds the config the README sets, as `pulumi config set` writes it) with the
     * plugin installed from plugin/, and a runner over its Automation API driver: `<command...> dev <step>` in the
     * folder, one process per step, with that config file and the stack's backend and PULUMI_HOME. The driver runs the
     * example's program code unchanged; Pulumi's Python and Go language hosts are not served here.
     */
    async function exampleRunner(example: string, project: string, command: readonly string[]): Promise<ProgramRunner & { ups: string[] }> {
        const dir = programOutsideRepo(path.join(ROOT, "examples", example));
        const s = await CliStack.create(binDir, { projectDir: dir, stack: "dev", work: dir, config: readmeConfig(example, project) });
        exampleStack = s;
        await s.installPlugin();
        const env = isolatedEnv(binDir, s.work);
        const step = (name: string) => exec(command[0]!, [...command.slice(1), "dev", name], { cwd: dir, env });
        const ups: string[] = [];
        return {
            ups,
            preview: () => step("preview"),
            up: async () => {
                const output = await step("up");
                ups.push(output);
                return output;
            },
            expectNoChanges: async () => void (await step("expect-no-changes")),
            refreshExpectNoChanges: async () => void (await step("refresh-expect-no-changes")),
            setConfig: (key, value) => s.setConfig(`${project}:${key}`, value),
            outputs: async () => JSON.parse((await step("outputs")).trim().split("\n").pop()!) as Record<string, unknown>,
            destroy: async () => void (await step("destroy")),
        };
    }

    /** What an `up` through a driver prints: what it runs, then Pulumi's progress as `pulumi up` prints it. */
    function assertUpPrinted(output: string | undefined, driver: string, project: string): void {
        const lines = (output ?? "").split("\n");
        assert.equal(lines[0], `${driver}: up of stack dev of ${project} through Pulumi's Automation API; Pulumi's output follows`);
        assert.match(output ?? "", /^Updating \(dev\)/m, `no progress from Pulumi in:\n${output}`);
        assert.match(output ?? "", /\+ +tenantkit:powerbi:PushDataset +sales +created/, `the dataset's creation was not shown in:\n${output}`);
        assert.match(output ?? "", /^Resources:\n +\+ 4 created$/m, `no summary of the resources in:\n${output}`);
    }

    it("Python: examples/python by its README's Automation API commands (the Python SDK in a virtual environment) runs preview, up, refresh, an update and destroy, printing Pulumi's progress", async function () {
        this.timeout(900_000);
        const { build, step } = readmeRoute("python");
        assert.deepEqual(build, [], "examples/python/README.md builds something before the driver runs");
        // The README's virtual environment (`python3 -m venv venv`, the SDK's wheel, requirements.txt) is this cached one.
        assert.equal(step[0], "venv/bin/python");
        const runner = await exampleRunner("python", "tenantkit-example-python", [await pythonWithSdk(scratch), ...step.slice(1)]);
        await provesLifecycle(fx, runner);
        assertUpPrinted(runner.ups[0], "driver.py", "tenantkit-example-python");
    });

    it("Go: examples/go by its README's Automation API commands (the Go SDK's module) runs preview, up, refresh, an update and destroy, printing Pulumi's progress", async function () {
        this.timeout(900_000);
        const { build, step } = readmeRoute("go");
        const [go, ...buildArgs] = build.length === 1 ? build[0]! : [];
        assert.equal(go, "go", "examples/go/README.md does not build the driver with one go command");
        const output = buildArgs[buildArgs.indexOf("-o") + 1];
        assert.deepEqual(step, [`./${output}`], "the README runs another file than it builds");
        // Built in the repository with the README's arguments (goDriver), run in the copy, which holds the stack's config.
        const runner = await exampleRunner("go", "tenantkit-example-go", [await goDriver(buildArgs)]);
        await provesLifecycle(fx, runner);
        assertUpPrinted(runner.ups[0], "tenantkit-driver", "tenantkit-example-go");
    });
});
