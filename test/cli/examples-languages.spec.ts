/**
 * examples/yaml, examples/python and examples/go, each copied out of the repository as a user has it, against the
 * emulator through preview, up, a preview with no changes and destroy, with the emulator's state checked after up and
 * after destroy. All three do the same thing, so one list of expectations holds them. YAML runs through `pulumi`, the
 * engine downloading the plugin its branding's options name from a loopback mirror of the release (releaseMirror.ts)
 * into an empty plugin cache, with no `node` on PATH; Python
 * and Go through each example's own Automation API driver (driver.py, driver/), which runs the example's program code
 * unchanged, since Pulumi's Python and Go language hosts are not served here. The Python code passes `mypy --strict`
 * and the Go code `go vet`.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { useEmulator, IDS, type EmulatorFixture } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, isolatedEnv, programOutsideRepo, ROOT } from "./pulumi";
import { EXE, useReleaseMirror } from "./releaseMirror";
import { exec, goEnv, pythonWithSdk, requireGo } from "./sdkToolchains";

const EXAMPLES = path.join(ROOT, "examples");

/** The steps of the lifecycle, in one language. */
interface ExampleSteps {
    preview(): Promise<string>;
    up(): Promise<void>;
    /** A preview that fails when it has any change. */
    expectNoChanges(): Promise<void>;
    outputs(): Promise<Record<string, unknown>>;
    destroy(): Promise<void>;
}

/** What each example sets on the tenant's default branding. */
const BRANDING_TEXTS = {
    backgroundColor: "#0F6CBD",
    signInPageText: "Authorized use only. Activity is monitored.",
    usernameHintText: "someone@contoso.com",
    customForgotMyPasswordText: "Forgot your password? Call the help desk.",
};

/** The tenant's branding, without the CDN paths (every upload gets a new one). */
async function brandingNow(fx: EmulatorFixture): Promise<string> {
    return JSON.stringify(await fx.emu.admin.branding(IDS.tenantId), (k, v: unknown) => (k === "relativeUrl" ? undefined : v));
}

async function provesExample(fx: EmulatorFixture, steps: ExampleSteps): Promise<void> {
    const datasets = async () => (await fx.emu.admin.powerBi(IDS.tenantId)).datasets;
    const before = await brandingNow(fx);

    assert.match(await steps.preview(), /\+ 3 to create/);
    assert.equal(await brandingNow(fx), before, "a preview changed the branding");
    assert.deepEqual(await datasets(), [], "a preview created the dataset");

    await steps.up();
    const branding = (await fx.emu.admin.branding(IDS.tenantId))?.default;
    assert.deepEqual(Object.fromEntries(Object.keys(BRANDING_TEXTS).map((k) => [k, branding?.[k as keyof typeof BRANDING_TEXTS]])), BRANDING_TEXTS);
    const [dataset, ...others] = await datasets();
    assert.deepEqual(others, [], "more than one dataset");
    assert.equal(dataset?.name, "SalesMarketing");
    assert.equal(dataset?.workspaceId ?? null, null, "the dataset is not in My workspace");
    assert.deepEqual(
        dataset?.tables.map((t) => [t.name, ...t.columns.map((c) => `${c.name}:${c.dataType}`)]),
        [["Product", "ProductID:Int64", "Name:String", "Launched:DateTime"]],
    );
    assert.deepEqual(await steps.outputs(), { signInPageText: BRANDING_TEXTS.signInPageText, datasetId: dataset?.id, tapUsable: true });

    await steps.expectNoChanges();

    await steps.destroy();
    assert.equal(await brandingNow(fx), before, "destroy did not give the tenant its branding back");
    assert.deepEqual(await datasets(), []);
}

