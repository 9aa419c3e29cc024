/**
 * Regression: the dataset POST's 201 was parsed by the dataset code itself, so a body of the wrong shape (a gateway's,
 * a changed API) was a plain Error: no request id, and taken for "nothing happened", although the service had created
 * the dataset. The create failed and the dataset was left behind without a resource. Now the client checks the body
 * against the documented shape: an InvalidResponse with the request id, which says the service may have acted, so the
 * create lists the workspace and takes the dataset it made.
 */
import { strict as assert } from "node:assert";
import { DatasetApi } from "../../provider/powerbi/pushDataset/api";
import { createDataset } from "../../provider/powerbi/pushDataset/lifecycle";
import { PushDatasetInputs } from "../../provider/powerbi/pushDataset/schema";
import { powerBiService } from "../../provider/powerbi/powerBiService";
import { emulatorClient } from "../support/emulatorClient";
import { IDS, useEmulator } from "../support/emulator";

describe("regression: a dataset POST answered with a body of the wrong shape", function () {
    this.timeout(30_000);
    const fx = useEmulator();
    const args = PushDatasetInputs.parse({ name: "Odd", tables: [{ name: "Product", columns: [{ name: "ProductID", dataType: "Int64" }] }] });

    it("takes the dataset the service created, without a second POST", async () => {
        const ws = await fx.emu.admin.addPowerBiWorkspace(IDS.tenantId, { name: "Odd answers", members: [IDS.quickstartClientId] });
        const client = emulatorClient(fx.emu.url, powerBiService);
        await fx.emu.admin.setFaults({
            match: { service: "powerbi", method: "POST" },
            kind: "status",
            status: 201,
            body: { "@odata.context": "x", datasetId: "not the documented shape" },
            served: true,
        });
        const { id } = await createDataset(new DatasetApi(client, ws.id), args);
        const made = (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.workspaceId === ws.id.toLowerCase());
        assert.deepEqual(
            made.map((d) => d.id),
            [id],
        );
        assert.equal((await fx.emu.admin.requests({ service: "powerbi", method: "POST" })).length, 1);
    });
});
