/**
 * Regression (issue 49, defect 5): a create that found a dataset of its name in the workspace took it over, so a dataset
 * made outside any program, named like the program's, was adopted by the create and deleted by `pulumi destroy` (the
 * failure of pulumi-azure#468; pulumi-kubernetes#4278 moved from upsert to refusing for this reason). Now a create that
 * finds one refuses, naming its id and how to take it over (`adopt`, or `pulumi import` on the plugin), and writes
 * nothing; a create never takes over a dataset the program did not name.
 */
import { strict as assert } from "node:assert";
import { DatasetApi } from "../../provider/powerbi/pushDataset/api";
import { createDataset } from "../../provider/powerbi/pushDataset/lifecycle";
import { PushDatasetInputs } from "../../provider/powerbi/pushDataset/schema";
import { powerBiService } from "../../provider/powerbi/powerBiService";
import { emulatorClient, QUICKSTART_APP } from "../support/emulatorClient";
import { IDS, useEmulator } from "../support/emulator";
import { rejectionOf } from "../support/rejection";

describe("regression: a push dataset create never takes over a dataset it finds by name", () => {
    const fx = useEmulator();
    const args = PushDatasetInputs.parse({ name: "Twin", tables: [{ name: "Product", columns: [{ name: "ProductID", dataType: "Int64" }] }] });

    /** A workspace of its own per test: the listing is kept per workspace and client. */
    const workspace = async () => (await fx.emu.admin.addPowerBiWorkspace(IDS.tenantId, { name: "Names", members: [IDS.quickstartClientId] })).id;
    const client = () => emulatorClient(fx.emu.url, powerBiService, QUICKSTART_APP);
    const twins = async (workspaceId: string) =>
        (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.workspaceId === workspaceId.toLowerCase() && d.name === "Twin");
    const writes = async () => (await fx.emu.admin.requests({ service: "powerbi" })).filter((r) => r.method !== "GET");

    it("refuses a dataset of its name made outside any program, naming its id and the adopt that takes it over, and writes nothing", async () => {
        const workspaceId = await workspace();
        const outside = await new DatasetApi(client(), workspaceId).create(args);
        await fx.emu.admin.clearRequests();

        const err = await rejectionOf(createDataset(new DatasetApi(client(), workspaceId), args));
        assert.match(err.message, new RegExp(`^a dataset named "Twin" already exists in workspace ${workspaceId} \\(id ${outside.id}\\)`));
        assert.match(err.message, new RegExp(`set \`adopt: "${outside.id}"\``));
        assert.match(err.message, /deleteBeforeReplace/, "the refusal does not say what to do when the create is a replacement");
        assert.deepEqual(await writes(), []);
        assert.equal((await twins(workspaceId)).length, 1);
    });

    it("two creates of one name in one process: the first makes the dataset, the second refuses naming it", async () => {
        const workspaceId = await workspace();
        const datasets = new DatasetApi(client(), workspaceId);
        const [a, b] = await Promise.allSettled([createDataset(datasets, args), createDataset(datasets, args)]);
        assert.equal(a.status, "fulfilled");
        assert.equal(b.status, "rejected");
        const made = a.status === "fulfilled" ? a.value.id : "";
        assert.match((b as PromiseRejectedResult).reason.message, new RegExp(`\\(id ${made}\\)`));
        assert.deepEqual(
            (await twins(workspaceId)).map((d) => d.id),
            [made],
        );
    });

    it("creates through two clients of the same settings (two connections) never hold the same dataset", async () => {
        const workspaceId = await workspace();
        // Not ordered between clients (as between two plugin processes): each makes its own, or the later one refuses.
        const results = await Promise.allSettled([1, 2].map(() => createDataset(new DatasetApi(client(), workspaceId), args)));
        const held = results.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<{ id: string }>).value.id);
        assert.equal(new Set(held).size, held.length, `two resources hold dataset ${held[0]}`);
        assert.ok(held.length >= 1);
        assert.deepEqual((await twins(workspaceId)).map((d) => d.id).sort(), [...held].sort());
    });

    it("takes over the dataset adopt names, posting nothing", async () => {
        const workspaceId = await workspace();
        const outside = await new DatasetApi(client(), workspaceId).create(args);
        await fx.emu.admin.clearRequests();
        const { id } = await createDataset(new DatasetApi(client(), workspaceId), { ...args, adopt: outside.id });
        assert.equal(id, outside.id);
        assert.deepEqual(await writes(), []);
    });
});
