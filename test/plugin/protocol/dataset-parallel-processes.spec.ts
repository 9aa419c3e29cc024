/**
 * Regression (issue 37, then issue 49): two push datasets of one name created at once by two plugin processes with the
 * same settings (two explicit providers on one workspace, in one program) could both adopt the same existing dataset;
 * issue 37 guarded it with claims in the program's `.tenantkit/`, which a fresh CI runner does not have, and whose lock
 * ignored Ctrl-C. Now a create never takes over a dataset it finds, so two processes cannot share one whatever they
 * remember: a dataset of the name there already is refused by both, and with none there each makes its own (or the
 * later one refuses the earlier one's).
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

    it("with a dataset of the name already there, both processes refuse it, naming its id, and neither writes", async () => {
        // What a lost create of an earlier up left behind: a dataset of the name, nobody's.
        const left = await new DatasetApi(emulatorClient(fx.emu.url, powerBiService, QUICKSTART_APP), IDS.salesWorkspaceId).create(
            PushDatasetInputs.parse(datasetInputs("Twin")),
        );
        await fx.emu.admin.clearRequests();
        const [one, two] = [await provider(), await provider()];
        const results = await Promise.allSettled([create(one, datasetInputs("Twin")), create(two, datasetInputs("Twin"))]);
        for (const r of results) {
            assert.equal(r.status, "rejected");
            assert.match((r as PromiseRejectedResult).reason.details, new RegExp(`\\(id ${left.id}\\)`));
        }
        assert.deepEqual((await fx.emu.admin.requests({ service: "powerbi" })).filter((r) => r.method !== "GET"), []);
        assert.equal((await twins()).length, 1);
    });

    it("with none there, the two processes never hold the same dataset", async () => {
        const [one, two] = [await provider(), await provider()];
        const results = await Promise.allSettled([create(one, datasetInputs("Twin")), create(two, datasetInputs("Twin"))]);
        const held = results.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<{ id: string }>).value.id);
        assert.ok(held.length >= 1);
        assert.equal(new Set(held).size, held.length, `both resources hold dataset ${held[0]}`);
        assert.deepEqual((await twins()).map((d) => d.id).sort(), [...held].sort());
    });
});
