/**
 * Validation of PostDataset, PutTable and PostRows bodies by the emulator: required members, name
 * patterns, data types, modes, retention values, relationships and the push limits (75 passes, 76 fails).
 */
import { strict as assert } from "node:assert";
import { IDS, useEmulator } from "../support/emulator";
import { columns, createDataset, pbi, pbiError, pbiToken, simpleDataset } from "./powerbi-helpers";

describe("emulator Power BI validation", () => {
    const f = useEmulator();
    let token: string;
    beforeEach(async () => {
        token = await pbiToken(f.emu);
    });

    async function post(body: unknown, query = ""): Promise<{ status: number; code: string; message: string }> {
        const res = await pbi(f.emu, "POST", `/v1.0/myorg/datasets${query}`, token, body);
        return res.status < 300 ? { status: res.status, code: "", message: "" } : { status: res.status, ...pbiError(res) };
    }

    function table(name: string, n = 1): Record<string, unknown> {
        return { name, columns: columns(n) };
    }

    it("refuses Streaming with FeatureDeprecatedError and AsAzure/AsOnPrem with 400", async () => {
        const streaming = await post({ ...simpleDataset(), defaultMode: "Streaming" });
        assert.equal(streaming.status, 400);
        assert.equal(streaming.code, "FeatureDeprecatedError");
        assert.match(streaming.message, /^Creation of streaming dataset is deprecated/);
        for (const mode of ["AsAzure", "AsOnPrem"]) assert.equal((await post({ ...simpleDataset(), defaultMode: mode })).status, 400, mode);
        assert.equal((await post({ ...simpleDataset(), defaultMode: "PushStreaming" })).status, 201);
        assert.equal((await f.emu.admin.powerBi(IDS.tenantId)).datasets.length, 1, "only the valid one stored");
    });

    it("refuses an invalid retention policy and accepts both documented ones", async () => {
        const bad = await post(simpleDataset(), "?defaultRetentionPolicy=forever");
        assert.equal(bad.status, 400);
        assert.match(bad.message, /None or basicFIFO/);
        assert.equal((await post(simpleDataset(), "?defaultRetentionPolicy=None")).status, 201);
        const stored = (await f.emu.admin.powerBi(IDS.tenantId)).datasets.map((d) => d.defaultRetentionPolicy);
        assert.deepEqual(stored, ["None"]);
    });

    it("requires name and tables, and a JSON body", async () => {
        assert.match((await post({ tables: [table("T")] })).message, /name is required/);
        assert.match((await post({ name: "x" })).message, /tables is required/);
        assert.equal((await post("{not json")).status, 400);
    });

    it("refuses table names outside NAME_LIMITED, duplicate tables, and unknown data types", async () => {
        assert.match((await post({ name: "x", tables: [table("a/b")] })).message, /tables\[0\]\.name/);
        assert.match((await post({ name: "x", tables: [table("x".repeat(101))] })).message, /tables\[0\]\.name/);
        assert.equal((await post({ name: "x", tables: [table("x".repeat(100))] })).status, 201);
        assert.equal((await post({ name: "x", tables: [table("Ärger 😀")] })).status, 201, "above U+FFFF is allowed");
        assert.match((await post({ name: "x", tables: [table("T"), table("t")] })).message, /appears twice/);
        const badType = await post({ name: "x", tables: [{ name: "T", columns: [{ name: "c", dataType: "Money" }] }] });
        assert.match(badType.message, /tables\[0\]\.columns\[0\]\.dataType/);
        const badColumn = await post({ name: "x", tables: [{ name: "T", columns: [{ name: "a\u0001", dataType: "Int64" }] }] });
        assert.match(badColumn.message, /columns\[0\]\.name/);
    });

    it("accepts the data types in any case and stores them canonically", async () => {
        const types = ["INT64", "double", "Decimal", "boolean", "bool", "datetime", "STRING"];
        const cols = types.map((dataType, i) => ({ name: `c${i}`, dataType }));
        await createDataset(f.emu, token, undefined, { name: "x", tables: [{ name: "T", columns: cols }] });
        const stored = (await f.emu.admin.powerBi(IDS.tenantId)).datasets[0].tables[0].columns.map((c) => c.dataType);
        assert.deepEqual(stored, ["Int64", "Double", "Decimal", "Boolean", "Boolean", "DateTime", "String"]);
    });

    it("allows exactly 75 tables, 75 columns and 75 relationships, and refuses 76", async () => {
        const tables = (n: number): unknown[] => Array.from({ length: n }, (_, i) => table(`t${i}`));
        assert.equal((await post({ name: "x", tables: tables(75) })).status, 201);
        assert.match((await post({ name: "x", tables: tables(76) })).message, /at most 75 tables/);
        assert.equal((await post({ name: "x", tables: [table("T", 75)] })).status, 201);
        assert.match((await post({ name: "x", tables: [table("T", 76)] })).message, /at most 75 columns/);
        const rels = (n: number): unknown[] =>
            Array.from({ length: n }, (_, i) => ({
                name: `r${i}`,
                fromTable: `t${i % 75}`,
                fromColumn: "c1",
                toTable: `t${(i + 1) % 75}`,
                toColumn: "c1",
            }));
        assert.equal((await post({ name: "x", tables: tables(75), relationships: rels(75) })).status, 201);
        assert.match((await post({ name: "x", tables: tables(75), relationships: rels(76) })).message, /at most 75 relationships/);
    });

    it("refuses relationships to unknown tables or columns and accepts case-insensitive behaviors", async () => {
        const tables = [table("A"), table("B")];
        const rel = { name: "r", fromTable: "A", fromColumn: "c1", toTable: "B", toColumn: "c1" };
        assert.match((await post({ name: "x", tables, relationships: [{ ...rel, toTable: "Z" }] })).message, /toTable names Z/);
        assert.match((await post({ name: "x", tables, relationships: [{ ...rel, fromColumn: "zz" }] })).message, /fromColumn names zz/);
        assert.match(
            (await post({ name: "x", tables, relationships: [{ ...rel, crossFilteringBehavior: "Sideways" }] })).message,
            /crossFilteringBehavior/,
        );
        assert.equal((await post({ name: "x", tables, relationships: [{ ...rel, crossFilteringBehavior: "bothDirections" }] })).status, 201);
        const stored = (await f.emu.admin.powerBi(IDS.tenantId)).datasets[0].relationships[0];
        assert.equal(stored.crossFilteringBehavior, "BothDirections");
    });

    it("refuses a sortByColumn outside the table", async () => {
        const cols = [{ name: "a", dataType: "string", sortByColumn: "b" }];
        assert.match((await post({ name: "x", tables: [{ name: "T", columns: cols }] })).message, /sortByColumn names b/);
    });

    it("PutTable refuses a body whose name differs from the path, and a column a relationship needs", async () => {
        const body = {
            name: "x",
            tables: [table("A"), table("B")],
            relationships: [{ name: "r", fromTable: "A", fromColumn: "c1", toTable: "B", toColumn: "c1" }],
        };
        const id = await createDataset(f.emu, token, undefined, body);
        const other = await pbi(f.emu, "PUT", `/v1.0/myorg/datasets/${id}/tables/A`, token, { name: "B", columns: columns(1) });
        assert.equal(other.status, 400);
        assert.match(pbiError(other).message, /must equal the table name of the path/);
        const drop = await pbi(f.emu, "PUT", `/v1.0/myorg/datasets/${id}/tables/A`, token, {
            name: "A",
            columns: [{ name: "x", dataType: "Int64" }],
        });
        assert.equal(drop.status, 400);
        assert.match(pbiError(drop).message, /fromColumn names c1/);
        const bad = await pbi(f.emu, "PUT", `/v1.0/myorg/datasets/${id}/tables/A`, token, { name: "A", columns: [{ name: "c1", dataType: "Blob" }] });
        assert.equal(bad.status, 400);
    });

    it("PostRows allows 10,000 rows per request and refuses 10,001", async () => {
        const id = await createDataset(f.emu, token);
        const rows = (n: number): unknown => ({ rows: Array.from({ length: n }, (_, i) => ({ ProductID: i })) });
        assert.equal((await pbi(f.emu, "POST", `/v1.0/myorg/datasets/${id}/tables/Product/rows`, token, rows(10_000))).status, 200);
        const over = await pbi(f.emu, "POST", `/v1.0/myorg/datasets/${id}/tables/Product/rows`, token, rows(10_001));
        assert.equal(over.status, 400);
        assert.match(pbiError(over).message, /at most 10000 rows/);
        assert.equal((await pbi(f.emu, "POST", `/v1.0/myorg/datasets/${id}/tables/Product/rows`, token, { rows: "x" })).status, 400);
    });
});
