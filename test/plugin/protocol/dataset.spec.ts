/**
 * tenantkit:powerbi:PushDataset through the plugin's gRPC server, as the engine drives it in preview, up, refresh,
 * import and destroy: what each RPC answers, what reaches Power BI (the emulator's request log) and what the engine
 * hears on its Log service.
 */
import { strict as assert } from "node:assert";
import { IDS, useEmulator } from "../../support/emulator";
import { isSecret, reveal, secret, UNKNOWN, urnOf, usePlugin, type PluginCallError, type Props } from "./client";
import { configureEachTest, DATASET, datasetInputs } from "./fixtures";

const GROUP = `/powerbi/v1.0/myorg/groups/${IDS.salesWorkspaceId}/datasets`;

describe("PushDataset over the plugin's gRPC protocol", () => {
    const fx = useEmulator();
    const p = usePlugin();
    configureEachTest(fx, () => p.client);

    const calls = async () => (await fx.emu.admin.requests({ service: "powerbi" })).map((r) => `${r.method} ${r.path.replace(GROUP, "{sales}")}`);
    const stored = async (id: string) => (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.find((d) => d.id === id);
    /** Check, then Create, as `up` does for a new resource. */
    const created = async (name: string, extra: Props = {}) => {
        const checked = await p.client.check({ type: DATASET, name, news: datasetInputs(name, extra) });
        assert.deepEqual(checked.failures, []);
        const res = await p.client.create({ type: DATASET, name, properties: checked.inputs });
        return { inputs: checked.inputs, ...res };
    };
    /** The inputs Check answers for `news`, as the engine hands them to Diff and Update. */
    const checkedNews = async (news: Props, olds: Props = {}) => {
        const checked = await p.client.check({ type: DATASET, olds, news });
        assert.deepEqual(checked.failures, []);
        return checked.inputs;
    };

    it("Check names every invalid property, an unknown one included, and calls no API", async () => {
        const r = await p.client.check({
            type: DATASET,
            news: { name: 3, defaultMode: "Streaming", tables: [{ name: "Bad/Name", columns: [{ name: "x", dataType: "Integer" }] }], tabels: [] },
        });
        // The engine prints a top-level property's value itself; a nested one's path and value are in the reason.
        assert.deepEqual(r.failures.map((f) => f.property).sort(), ["", "", "defaultMode", "name", "tabels"]);
        assert.deepEqual(r.failures.filter((f) => f.property === "").map((f) => f.reason.replace(/: .*/, "")).sort(), [
            'tables[0].columns[0].dataType is "Integer"',
            'tables[0].name is "Bad/Name"',
        ]);
        assert.match(r.failures.find((f) => f.property === "tabels")!.reason, /unknown property "tabels"/);
        assert.deepEqual(await calls(), []);
    });

    for (const [kind, value, shown, suggestion] of [
        ["a misspelled", "Int46", '"Int46"', "; did you mean Int64?"],
        ["a number for the", 42, "42", ""],
        ["a boolean for the", true, "true", ""],
        ["an object for the", { type: "string" }, '{"type":"string"}', ""],
    ] as const) {
        it(`Check of ${kind} data type of a nested column shows the value written, the data types${suggestion ? " and the nearest" : ""}`, async () => {
            const news = datasetInputs("Typed", {}, [
                { name: "Id", dataType: "Int64" },
                { name: "Amount", dataType: value },
            ]);
            const r = await p.client.check({ type: DATASET, news });
            assert.deepEqual(r.failures, [
                {
                    property: "",
                    reason: `tables[0].columns[1].dataType is ${shown}: must be one of Int64, Double, Decimal, Boolean, DateTime, String (any letter case)${suggestion}`,
                },
            ]);
        });
    }

    it("Check of a wrong nested value that was sent secret names its path and hides the value", async () => {
        const news = datasetInputs("Hidden", {}, [{ name: "Id", dataType: secret("Integer") }]);
        const r = await p.client.check({ type: DATASET, news });
        assert.deepEqual(
            r.failures.map((f) => f.reason.replace(/: .*/, "")),
            ["tables[0].columns[0].dataType is [secret]"],
        );
        assert.doesNotMatch(JSON.stringify(r.failures), /Integer/);
    });

    it("Check with a missing required property names it", async () => {
        const r = await p.client.check({ type: DATASET, news: { workspaceId: IDS.salesWorkspaceId } });
        assert.deepEqual(r.failures.map((f) => f.property).sort(), ["name", "tables"]);
    });

    it("Check accepts the unknown sentinel of a preview in place of required inputs, and answers it as it came", async () => {
        const news = { name: UNKNOWN, workspaceId: IDS.salesWorkspaceId, tables: UNKNOWN };
        const r = await p.client.check({ type: DATASET, news });
        assert.deepEqual(r.failures, []);
        assert.deepEqual(r.inputs, news);
        const nested = await p.client.check({ type: DATASET, news: datasetInputs("ProtoUnknown", {}, [{ name: UNKNOWN, dataType: "Int64" }]) });
        assert.deepEqual(nested.failures, []);
        assert.equal((nested.inputs.tables as { columns: Props[] }[])[0]!.columns[0]!.name, UNKNOWN);
    });

    it("Check of a named workspace the app may not use fails the preview with the service's answer", async () => {
        const news = { ...datasetInputs("Denied"), workspaceId: IDS.financeWorkspaceId };
        await assert.rejects(p.client.check({ type: DATASET, news }), (err: PluginCallError) => {
            assert.match(err.details, /tenantkit:powerbi:PushDataset \(dataset "Denied" in workspace 2b6d41f0/);
            assert.match(err.details, /40[13]/);
            return true;
        });
        assert.deepEqual(
            (await calls()).filter((c) => !c.startsWith("GET")),
            [],
        );
    });

    it("Create in a named workspace: one listing, one POST with the normalized body, the id and the state answered", async () => {
        const checked = await p.client.check({
            type: DATASET,
            news: datasetInputs("ProtoCreate", {}, [
                { name: "ProductID", dataType: "int64" },
                { name: "Name", dataType: "string" },
            ]),
        });
        assert.deepEqual(checked.failures, []);
        const res = await p.client.create({ type: DATASET, properties: checked.inputs });
        // Check lists the workspace (a preview fails on a workspace the app may not use); the create shares that listing.
        const lines = await calls();
        assert.deepEqual(
            lines.filter((l) => !l.startsWith("GET")),
            ["POST {sales}"],
        );
        assert.ok(lines.filter((l) => l === "GET {sales}").length <= 1, lines.join("\n"));
        const post = (await fx.emu.admin.requests({ service: "powerbi", method: "POST" }))[0]!;
        assert.deepEqual(post.query, { defaultRetentionPolicy: "None" });
        assert.deepEqual(JSON.parse(post.bodyText!).tables[0].columns, [
            { name: "ProductID", dataType: "Int64" },
            { name: "Name", dataType: "String" },
        ]);
        assert.equal(res.properties.datasetId, res.id);
        assert.equal(res.properties.workspaceId, IDS.salesWorkspaceId);
        assert.equal(res.properties.defaultMode, "Push");
        assert.equal((await stored(res.id))?.name, "ProtoCreate");
    });

    it("Read (refresh) of an unchanged dataset answers the same state and inputs; after it is deleted out of band, no id", async () => {
        const c = await created("ProtoRefresh");
        const read = await p.client.read({ type: DATASET, id: c.id, properties: c.properties, inputs: c.inputs });
        assert.equal(read.id, c.id);
        assert.deepEqual(read.properties, c.properties);
        assert.deepEqual(read.inputs, c.inputs);
        await fx.emu.admin.deletePowerBiDataset(IDS.tenantId, c.id);
        const gone = await p.client.read({ type: DATASET, id: c.id, properties: c.properties, inputs: c.inputs });
        assert.equal(gone.id, "");
    });

    it("Read (refresh) sees a column removed out of band", async () => {
        const c = await created("ProtoDrift", {});
        await fx.emu.admin.updatePowerBiTable(IDS.tenantId, c.id, "Product", { columns: [{ name: "Other", dataType: "String" }] });
        const read = await p.client.read({ type: DATASET, id: c.id, properties: c.properties, inputs: c.inputs });
        assert.deepEqual((read.properties.tables as { columns: unknown[] }[])[0]!.columns, [{ name: "Other", dataType: "String" }]);
    });

    it("Read for an import (an id, no state, no inputs) answers the state and the inputs", async () => {
        const c = await created("ProtoImport");
        const read = await p.client.read({ type: DATASET, name: "imported", id: `${IDS.salesWorkspaceId}/${c.id}` });
        assert.equal(read.id, c.id);
        assert.deepEqual(read.inputs, {
            name: "ProtoImport",
            workspaceId: IDS.salesWorkspaceId,
            // GetDataset returns neither defaultMode nor defaultRetentionPolicy: unknown to an import.
            tables: [{ name: "Product", columns: [{ name: "ProductID", dataType: "Int64" }] }],
        });
        assert.equal(read.properties.datasetId, c.id);
        assert.equal(read.properties.name, "ProtoImport");
    });

    it("Read for an import of an id that does not exist fails naming the dataset, its workspace and the id's form", async () => {
        await assert.rejects(
            p.client.read({ type: DATASET, id: `${IDS.salesWorkspaceId}/00000000-0000-4000-8000-000000000000` }),
            (err: PluginCallError) => {
                assert.equal(err.codeName, "UNKNOWN");
                assert.match(err.details, /dataset 00000000-0000-4000-8000-000000000000 was not found in workspace f089354e-8366-4e18-aea3-4cb4a3a50b48/);
                assert.match(err.details, /<workspaceId>\/<datasetId>/);
                return true;
            },
        );
    });

    it("Diff: nothing changed is DIFF_NONE with no detailed diff", async () => {
        const c = await created("ProtoSame");
        const d = await p.client.diff({ type: DATASET, id: c.id, olds: c.properties, oldInputs: c.inputs, news: c.inputs });
        assert.deepEqual(d, { changes: "none", replaces: [], diffs: [], deleteBeforeReplace: false, hasDetailedDiff: true, detailedDiff: {} });
    });

    it("Diff: a data type respelled as the docs write it (Int64 as int64), a plain string in every SDK, is DIFF_NONE", async () => {
        const c = await created("ProtoRespelled");
        const news = await checkedNews(datasetInputs("ProtoRespelled", {}, [{ name: "ProductID", dataType: "int64" }]), c.inputs);
        const d = await p.client.diff({ type: DATASET, id: c.id, olds: c.properties, oldInputs: c.inputs, news });
        assert.equal(d.changes, "none");
        assert.deepEqual(d.detailedDiff, {});
    });

    it("Diff: a column added updates the tables in place", async () => {
        const c = await created("ProtoColumn");
        const news = await checkedNews(
            datasetInputs("ProtoColumn", {}, [
                { name: "ProductID", dataType: "Int64" },
                { name: "Price", dataType: "Double" },
            ]),
            c.inputs,
        );
        const d = await p.client.diff({ type: DATASET, id: c.id, olds: c.properties, oldInputs: c.inputs, news });
        assert.equal(d.changes, "some");
        assert.deepEqual(d.replaces, []);
        assert.deepEqual(d.detailedDiff, { tables: { kind: "update", inputDiff: true } });
        assert.deepEqual(p.engine.logs, [], "an update warns of nothing");
    });

    it("Diff: a new name replaces (update-replace), create-first, and the engine hears why on this resource's URN", async () => {
        const c = await created("ProtoRename");
        const urn = urnOf(DATASET, "sales");
        const news = await checkedNews(datasetInputs("ProtoRenamed"), c.inputs);
        const d = await p.client.diff({ type: DATASET, urn, id: c.id, olds: c.properties, oldInputs: c.inputs, news });
        assert.equal(d.changes, "some");
        assert.deepEqual(d.replaces, ["name"]);
        assert.deepEqual(d.diffs, ["name"]);
        assert.deepEqual(d.detailedDiff, { name: { kind: "update-replace", inputDiff: true } });
        assert.equal(d.deleteBeforeReplace, false, "another name: the new dataset can exist beside the old one");
        assert.deepEqual(
            p.engine.logs.map((l) => [l.severity, l.urn]),
            [["WARNING", urn]],
        );
        assert.match(p.engine.logs[0]!.message, /replacing deletes this dataset and every row pushed to it.*Forced by name \("ProtoRename" -> "ProtoRenamed"\)/);
    });

    it("Diff: a table added and another retention policy replace, delete-first since the name stays", async () => {
        const c = await created("ProtoTables");
        const news = await checkedNews(
            {
                ...datasetInputs("ProtoTables", { defaultRetentionPolicy: "basicFIFO" }),
                tables: [...(datasetInputs("x").tables as Props[]), { name: "Orders", columns: [{ name: "Id", dataType: "Int64" }] }],
            },
            c.inputs,
        );
        const d = await p.client.diff({ type: DATASET, id: c.id, olds: c.properties, oldInputs: c.inputs, news });
        assert.deepEqual(d.replaces.sort(), ["defaultRetentionPolicy", "tables"]);
        assert.deepEqual(d.detailedDiff, {
            defaultRetentionPolicy: { kind: "update-replace", inputDiff: true },
            tables: { kind: "update-replace", inputDiff: true },
        });
        assert.equal(d.deleteBeforeReplace, true, "the same name: the old dataset goes first, else the create would adopt it");
        assert.match(p.engine.logs[0]?.message ?? "", /Forced by .*tables.*defaultRetentionPolicy|Forced by .*defaultRetentionPolicy.*tables/);
    });

    it("Update adds a column with one PutTable and answers the new state; Delete deletes the dataset", async () => {
        const c = await created("ProtoUpdate");
        await fx.emu.admin.clearRequests();
        const news = datasetInputs("ProtoUpdate", {}, [
            { name: "ProductID", dataType: "Int64" },
            { name: "Price", dataType: "Double" },
        ]);
        const checked = await p.client.check({ type: DATASET, olds: c.inputs, news });
        const outs = await p.client.update({ type: DATASET, id: c.id, olds: c.properties, oldInputs: c.inputs, news: checked.inputs });
        assert.deepEqual(
            (await calls()).filter((l) => !l.startsWith("GET")),
            [`PUT {sales}/${c.id}/tables/Product`],
        );
        assert.deepEqual((outs.tables as { columns: Props[] }[])[0]!.columns, [
            { name: "ProductID", dataType: "Int64" },
            { name: "Price", dataType: "Double" },
        ]);
        assert.equal((await stored(c.id))?.tables[0]?.columns.length, 2);

        await fx.emu.admin.clearRequests();
        await p.client.delete({ type: DATASET, id: c.id, properties: outs, oldInputs: checked.inputs });
        assert.deepEqual(await calls(), [`DELETE {sales}/${c.id}`]);
        assert.equal(await stored(c.id), undefined);
    });

    it("a secret input comes back secret from Check and Create, and is stored by the service in plain", async () => {
        const name = "ProtoSecret";
        const checked = await p.client.check({ type: DATASET, news: { ...datasetInputs(name), name: secret(name) } });
        assert.deepEqual(checked.failures, []);
        assert.ok(isSecret(checked.inputs.name), "Check answered the secret name in plain text");
        const res = await p.client.create({ type: DATASET, properties: checked.inputs });
        assert.ok(isSecret(res.properties.name), "Create answered the secret name in plain text");
        assert.equal(reveal(res.properties.name), name);
        assert.ok(!isSecret(res.properties.workspaceId), "a property sent in plain text came back secret");
        assert.equal((await stored(res.id))?.name, name);
    });

    it("a connection given in plain text comes back secret from Check, Create and Read, and the call signs in with it", async () => {
        const connection = { emulator: fx.emu.url, tenantId: IDS.domain, clientId: IDS.quickstartClientId, clientSecret: IDS.quickstartClientSecret };
        const checked = await p.client.check({ type: DATASET, news: { ...datasetInputs("ProtoConnection"), connection } });
        assert.deepEqual(checked.failures, []);
        assert.ok(isSecret(checked.inputs.connection), "Check answered the connection in plain text");
        const res = await p.client.create({ type: DATASET, properties: checked.inputs });
        assert.ok(isSecret(res.properties.connection), "Create answered the connection in plain text");
        assert.deepEqual(reveal(res.properties.connection), connection);
        for (const [k, v] of Object.entries(res.properties)) if (k !== "connection") assert.ok(!JSON.stringify(v).includes(IDS.quickstartClientSecret), k);
        const read = await p.client.read({ type: DATASET, id: res.id, properties: res.properties, inputs: checked.inputs });
        assert.ok(isSecret(read.properties.connection) && isSecret(read.inputs.connection), "Read answered the connection in plain text");
    });

    it("an unknown type token is INVALID_ARGUMENT naming the token and the ones served, for every resource RPC", async () => {
        const type = "tenantkit:powerbi:PushDataSet";
        const attempts = [
            p.client.check({ type, news: {} }),
            p.client.diff({ type, id: "x", olds: {}, news: {} }),
            p.client.create({ type, properties: {} }),
            p.client.read({ type, id: "x" }),
            p.client.update({ type, id: "x", olds: {}, news: {} }),
            p.client.delete({ type, id: "x", properties: {} }),
        ];
        for (const attempt of attempts) {
            await assert.rejects(attempt, (err: PluginCallError) => {
                assert.equal(err.codeName, "INVALID_ARGUMENT");
                assert.match(err.details, /^tenantkit has no resource type tenantkit:powerbi:PushDataSet \(it has .*tenantkit:powerbi:PushDataset/);
                assert.equal(err.initFailed, undefined);
                return true;
            });
        }
        assert.deepEqual(await calls(), []);
    });

    it("a request with no type takes it from the URN", async () => {
        const r = await p.client.check({ type: "", urn: urnOf(DATASET, "fromUrn"), news: { name: "ProtoUrn" } });
        assert.deepEqual(
            r.failures.map((f) => f.property),
            ["tables"],
        );
    });
});
