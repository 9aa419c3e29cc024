/**
 * The examples a user copies:
 * - examples/yaml, copied out of the repository, against the emulator through `pulumi` preview, up, a preview with no
 *   changes and destroy, the emulator's state checked after up and after destroy. Its branding's options pin the
 *   plugin's version and server, so the engine downloads the plugin from a loopback mirror of the release
 *   (releaseMirror.ts) into an empty plugin cache, with no `pulumi plugin install` step and no `node` on PATH.
 * - examples/python passes `mypy --strict` and examples/go `go vet`; their lifecycles run in plugin-programs.spec.ts.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { useEmulator, IDS, type EmulatorFixture } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, programOutsideRepo, ROOT } from "./pulumi";
import { EXE, useReleaseMirror } from "./releaseMirror";
import { exec, goEnv, pythonWithSdk, requireGo } from "./sdkToolchains";

const EXAMPLES = path.join(ROOT, "examples");

/** What examples/yaml sets on the tenant's default branding. */
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

describeCli("the examples: examples/yaml against the emulator, examples/python and examples/go checked", (binDir) => {
    const fx = useEmulator();
    const mirror = useReleaseMirror(binDir);
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-examples-"));
    after(() => fs.rmSync(scratch, { recursive: true, force: true }));

    it("examples/yaml through pulumi, the plugin downloaded from the release's mirror with no node on PATH: preview, up, a preview with no changes and destroy", async function () {
        this.timeout(300_000);
        assert.ok(!fs.readdirSync(mirror.noNode).includes("node"));
        const dir = programOutsideRepo(path.join(EXAMPLES, "yaml"));
        // Stack `dev` in the copy's folder, with the emulator's config; an empty plugin cache and no install step.
        const s = await CliStack.create(mirror.noNode, {
            projectDir: dir,
            stack: "dev",
            work: dir,
            config: emulatorStackConfig(fx.emu.url),
            env: { ...mirror.downloadEnv(), PATH: mirror.noNode },
        });
        try {
            const datasets = async () => (await fx.emu.admin.powerBi(IDS.tenantId)).datasets;
            const before = await brandingNow(fx);

            assert.match((await s.preview()).stdout, /\+ 3 to create/);
            assert.equal(await brandingNow(fx), before, "a preview changed the branding");
            assert.deepEqual(await datasets(), [], "a preview created the dataset");

            await s.up();
            const branding = (await fx.emu.admin.branding(IDS.tenantId))?.default;
            assert.deepEqual(
                Object.fromEntries(Object.keys(BRANDING_TEXTS).map((k) => [k, branding?.[k as keyof typeof BRANDING_TEXTS]])),
                BRANDING_TEXTS,
            );
            const [dataset, ...others] = await datasets();
            assert.deepEqual(others, [], "more than one dataset");
            assert.equal(dataset?.name, "SalesMarketing");
            assert.equal(dataset?.workspaceId ?? null, null, "the dataset is not in My workspace");
            assert.deepEqual(
                dataset?.tables.map((t) => [t.name, ...t.columns.map((c) => `${c.name}:${c.dataType}`)]),
                [["Product", "ProductID:Int64", "Name:String", "Launched:DateTime"]],
            );
            assert.deepEqual(await s.outputs(), { signInPageText: BRANDING_TEXTS.signInPageText, datasetId: dataset?.id, tapUsable: true });

            await s.expectNoChanges();

            await s.destroy();
            assert.equal(await brandingNow(fx), before, "destroy did not give the tenant its branding back");
            assert.deepEqual(await datasets(), []);
            assert.deepEqual(mirror.requests, [mirror.download()], "the engine downloaded the plugin once, from the mirror");
            assert.deepEqual(mirror.installed(s), [EXE]);
        } finally {
            await s.dispose();
        }
    });

    it("examples/python passes mypy --strict", async function () {
        this.timeout(600_000);
        const python = await pythonWithSdk(scratch);
        const dir = path.join(EXAMPLES, "python");
        await exec(python, ["-m", "mypy", "--strict", "--cache-dir", path.join(scratch, "mypy"), "__main__.py", "driver.py"], { cwd: dir });
    });

    it("examples/go passes go vet", async function () {
        this.timeout(600_000);
        await exec(requireGo(), ["vet", "./..."], { cwd: path.join(EXAMPLES, "go"), env: goEnv() });
    });
});
