/**
 * An explicit connection on a resource, as core/host/handler.ts handles it for every resource (here a push dataset):
 * validated at check naming `connection.<key>`, kept out of the resource's own validation, and diffed on its own:
 * new credentials are an update that sends nothing, another tenant replaces. (Two tenants under the real engine:
 * test/cli/connection.spec.ts.)
 */
import { strict as assert } from "node:assert";
import { handler } from "../../provider/powerbi/pushDataset/handler";

type Obj = Record<string, unknown>;
const dataset = { name: "Sales", tables: [{ name: "Sales", columns: [{ name: "Amount", dataType: "Double" }] }] };
// A static token signs in without a request, so check (which proves the sign-in) needs no server; nothing listens on
// the emulator's port, so a request these tests do not expect fails them.
const connection = {
    emulator: "http://127.0.0.1:1",
    tenantId: "fabrikam.onmicrosoft.com",
    powerBiToken: "first",
};

async function checked(news: Obj): Promise<{ inputs: Obj; failures: { property: string; reason: string }[] }> {
    await handler.configure({ config: { get: () => undefined } });
    const r = await handler.check!({}, news);
    return { inputs: r.inputs as Obj, failures: (r.failures ?? []) as { property: string; reason: string }[] };
}

describe("an explicit connection on a resource", () => {
    it("passes check and is kept in the checked inputs, beside the resource's own (which it does not disturb)", async () => {
        const r = await checked({ ...dataset, connection });
        assert.deepEqual(r.failures, []);
        assert.deepEqual(r.inputs.connection, connection);
        assert.equal(r.inputs.defaultMode, "Push");
    });

    it("an invalid value fails check on `connection`, naming the key", async () => {
        const r = await checked({ ...dataset, connection: { ...connection, tenantId: "not a tenant!" } });
        assert.deepEqual(
            r.failures.map((f) => f.property),
            ["connection"],
        );
        assert.match(r.failures[0]!.reason, /connection\.tenantId: "not a tenant!" is neither a tenant id/);
    });

    it("new credentials alone are an update, not a replacement", async () => {
        const olds = { ...(await checked({ ...dataset, connection })).inputs, datasetId: "d" };
        const news = (await checked({ ...dataset, connection: { ...connection, powerBiToken: "rotated" } })).inputs;
        const diff = await handler.diff!("d", olds, news);
        assert.equal(diff.changes, true);
        assert.deepEqual(diff.replaces, []);
    });

    it("another tenant replaces, naming connection", async () => {
        const olds = { ...(await checked({ ...dataset, connection })).inputs, datasetId: "d" };
        const news = (await checked({ ...dataset, connection: { ...connection, tenantId: "contoso.onmicrosoft.com" } })).inputs;
        assert.deepEqual((await handler.diff!("d", olds, news)).replaces, ["connection"]);
    });

    it("an update for new credentials alone sends nothing and records them", async () => {
        const olds = { ...(await checked({ ...dataset, connection })).inputs, datasetId: "d" };
        const rotated = { ...connection, powerBiToken: "rotated" };
        const news = (await checked({ ...dataset, connection: rotated })).inputs;
        const r = await handler.update!("d", olds, news);
        assert.deepEqual((r.outs as Obj).connection, rotated);
        assert.equal((r.outs as Obj).datasetId, "d");
    });
});
