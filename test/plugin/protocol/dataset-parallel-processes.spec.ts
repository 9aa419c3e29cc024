/**
 * Regression (issue 37): two push datasets of one name created at once by two plugin processes with the same settings
 * (two explicit providers on one workspace, in one program) could both adopt the same existing dataset: each
 * process's claim was in its own memory. Two resources then managed one dataset, and destroying one deleted the
 * other's. Found reading `findOrPost`. A create now takes the name in the program's `.tenantkit/claims/`, and a
 * dataset another create took while this process runs is never adopted: each resource gets its own dataset.
 */
import { strict as assert } from "node:assert";
import { DatasetApi } from "../../../provider/powerbi/pushDataset/api";
import { PushDatasetInputs } from "../../../provider/powerbi/pushDataset/schema";
import { powerBiService } from "../../../provider/powerbi/powerBiService";
import { emulatorClient, QUICKSTART_APP } from "../../support/emulatorClient";
import { IDS, useEmulator } from "../../support/emulator";
import type { Props, RunningPlugin } from "./client";
import { DATASET, datasetInputs, usePluginProcesses } from "./fixtures";

describe("regression: same-name push datasets created at once by two plugin processes never share a dataset", function () {
    this.timeout(60_000);
    const fx = useEmulator();
    const { provider } = usePluginProcesses(fx, "parallel");
    const create = async (p: RunningPlugin, news: Props) => {
        const checked = await p.client.check({ type: DATASET, news });
        assert.deepEqual(checked.failures, []);
        return p.client.create({ type: DATASET, properties: checked.inputs });
    };
    const twins = async () => (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name === "Twin");

    it("with a dataset of the name already there, one process adopts it and the other creates its own", async () => {
        // What a lost create of an earlier up left behind: a dataset of the name, nobody's yet.
        const left = await new DatasetApi(emulatorClient(fx.emu.url, powerBiService, QUICKSTART_APP), IDS.salesWorkspaceId).create(
            PushDatasetInputs.parse(datasetInputs("Twin")),
        );
        const [one, two] = [await provider(), await provider()];
        const [a, b] = await Promise.all([create(one, datasetInputs("Twin")), create(two, datasetInputs("Twin"))]);
        assert.notEqual(a.id, b.id, `both resources manage dataset ${a.id}`);
        assert.ok([a.id, b.id].includes(left.id), "neither adopted the dataset the lost create left");
        assert.equal((await twins()).length, 2);
    });

    it("with none there, each process creates its own", async () => {
        const [one, two] = [await provider(), await provider()];
        const [a, b] = await Promise.all([create(one, datasetInputs("Twin")), create(two, datasetInputs("Twin"))]);
        assert.notEqual(a.id, b.id, `both resources manage dataset ${a.id}`);
        assert.equal((await twins()).length, 2);
    });
});
