/**
 * Every example through the real CLI against the emulator: preview, up, preview --expect-no-changes, refresh
 * --expect-no-changes, destroy, and the emulator's state after each step. A refresh that expects no change fails when
 * what it read differs from the inputs in state as the next `up` of the unchanged program would see it (the engine diffs
 * them through the provider: RefreshStep in pkg/resource/deploy), so it stands for a second preview after the refresh.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { useEmulator, IDS, type EmulatorFixture } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, exampleCopy, resourcesOfType, ROOT, secret } from "./pulumi";

/** tenantkit's config for the emulator, signing in as the quickstart app, and the seeded PAT; secrets set with --secret. */
function emulatorStack(fx: EmulatorFixture, projectDir: string, stack: string) {
    return {
        projectDir,
        stack,
        config: { ...emulatorStackConfig(fx.emu.url), "tenantkit:devopsPat": secret(IDS.devopsPat) },
    };
}

/** The tenant's branding, with the CDN paths left out (every upload gets a new one; the bytes' hash stays). */
async function brandingNow(fx: EmulatorFixture): Promise<string> {
    return JSON.stringify(await fx.emu.admin.branding(IDS.tenantId), (k, v: unknown) => (k === "relativeUrl" ? undefined : v));
}

/** The datasets the emulator holds in contoso's tenant, as `name@workspace`. */
async function datasets(fx: EmulatorFixture): Promise<string[]> {
    return (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.map((d) => `${d.name}@${d.workspaceId ?? "me"}`).sort();
}

describeCli("examples through pulumi preview/up/refresh/destroy", (binDir) => {
    const fx = useEmulator();

    it("examples/branding: up applies the branding and the French localization, destroy gives the tenant its branding back", async () => {
        const before = await brandingNow(fx);
        const program = exampleCopy("branding");
        const stack = await CliStack.create(binDir, emulatorStack(fx, program, "branding"));
        try {
            const preview = await stack.preview();
            assert.match(preview.stdout, /\+ 3 to create/);
            assert.equal(await brandingNow(fx), before, "a preview changed the tenant");

            await stack.up();
            const after = await fx.emu.admin.branding(IDS.tenantId);
            assert.equal(after?.default.backgroundColor, "#0F6CBD");
            assert.equal(after?.default.signInPageText, "Authorized use only. Activity is monitored.");
            assert.equal(after?.localizations["fr-FR"]?.signInPageText, "Accès réservé. L'activité est surveillée.");
            assert.ok(after?.default.bannerLogo, "the banner logo was not uploaded");

            await stack.expectNoChanges();
            await stack.refresh(["--expect-no-changes"]);

            await stack.destroy();
            assert.equal(await brandingNow(fx), before, "destroy did not restore the tenant's branding");
            assert.deepEqual((await stack.exportState()).deployment.resources ?? [], []);
        } finally {
            await stack.dispose();
            fs.rmSync(program, { recursive: true, force: true });
        }
    });

    it("examples/push-dataset: up creates one dataset in My workspace, destroy deletes it", async () => {
        const before = await datasets(fx);
        const stack = await CliStack.create(binDir, emulatorStack(fx, path.join(ROOT, "examples", "push-dataset"), "dataset"));
        try {
            await stack.preview();
            assert.deepEqual(await datasets(fx), before);

            await stack.up();
            assert.deepEqual(await datasets(fx), [...before, "SalesMarketing@me"].sort());
            const outputs = await stack.outputs();
            assert.deepEqual(outputs.tables, ["Date", "Sales"]);
            const [ds] = resourcesOfType((await stack.exportState()).deployment, "tenantkit:PushDataset");
            assert.equal(ds?.id, outputs.datasetId, "the state's id is not the dataset's");

            await stack.expectNoChanges();
            await stack.refresh(["--expect-no-changes"]);
            assert.deepEqual(await datasets(fx), [...before, "SalesMarketing@me"].sort(), "refresh or preview changed the datasets");

            await stack.destroy();
            assert.deepEqual(await datasets(fx), before);
        } finally {
            await stack.dispose();
        }
    });

    it("examples/lookups: the push and the TAP method are read into outputs and refresh keeps them", async () => {
        const stack = await CliStack.create(binDir, emulatorStack(fx, path.join(ROOT, "examples", "lookups"), "lookups"));
        try {
            await stack.preview();
            await stack.up();
            const outputs = await stack.outputs();
            assert.equal(typeof outputs.pushedBy, "string");
            assert.ok((outputs.commitCount as number) > 0, "no commits read");
            assert.equal(outputs.tapUsable, true);
            await stack.expectNoChanges();
            await stack.refresh(["--expect-no-changes"]);
            await stack.destroy();
            assert.deepEqual((await stack.exportState()).deployment.resources ?? [], []);
        } finally {
            await stack.dispose();
        }
    });

    it("the quickstart (root Pulumi.yaml): every area up, no changes after up and after refresh, destroy restores the branding", async () => {
        const brandingBefore = await brandingNow(fx);
        const datasetsBefore = await datasets(fx);
        const stack = await CliStack.create(binDir, emulatorStack(fx, ROOT, "quickstart"));
        try {
            await stack.preview();
            await stack.up();
            const outputs = await stack.outputs();
            assert.equal(outputs.tapUser, IDS.aliceUpn);
            assert.equal(outputs.tapPass, "[secret]");
            assert.equal(outputs.frenchSignInText, "Accès réservé");
            assert.deepEqual(await datasets(fx), [...datasetsBefore, `SalesMarketing@${IDS.salesWorkspaceId}`].sort());
            await stack.expectNoChanges();
            await stack.refresh(["--expect-no-changes"]);
            await stack.destroy();
            assert.equal(await brandingNow(fx), brandingBefore);
            assert.deepEqual(await datasets(fx), datasetsBefore);
        } finally {
            await stack.dispose();
        }
    });
});
