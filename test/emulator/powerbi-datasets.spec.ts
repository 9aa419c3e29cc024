/**
 * Power BI dataset routes of the emulator, in My workspace and in a group: create (201 and 202, each
 * retention policy), list, get, delete, tables, PutTable and rows.
 */
import { strict as assert } from "node:assert";
import { IDS, useEmulator } from "../support/emulator";
import { base, createDataset, pbi, pbiError, pbiToken, simpleDataset } from "./powerbi-helpers";

describe("emulator Power BI datasets", () => {
    const f = useEmulator();
    let token: string;
    beforeEach(async () => {
        token = await pbiToken(f.emu);
    });

    for (const group of [undefined, IDS.salesWorkspaceId]) {
        const where = group === undefined ? "My workspace" : "a group";
        describe(`in ${where}`, () => {
            it("creates a dataset with 201 and the official response members, then gets and lists it", async () => {
                const res = await pbi(f.emu, "POST", `${base(group)}/datasets?defaultRetentionPolicy=basicFIFO`, token, simpleDataset("Sales"));
                assert.equal(res.status, 201);
                const created = res.json as Record<string, unknown>;
                assert.match(String(created.id), /^[0-9a-f-]{36}$/);
                assert.equal(created.name, "Sales");
                assert.equal(created.defaultRetentionPolicy, "basicFIFO");
                assert.match(String(created["@odata.context"]), /\$metadata#datasets\/\$entity$/);
                const got = await pbi(f.emu, "GET", `${base(group)}/datasets/${String(created.id)}`, token);
                assert.equal(got.status, 200);
                const d = got.json as Record<string, unknown>;
                assert.equal(d.name, "Sales");
                assert.equal(d.addRowsAPIEnabled, true);
                assert.equal(d.isRefreshable, false);
                assert.equal(d.configuredBy, "tenantkit-quickstart");
                assert.equal(d.targetStorageMode, group === undefined ? undefined : "Abf");
                const list = await pbi(f.emu, "GET", `${base(group)}/datasets`, token);
                assert.deepEqual(
                    (list.json as { value: { id: string }[] }).value.map((x) => x.id),
                    [created.id],
                );
            });

            it("defaults the retention policy to None", async () => {
                const res = await pbi(f.emu, "POST", `${base(group)}/datasets`, token, simpleDataset());
                assert.equal((res.json as { defaultRetentionPolicy: string }).defaultRetentionPolicy, "None");
            });

            it("deletes a dataset with 200 and no body, after which it is 404 ItemNotFound", async () => {
                const id = await createDataset(f.emu, token, group);
                const del = await pbi(f.emu, "DELETE", `${base(group)}/datasets/${id}`, token);
                assert.equal(del.status, 200);
                assert.equal(del.text, "");
                const again = await pbi(f.emu, "GET", `${base(group)}/datasets/${id}`, token);
                assert.equal(again.status, 404);
                assert.equal(pbiError(again).code, "ItemNotFound");
                assert.equal((await pbi(f.emu, "DELETE", `${base(group)}/datasets/${id}`, token)).status, 404);
            });

            it("lists tables with canonical data types and changes a table with PutTable", async () => {
                const id = await createDataset(f.emu, token, group);
                const put = await pbi(f.emu, "PUT", `${base(group)}/datasets/${id}/tables/Product`, token, {
                    name: "Product",
                    columns: [
                        { name: "ProductID", dataType: "int64" },
                        { name: "NewColumn", dataType: "bool" },
                    ],
                });
                assert.equal(put.status, 200, put.text);
                assert.equal((put.json as { name: string }).name, "Product");
                const tables = await pbi(f.emu, "GET", `${base(group)}/datasets/${id}/tables`, token);
                assert.equal(tables.status, 200);
                assert.match(String((tables.json as Record<string, unknown>)["@odata.context"]), /#tables$/);
                assert.deepEqual((tables.json as { value: unknown[] }).value, [
                    {
                        name: "Product",
                        columns: [
                            { name: "ProductID", dataType: "Int64" },
                            { name: "NewColumn", dataType: "Boolean" },
                        ],
                    },
                ]);
            });

            it("pushes and deletes rows, counting them", async () => {
                const id = await createDataset(f.emu, token, group);
                const rows = {
                    rows: [
                        { ProductID: 1, Name: "a" },
                        { ProductID: 2, Name: "b" },
                    ],
                };
                const post = await pbi(f.emu, "POST", `${base(group)}/datasets/${id}/tables/Product/rows`, token, rows);
                assert.equal(post.status, 200);
                const count = async (): Promise<number> => (await f.emu.admin.powerBi(IDS.tenantId)).datasets[0].tables[0].rowCount;
                assert.equal(await count(), 2);
                assert.equal((await pbi(f.emu, "DELETE", `${base(group)}/datasets/${id}/tables/Product/rows`, token)).status, 200);
                assert.equal(await count(), 0);
            });
        });
    }

    it("keeps My workspace and a group apart", async () => {
        const mine = await createDataset(f.emu, token);
        const inGroup = await createDataset(f.emu, token, IDS.salesWorkspaceId);
        const myList = await pbi(f.emu, "GET", "/v1.0/myorg/datasets", token);
        assert.deepEqual(
            (myList.json as { value: { id: string }[] }).value.map((d) => d.id),
            [mine],
        );
        assert.equal((await pbi(f.emu, "GET", `/v1.0/myorg/datasets/${inGroup}`, token)).status, 404);
        assert.equal((await pbi(f.emu, "GET", `${base(IDS.salesWorkspaceId)}/datasets/${mine}`, token)).status, 404);
    });

    it("allows two datasets with one name, as the service does", async () => {
        const a = await createDataset(f.emu, token, undefined, simpleDataset("Twin"));
        const b = await createDataset(f.emu, token, undefined, simpleDataset("Twin"));
        assert.notEqual(a, b);
        const list = await pbi(f.emu, "GET", "/v1.0/myorg/datasets", token);
        assert.equal((list.json as { value: unknown[] }).value.length, 2);
    });

    it("answers 202 with the dataset when the admin API asks, once", async () => {
        await f.emu.admin.setNextPowerBiPostStatus(IDS.tenantId, 202);
        const first = await pbi(f.emu, "POST", "/v1.0/myorg/datasets", token, simpleDataset());
        assert.equal(first.status, 202);
        assert.equal((first.json as { name: string }).name, "Sales");
        assert.equal((await pbi(f.emu, "POST", "/v1.0/myorg/datasets", token, simpleDataset())).status, 201);
    });

    it("sends a RequestId header on successes and errors", async () => {
        const ok = await pbi(f.emu, "GET", "/v1.0/myorg/datasets", token);
        const missing = await pbi(f.emu, "GET", "/v1.0/myorg/datasets/nope", token);
        assert.match(ok.headers.get("requestid") ?? "", /^[0-9a-f-]{36}$/);
        assert.match(missing.headers.get("requestid") ?? "", /^[0-9a-f-]{36}$/);
        assert.notEqual(ok.headers.get("requestid"), missing.headers.get("requestid"));
    });

    it("answers 404 ItemNotFound for an unknown table in PutTable and PostRows", async () => {
        const id = await createDataset(f.emu, token);
        const put = await pbi(f.emu, "PUT", `/v1.0/myorg/datasets/${id}/tables/Nope`, token, { name: "Nope", columns: [] });
        assert.equal(put.status, 404);
        assert.equal(pbiError(put).code, "ItemNotFound");
        const rows = await pbi(f.emu, "POST", `/v1.0/myorg/datasets/${id}/tables/Nope/rows`, token, { rows: [] });
        assert.equal(rows.status, 404);
    });
});
