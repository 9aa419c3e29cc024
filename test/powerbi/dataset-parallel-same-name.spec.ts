/**
 * Regression (issue 37): two push datasets of one name created in parallel in one process could both adopt the same
 * existing dataset: a create looked for an unclaimed dataset of its name and claimed it only after an await, so both
 * creates saw the dataset unclaimed. Two resources then managed one dataset, and destroying one deleted the other's.
 * Found reading `findOrPost`. The search and the claim are now one step per name; the second create gets its own.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { DatasetApi } from "../../provider/powerbi/pushDataset/api";
import { createDataset } from "../../provider/powerbi/pushDataset/lifecycle";
import { PushDatasetInputs } from "../../provider/powerbi/pushDataset/schema";
import { powerBiService } from "../../provider/powerbi/powerBiService";
import { emulatorClient, QUICKSTART_APP } from "../support/emulatorClient";
import { IDS, useEmulator } from "../support/emulator";

describe("regression: same-name push datasets created in parallel in one process never share a dataset", () => {
    const fx = useEmulator();
    const args = PushDatasetInputs.parse({ name: "Twin", tables: [{ name: "Product", columns: [{ name: "ProductID", dataType: "Int64" }] }] });
    let dir = "";
    beforeEach(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-parallel-"));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    /** A workspace of its own per test, holding one dataset named Twin that an earlier, lost create left behind. */
    const workspaceWithTwin = async () => {
        const ws = await fx.emu.admin.addPowerBiWorkspace(IDS.tenantId, { name: "Parallel", members: [IDS.quickstartClientId] });
        const left = await new DatasetApi(emulatorClient(fx.emu.url, powerBiService, QUICKSTART_APP), ws.id).create(args);
        return { workspaceId: ws.id, left: left.id };
    };
    const twins = async (workspaceId: string) =>
        (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.workspaceId === workspaceId.toLowerCase() && d.name === "Twin");

    it("two creates through one client: one adopts the existing dataset, the other creates its own", async () => {
        const { workspaceId, left } = await workspaceWithTwin();
        const datasets = new DatasetApi(emulatorClient(fx.emu.url, powerBiService, QUICKSTART_APP), workspaceId);
        const [a, b] = await Promise.all([createDataset(datasets, args, dir), createDataset(datasets, args, dir)]);
        assert.notEqual(a.id, b.id, `both resources manage dataset ${a.id}`);
        assert.ok([a.id, b.id].includes(left), "neither adopted the dataset the lost create left");
        assert.equal((await twins(workspaceId)).length, 2);
    });

    it("two creates through two clients of the same settings (two connections): each gets its own dataset", async () => {
        const { workspaceId } = await workspaceWithTwin();
        const one = new DatasetApi(emulatorClient(fx.emu.url, powerBiService, QUICKSTART_APP), workspaceId);
        const two = new DatasetApi(emulatorClient(fx.emu.url, powerBiService, QUICKSTART_APP), workspaceId);
        const [a, b] = await Promise.all([createDataset(one, args, dir), createDataset(two, args, dir)]);
        assert.notEqual(a.id, b.id, `both resources manage dataset ${a.id}`);
        assert.equal((await twins(workspaceId)).length, 2);
    });
});