describeCli("examples/yaml, examples/python and examples/go, against the emulator", (binDir) => {
    const fx = useEmulator();
    const mirror = useReleaseMirror(binDir);
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-examples-"));
    let stack: CliStack | undefined;
    afterEach(async () => {
        await stack?.dispose();
        stack = undefined;
    });
    after(() => fs.rmSync(scratch, { recursive: true, force: true }));

    /**
     * The example copied out of the repository, stack `dev` made in its folder with the emulator's config (the
     * folder's Pulumi.dev.yaml, which the drivers read as `pulumi up` would) and the plugin installed from plugin/.
     */
    async function exampleStack(example: string): Promise<CliStack> {
        const dir = programOutsideRepo(path.join(EXAMPLES, example));
        stack = await CliStack.create(binDir, { projectDir: dir, stack: "dev", work: dir, config: emulatorStackConfig(fx.emu.url) });
        await stack.installPlugin();
        return stack;
    }

    /** The steps through a driver run as `<command...> dev <step>` in the example's folder. */
    function driverSteps(s: CliStack, command: readonly string[]): ExampleSteps {
        const env = isolatedEnv(binDir, s.work);
        const step = (name: string) => exec(command[0]!, [...command.slice(1), "dev", name], { cwd: s.opts.projectDir, env });
        return {
            preview: () => step("preview"),
            up: async () => void (await step("up")),
            expectNoChanges: async () => void (await step("expect-no-changes")),
            outputs: async () => JSON.parse((await step("outputs")).trim().split("\n").pop()!) as Record<string, unknown>,
            destroy: async () => void (await step("destroy")),
        };
    }

    it("examples/yaml through pulumi, the plugin downloaded from the release's mirror with no node on PATH: preview, up, a preview with no changes and destroy", async function () {
        this.timeout(300_000);
        assert.ok(!fs.readdirSync(mirror.noNode).includes("node"));
        const dir = programOutsideRepo(path.join(EXAMPLES, "yaml"));
        // An empty plugin cache and no install step: the branding's options name the version and server.
        const s = await CliStack.create(mirror.noNode, {
            projectDir: dir,
            stack: "dev",
            work: dir,
            config: emulatorStackConfig(fx.emu.url),
            env: { ...mirror.downloadEnv(), PATH: mirror.noNode },
        });
        stack = s;
        await provesExample(fx, {
            preview: async () => (await s.preview()).stdout,
            up: async () => void (await s.up()),
            expectNoChanges: async () => void (await s.expectNoChanges()),
            outputs: () => s.outputs(),
            destroy: async () => void (await s.destroy()),
        });
        assert.deepEqual(mirror.requests, [mirror.download()], "the engine downloaded the plugin once, from the mirror");
        assert.deepEqual(mirror.installed(s), [EXE]);
    });

    it("examples/python passes mypy --strict", async function () {
        this.timeout(600_000);
        const python = await pythonWithSdk(scratch);
        const dir = path.join(EXAMPLES, "python");
        await exec(python, ["-m", "mypy", "--strict", "--cache-dir", path.join(scratch, "mypy"), "__main__.py", "driver.py"], { cwd: dir });
    });

    it("examples/python through driver.py: preview, up, a preview with no changes and destroy", async function () {
        this.timeout(600_000);
        const python = await pythonWithSdk(scratch);
        await provesExample(fx, driverSteps(await exampleStack("python"), [python, "driver.py"]));
    });

    it("examples/go passes go vet", async function () {
        this.timeout(600_000);
        await exec(requireGo(), ["vet", "./..."], { cwd: path.join(EXAMPLES, "go"), env: goEnv() });
    });

    it("examples/go through driver/: preview, up, a preview with no changes and destroy", async function () {
        this.timeout(600_000);
        // Built in the repository, where go.mod's replace finds sdk/; run in the copy, which holds the stack's config.
        const driver = path.join(scratch, "go-driver");
        await exec(requireGo(), ["build", "-o", driver, "./driver"], { cwd: path.join(EXAMPLES, "go"), env: goEnv() });
        await provesExample(fx, driverSteps(await exampleStack("go"), [driver]));
    });
});
