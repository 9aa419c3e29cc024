/**
 * Existing objects under the real engine: `PushDataset.get(name, id)` reads a dataset it does not manage (destroy
 * forgets it), a missing id fails the preview with the id and the workspace, and `pulumi import` of a dynamic
 * resource fails as docs/push-datasets.md says (use `adopt`).
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { useEmulator, IDS } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, ROOT } from "./pulumi";

const GET_DIR = path.join(ROOT, "test", "fixtures", "programs", "get");

describeCli("existing objects under the real engine", (binDir) => {
    const fx = useEmulator();

    async function existingDataset(): Promise<{ stack: CliStack; id: string }> {
        const stack = await CliStack.create(binDir, {
            projectDir: path.join(ROOT, "examples", "push-dataset"),
            stack: "owner",
            config: { ...emulatorStackConfig(fx.emu.url), "tenantkit-push-dataset:workspaceId": IDS.salesWorkspaceId },
        });
        await stack.up();
        return { stack, id: String((await stack.outputs()).datasetId) };
    }

    it("PushDataset.get reads a dataset of another stack by id; refresh re-reads it; destroy leaves it", async () => {
        const owner = await existingDataset();
        const reader = await CliStack.create(binDir, {
            projectDir: GET_DIR,
            stack: "reader",
            config: { ...emulatorStackConfig(fx.emu.url), "getprog:datasetId": owner.id, "getprog:workspaceId": IDS.salesWorkspaceId },
        });
        try {
            await reader.up();
            const outputs = await reader.outputs();
            assert.equal(outputs.name, "SalesMarketing");
            assert.equal(outputs.datasetId, owner.id);
            assert.deepEqual(outputs.tables, ["Date(Date)", "Sales(Date,Amount)"]);
            await reader.expectNoChanges();
            await reader.refresh();
            await reader.destroy();
            assert.deepEqual(
                (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.map((d) => d.id),
                [owner.id],
                "destroy of a read deleted the dataset",
            );
        } finally {
            await reader.dispose();
            await owner.stack.dispose();
        }
    });

    it("PushDataset.get of an id that does not exist fails the preview, naming the id and the workspace", async () => {
        const missing = "00000000-0000-4000-8000-000000000000";
        const reader = await CliStack.create(binDir, {
            projectDir: GET_DIR,
            stack: "missing",
            config: { ...emulatorStackConfig(fx.emu.url), "getprog:datasetId": missing, "getprog:workspaceId": IDS.salesWorkspaceId },
        });
        try {
            const r = await reader.run(["preview", "--config-file", reader.configFile]);
            assert.notEqual(r.code, 0, "a read of a missing dataset passed");
            assert.match(r.output, new RegExp(`dataset ${missing} was not found in workspace`));
        } finally {
            await reader.dispose();
        }
    });

    it("pulumi import of a tenantkit resource fails (the engine's Read carries no serialized provider): adopt is the way", async () => {
        const owner = await existingDataset();
        try {
            const r = await owner.stack.run([
                "import",
                "pulumi-nodejs:dynamic/tenantkit:PushDataset",
                "imported",
                owner.id,
                "--yes",
                "--config-file",
                owner.stack.configFile,
            ]);
            assert.notEqual(r.code, 0);
            // The SDK's dynamic provider host gets no properties to find the serialized provider in.
            assert.match(r.output, /Cannot read properties of undefined \(reading 'toJavaScript'\)/);
            assert.deepEqual(
                (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.map((d) => d.id),
                [owner.id],
            );
        } finally {
            await owner.stack.dispose();
        }
    });
});
