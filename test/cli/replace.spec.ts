/**
 * Replacement under the real engine: the property that forces it shows in `pulumi preview --diff`, a replaced
 * push dataset that keeps its name is deleted before its successor is created (one dataset of the name at any time),
 * and the plain preview warns on the dataset that its rows go with it, naming what forces the replacement.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { useEmulator, IDS } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, exampleCopy, resourcesOfType, ROOT } from "./pulumi";

const REPLACE_PROGRAM = path.join(ROOT, "test", "fixtures", "programs", "replace-dataset");

describeCli("replacement under the real engine", (binDir) => {
    const fx = useEmulator();

    /** The replace-dataset program, up once with retention None and the table Product. */
    const datasetStack = async () => {
        const stack = await CliStack.create(binDir, {
            projectDir: REPLACE_PROGRAM,
            stack: "replace-warning",
            config: emulatorStackConfig(fx.emu.url),
        });
        await stack.up();
        return stack;
    };

    it("the plain preview of a dataset replaced for its retention policy and tables warns on it that its rows are lost, naming both", async () => {
        const stack = await datasetStack();
        try {
            await stack.setConfig("replacedataset:retention", "basicFIFO");
            await stack.setConfig("replacedataset:returns", "true");
            const preview = await stack.preview();
            assert.match(preview.stdout, /\+-\s*pulumi-nodejs:dynamic\/tenantkit:PushDataset sales replace/);
            const diagnostics = preview.stdout.slice(preview.stdout.indexOf("Diagnostics:"));
            assert.ok(
                diagnostics.includes(
                    "  pulumi-nodejs:dynamic/tenantkit:PushDataset (sales):\n" +
                        "    warning: replacing deletes this dataset and every row pushed to it; the new one starts empty. " +
                        'Forced by defaultRetentionPolicy ("None" -> "basicFIFO"), tables (+Returns), which Power BI sets only when it creates a dataset.',
                ),
                `the preview did not warn on the dataset:\n${preview.stdout}`,
            );
        } finally {
            await stack.dispose();
        }
    });

    it("a preview that changes a dataset in place, or not at all, shows no replacement warning", async () => {
        const stack = await datasetStack();
        try {
            const unchanged = await stack.preview();
            assert.doesNotMatch(unchanged.output, /warning:/);
            await stack.setConfig("replacedataset:columnType", "String");
            const inPlace = await stack.preview();
            assert.match(inPlace.stdout, /~\s*pulumi-nodejs:dynamic\/tenantkit:PushDataset sales update/);
            assert.doesNotMatch(inPlace.output, /warning:/);
        } finally {
            await stack.dispose();
        }
    });

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
        } finally {
            await stack.dispose();
        }
    });

    it("a forced replacement of the default branding (`up --replace`, create-first) keeps the program's branding, and destroy still restores the original", async () => {
        const brandingNow = async () =>
            JSON.stringify(await fx.emu.admin.branding(IDS.tenantId), (k, v: unknown) => (k === "relativeUrl" ? undefined : v));
        const original = await brandingNow();
        const program = exampleCopy("branding");
        const stack = await CliStack.create(binDir, {
            projectDir: program,
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
            fs.rmSync(program, { recursive: true, force: true });
        }
    });
});
