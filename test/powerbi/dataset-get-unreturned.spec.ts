/**
 * Regression (issue 37): `PushDataset.get` (a read by id, the dynamic resources' side of an import) of a dataset made
 * with `defaultRetentionPolicy: "basicFIFO"` or `defaultMode: "PushStreaming"` reported "None" and "Push": GetDataset
 * returns neither, and the read took the definition's defaults for them. Found with the plugin's import, which replaced
 * such a dataset at the next `up`. A read by id now leaves unset what the service does not say.
 */
import { strict as assert } from "node:assert";
import { DatasetApi } from "../../provider/powerbi/pushDataset/api";
import { handler } from "../../provider/powerbi/pushDataset/handler";
import { createDataset } from "../../provider/powerbi/pushDataset/lifecycle";
import { PushDatasetInputs } from "../../provider/powerbi/pushDataset/schema";
import { powerBiService } from "../../provider/powerbi/powerBiService";
import { emulatorClient, QUICKSTART_APP } from "../support/emulatorClient";
import { IDS, useEmulator } from "../support/emulator";

describe("regression: PushDataset.get reports no mode or retention policy the service did not return", () => {
    const fx = useEmulator();

    it("a basicFIFO PushStreaming dataset read by id has neither defaultMode nor defaultRetentionPolicy in its outputs", async () => {
        const datasets = new DatasetApi(emulatorClient(fx.emu.url, powerBiService, QUICKSTART_APP), IDS.salesWorkspaceId);
        const args = PushDatasetInputs.parse({
            name: "ReadById",
            defaultMode: "PushStreaming",
            defaultRetentionPolicy: "basicFIFO",
            tables: [{ name: "Product", columns: [{ name: "ProductID", dataType: "Int64" }] }],
        });
        const { id } = await createDataset(datasets, args);
        const config = new Map([
            ["tenantkit:emulator", fx.emu.url],
            ["tenantkit:tenantId", QUICKSTART_APP.tenantId!],
            ["tenantkit:clientId", QUICKSTART_APP.clientId!],
            ["tenantkit:clientSecret", QUICKSTART_APP.clientSecret!],
        ]);
        await handler.configure({ config, env: {} });
        // As PushDataset.get sends it: the id and the workspace, no outputs yet.
        const read = await handler.read!(id, { workspaceId: IDS.salesWorkspaceId });
        const outs = read.props as Record<string, unknown>;
        assert.equal(outs.name, "ReadById");
        assert.equal(outs.defaultRetentionPolicy, undefined, `reported ${String(outs.defaultRetentionPolicy)}`);
        assert.equal(outs.defaultMode, undefined, `reported ${String(outs.defaultMode)}`);
    });
});
