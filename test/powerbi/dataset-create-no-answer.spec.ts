/**
 * Regression: a push dataset POST that got no answer within the request timeout was followed at once by a listing and,
 * finding nothing yet, by a second POST; when the first one landed late (a slow service acts after the client gave up),
 * the workspace held two datasets of the name. Now a create whose POST got no answer (a timeout, 504) waits one request
 * timeout and lists: it takes the dataset if it showed, and otherwise fails without posting again (names do not make
 * datasets unique), saying what to check before the next up; the next create lists afresh, and refuses to make a second
 * dataset of the name when the first POST landed late (issue 49, defect 11: it took the late one over by name before,
 * or made a second one when it ran before the late one landed).
 */
import { strict as assert } from "node:assert";
import { DatasetApi } from "../../provider/powerbi/pushDataset/api";
import { createDataset } from "../../provider/powerbi/pushDataset/lifecycle";
import { PushDatasetInputs } from "../../provider/powerbi/pushDataset/schema";
import { emulatorClient, QUICKSTART_APP } from "../support/emulatorClient";
import { IDS, useEmulator } from "../support/emulator";
import { rejection, rejectionOf } from "../support/rejection";
import { powerBiService } from "../../provider/powerbi/powerBiService";

describe("regression: a dataset POST that got no answer is never sent twice", function () {
    this.timeout(30_000);
    const fx = useEmulator();
    const args = PushDatasetInputs.parse({ name: "Late", tables: [{ name: "Product", columns: [{ name: "ProductID", dataType: "Int64" }] }] });
    /** A workspace of its own per test: the listing is kept per workspace and process. */
    const api = async () => {
        const ws = await fx.emu.admin.addPowerBiWorkspace(IDS.tenantId, { name: "Regression", members: [IDS.quickstartClientId] });
        return new DatasetApi(emulatorClient(fx.emu.url, powerBiService, { ...QUICKSTART_APP, requestTimeoutSeconds: "1" }), ws.id);
    };
    const named = async (workspaceId: string) =>
        (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.workspaceId === workspaceId.toLowerCase() && d.name === "Late");
    const posts = async () => (await fx.emu.admin.requests({ service: "powerbi", method: "POST" })).length;

    it("takes the dataset a POST served after the timeout made, without a second POST", async () => {
        const datasets = await api();
        await fx.emu.admin.setFaults({ match: { service: "powerbi", method: "POST" }, kind: "delay", delayMs: 1500 });
        const { id } = await createDataset(datasets, args);
        const found = await named(datasets.workspaceId!);
        assert.deepEqual(
            found.map((d) => d.id),
            [id],
        );
        assert.equal(await posts(), 1);
    });

    it("fails on a 504 without a second POST, and the next create posts once", async () => {
        const datasets = await api();
        await fx.emu.admin.setFaults({ match: { service: "powerbi", method: "POST" }, kind: "status", status: 504 });
        const err = await rejection(createDataset(datasets, args));
        assert.equal(err.status, 504);
        assert.match(
            err.nextStep ?? "",
            /^Power BI may still be creating dataset "Late" in workspace [0-9a-f-]+, so it was not posted a second time\. Before the next `pulumi up`, wait a few minutes and list the workspace's datasets: if one named "Late" appeared, the next up refuses to make a second one/,
        );
        assert.equal(await posts(), 1);
        assert.deepEqual(await named(datasets.workspaceId!), []);
        const { id } = await createDataset(datasets, args);
        assert.deepEqual(
            (await named(datasets.workspaceId!)).map((d) => d.id),
            [id],
        );
        const lists = await fx.emu.admin.requests({ service: "powerbi", method: "GET" });
        assert.equal(lists.length, 3, "listed before the POST, after the 504, and afresh by the next create");
    });

    it("a POST that got no answer and landed after the create gave up: the next create refuses, naming the late dataset, and posts nothing", async () => {
        const datasets = await api();
        // The service acts on the POST 3.5 s late: after the request timeout (1 s) and the one more the create waits.
        await fx.emu.admin.setFaults({ match: { service: "powerbi", method: "POST" }, kind: "delay", delayMs: 3500 });
        const gaveUp = await rejection(createDataset(datasets, args));
        assert.match(gaveUp.nextStep ?? "", /was not posted a second time/);
        assert.deepEqual(await named(datasets.workspaceId!), [], "the late POST had landed before the create gave up");
        let late: { id: string } | undefined;
        for (const until = Date.now() + 10_000; late === undefined && Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
            late = (await named(datasets.workspaceId!))[0];
        }
        assert.ok(late, "the late POST never landed");
        await fx.emu.admin.clearFaults();
        await fx.emu.admin.clearRequests();

        const err = await rejectionOf(createDataset(datasets, args));
        assert.match(err.message, new RegExp(`a dataset named "Late" already exists in workspace [0-9a-f-]+ \\(id ${late.id}\\)`));
        assert.match(err.message, new RegExp(`set \`adopt: "${late.id}"\``));
        assert.equal(await posts(), 0, "posted a second dataset of the name");
        assert.equal((await named(datasets.workspaceId!)).length, 1);
    });
});
