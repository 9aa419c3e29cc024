/**
 * Replacement under the real engine: the property that forces it shows in `pulumi preview --diff`, and a replaced
 * push dataset that keeps its name is deleted before its successor is created (one dataset of the name at any time).
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { useEmulator, IDS } from "../emulator/helpers";
import { CliStack, describeCli, emulatorStackConfig, resourcesOfType, ROOT } from "./pulumi";

describeCli("replacement under the real engine", (binDir) => {
    const fx = useEmulator();

    it("moving a dataset from the Sales workspace to My workspace previews a replacement naming workspaceId, and up leaves one dataset", async () => {
        const stack = await CliStack.create(binDir, {
            projectDir: path.join(ROOT, "examples", "push-dataset"),
            stack: "replace",
            config: { ...emulatorStackConfig(fx.emu.url), "tenantkit-push-dataset:workspaceId": IDS.salesWorkspaceId },
        });
        try {
            await stack.up();
            const before = (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name === "SalesMarketing");
            assert.equal(before.length, 1);

            // My workspace instead of Sales: the workspace is set only at creation.
            await stack.ok(["config", "rm", "--config-file", stack.configFile, "tenantkit-push-dataset:workspaceId"]);
            const preview = await stack.preview(["--diff"]);
            assert.match(preview.stdout, /\+-\s*pulumi-nodejs:dynamic\/tenantkit:PushDataset: \(replace\)/);
            assert.match(preview.stdout, /workspaceId/);

            await stack.up();
            const after = (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name === "SalesMarketing");
            assert.equal(after.length, 1, "the old dataset was not deleted, or the new one not made");
            assert.equal(after[0]?.workspaceId, null);
            assert.notEqual(after[0]?.id, before[0]?.id);
            await stack.destroy();
        } finally {
            await stack.dispose();
        }
    });

    it("a forced replacement of the default branding (`up --replace`, create-first) keeps the program's branding, and destroy still restores the original", async () => {
        const brandingNow = async () =>
            JSON.stringify(await fx.emu.admin.branding(IDS.tenantId), (k, v: unknown) => (k === "relativeUrl" ? undefined : v));
        const original = await brandingNow();
        const stack = await CliStack.create(binDir, {
            projectDir: path.join(ROOT, "examples", "branding"),
            stack: "replace-branding",
            config: emulatorStackConfig(fx.emu.url),
        });
        try {
            await stack.up();
            const applied = await brandingNow();
            const [urn] = resourcesOfType((await stack.exportState()).deployment, "tenantkit:OrganizationalBranding").map((r) => r.urn);
            await stack.up(["--replace", urn!]);
            assert.equal(await brandingNow(), applied, "the replaced resource's delete restored over its replacement");
            await stack.expectNoChanges();
            await stack.destroy();
            assert.equal(await brandingNow(), original, "destroy after the replacement did not give the tenant its original branding back");
        } finally {
            await stack.dispose();
        }
    });
});
