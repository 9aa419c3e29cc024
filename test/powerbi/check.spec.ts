/**
 * Validation and normalization of push datasets at preview (check), and what a change does (diff).
 * One valid fixture, one change per case; exactly-at-limit and limit-plus-one.
 */
import { strict as assert } from "node:assert";
import { handler } from "../../provider/powerbi/pushDataset/handler";
import { NAME_ANY, NAME_LIMITED } from "../../provider/powerbi/pushDataset/schema";
import { conformance } from "../support/conformance";
import { configureOffline } from "../support/offlineConfig";

type Obj = Record<string, unknown>;
const valid = (): Obj => ({
    name: "SalesMarketing",
    tables: [
        {
            name: "Product",
            columns: [
                { name: "ProductID", dataType: "Int64" },
                { name: "Name", dataType: "string" },
            ],
        },
    ],
});
const check = async (news: Obj) => {
    await configureOffline(handler);
    return handler.check!({}, news);
};
const columns = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `c${i}`, dataType: "Int64" }));

describe("PushDataset check", () => {
    it("normalizes the official payloads' spellings, and applies the defaults", async () => {
        const advanced = conformance<Obj>("powerbi-post-dataset-advanced.request.json");
        const r = await check(advanced);
        assert.deepEqual(r.failures, []);
        const inputs = r.inputs as {
            tables: { columns: { dataType: string }[] }[];
            relationships: { crossFilteringBehavior: string }[];
            defaultMode: string;
            defaultRetentionPolicy: string;
        };
        assert.deepEqual(
            inputs.tables[1]!.columns.map((c) => c.dataType),
            ["DateTime", "Int64"],
        );
        assert.equal(inputs.relationships[0]!.crossFilteringBehavior, "BothDirections");
        assert.equal(inputs.defaultMode, "Push");
        assert.equal(inputs.defaultRetentionPolicy, "None");
        const simple = await check(conformance<Obj>("powerbi-post-dataset.request.json"));
        assert.deepEqual(simple.failures, []);
    });

    it("applies the spec's name patterns, code points above U+FFFF included", () => {
        assert.ok(NAME_ANY.test("Umsatz 😀"), "an emoji is allowed in NAME_ANY");
        assert.ok(NAME_LIMITED.test("Sales_2024-Q1 #1 😀"));
        assert.ok(!NAME_LIMITED.test("Sales/2024"), "a slash is outside NAME_LIMITED");
        assert.ok(NAME_LIMITED.test("😀".repeat(100)), "100 code points, 200 UTF-16 units");
        assert.ok(!NAME_LIMITED.test("a".repeat(101)));
        assert.ok(!NAME_ANY.test("bad\u0001name"));
    });

    it("reports every failure with its path, and never throws", async () => {
        const r = await check({
            name: "Sales",
            tables: [
                { name: "Product/Items", columns: [{ name: "Id", dataType: "Integer" }] },
                {
                    name: "Orders",
                    columns: [
                        { name: "Id", dataType: "Int64" },
                        { name: "id", dataType: "Int64", sortByColumn: "Missing" },
                    ],
                    measures: [{ name: "Id", expression: "1" }],
                },
            ],
            relationships: [
                { name: "r", fromTable: "Orders", fromColumn: "Nope", toTable: "Nowhere", toColumn: "Id", crossFilteringBehavior: "sideways" },
            ],
        });
        const byPath = Object.fromEntries(r.failures!.map((f) => [f.property, f.reason]));
        assert.match(byPath["tables[0].name"]!, /1 to 100 characters without/);
        assert.match(
            byPath["tables[0].columns[0].dataType"]!,
            /^must be one of Int64, Double, Decimal, Boolean, DateTime, String \(any letter case\)$/,
        );
        assert.match(
            byPath["relationships[0].crossFilteringBehavior"]!,
            /^must be one of OneDirection, BothDirections, Automatic \(any letter case\)$/,
        );
        const refs = await check({
            name: "Sales",
            tables: [
                {
                    name: "Orders",
                    columns: [
                        { name: "Id", dataType: "Int64" },
                        { name: "id", dataType: "Int64", sortByColumn: "Missing" },
                    ],
                    measures: [{ name: "Id", expression: "1" }],
                },
                { name: "orders", columns: [{ name: "X", dataType: "Int64" }] },
            ],
            relationships: [{ name: "r", fromTable: "Orders", fromColumn: "Nope", toTable: "Nowhere", toColumn: "Id" }],
        });
        assert.deepEqual(refs.failures!.map((f) => f.property).sort(), [
            "relationships[0].fromColumn",
            "relationships[0].toTable",
            "tables[0].columns[1].name",
            "tables[0].columns[1].sortByColumn",
            "tables[0].measures[0].name",
            "tables[1].name",
        ]);
    });

    it("a relationship's table and column names match ignoring case, as the model's names do, and a miss says so", async () => {
        const tables = [
            { name: "Product", columns: [{ name: "ProductID", dataType: "Int64" }] },
            { name: "Sales", columns: [{ name: "ProductID", dataType: "Int64" }] },
        ];
        const rel = (fromColumn: string) => [{ name: "r", fromTable: "sales", fromColumn, toTable: "PRODUCT", toColumn: "productid" }];
        assert.deepEqual((await check({ ...valid(), tables, relationships: rel("PRODUCTID") })).failures, []);
        const miss = (await check({ ...valid(), tables, relationships: rel("ProductKey") })).failures!;
        assert.deepEqual(miss, [
            {
                property: "relationships[0].fromColumn",
                reason: '"ProductKey" is not a column of table "sales" (names are compared ignoring case, as Power BI compares them)',
            },
        ]);
    });

    it("takes exactly 75 tables, columns and relationships, and refuses 76", async () => {
        const tables = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `t${i}`, columns: [{ name: "k", dataType: "Int64" }] }));
        assert.deepEqual((await check({ ...valid(), tables: tables(75) })).failures, []);
        assert.deepEqual((await check({ ...valid(), tables: tables(76) })).failures, [
            { property: "tables", reason: "at most 75 tables (push dataset limit)" },
        ]);
        assert.deepEqual((await check({ ...valid(), tables: [{ name: "t", columns: columns(75) }] })).failures, []);
        assert.deepEqual((await check({ ...valid(), tables: [{ name: "t", columns: columns(76) }] })).failures, [
            { property: "tables[0].columns", reason: "at most 75 columns per table (push dataset limit)" },
        ]);
        const rels = (n: number) =>
            Array.from({ length: n }, (_, i) => ({ name: `r${i}`, fromTable: "t", fromColumn: "c0", toTable: "t", toColumn: "c1" }));
        assert.deepEqual((await check({ ...valid(), tables: [{ name: "t", columns: columns(2) }], relationships: rels(75) })).failures, []);
        assert.equal(
            (await check({ ...valid(), tables: [{ name: "t", columns: columns(2) }], relationships: rels(76) })).failures![0]!.property,
            "relationships",
        );
    });

    it("refuses a retention policy in another letter case, naming both it takes and the one it meant (letter case matters)", async () => {
        const r = await check({ ...valid(), defaultRetentionPolicy: "basicfifo" });
        assert.deepEqual(r.failures, [{ property: "defaultRetentionPolicy", reason: "must be None or basicFIFO; did you mean basicFIFO?" }]);
    });

    it("refuses a misspelled default mode with both it takes and the one it most likely meant", async () => {
        const r = await check({ ...valid(), defaultMode: "PushStreming" });
        assert.deepEqual(r.failures, [{ property: "defaultMode", reason: "must be Push or PushStreaming; did you mean PushStreaming?" }]);
    });

    it("summarizeBy takes the aggregate functions in any letter case and refuses anything else, naming the column", async () => {
        const withSummarize = (summarizeBy: string) => ({
            ...valid(),
            tables: [{ name: "T", columns: [{ name: "A", dataType: "Double", summarizeBy }] }],
        });
        assert.deepEqual((await check(withSummarize("sum"))).failures, []);
        assert.deepEqual((await check(withSummarize("DistinctCount"))).failures, []);
        const bad = await check(withSummarize("Total"));
        assert.equal(bad.failures![0]!.property, "tables[0].columns[0].summarizeBy");
        assert.match(bad.failures![0]!.reason, /^must be one of Default, None, Sum, Min, Max, Count, Average, DistinctCount \(any letter case\)$/);
    });

    it("a misspelled data type is refused with the data types and the one it most likely meant", async () => {
        const r = await check({ ...valid(), tables: [{ name: "T", columns: [{ name: "A", dataType: "Int46" }] }] });
        assert.deepEqual(r.failures, [
            {
                property: "tables[0].columns[0].dataType",
                reason: "must be one of Int64, Double, Decimal, Boolean, DateTime, String (any letter case); did you mean Int64?",
            },
        ]);
    });

    it("a data type close to one of the docs' other spellings suggests the data type it means", async () => {
        const r = await check({ ...valid(), tables: [{ name: "T", columns: [{ name: "A", dataType: "boool" }] }] });
        assert.match(r.failures![0]!.reason, /; did you mean Boolean\?$/);
    });

    it("a misspelled aggregate function suggests the one it most likely meant", async () => {
        const r = await check({ ...valid(), tables: [{ name: "T", columns: [{ name: "A", dataType: "Double", summarizeBy: "Avrage" }] }] });
        assert.deepEqual(r.failures, [
            {
                property: "tables[0].columns[0].summarizeBy",
                reason: "must be one of Default, None, Sum, Min, Max, Count, Average, DistinctCount (any letter case); did you mean Average?",
            },
        ]);
    });

    it("a misspelled cross filtering behavior suggests the one it most likely meant", async () => {
        const r = await check({
            ...valid(),
            tables: [
                { name: "A", columns: [{ name: "Id", dataType: "Int64" }] },
                { name: "B", columns: [{ name: "Id", dataType: "Int64" }] },
            ],
            relationships: [{ name: "r", fromTable: "A", fromColumn: "Id", toTable: "B", toColumn: "Id", crossFilteringBehavior: "bothdirection" }],
        });
        assert.deepEqual(r.failures, [
            {
                property: "relationships[0].crossFilteringBehavior",
                reason: "must be one of OneDirection, BothDirections, Automatic (any letter case); did you mean BothDirections?",
            },
        ]);
    });

    it("reports every problem of one input in one check: the table limit does not hide a bad column or a dangling relationship", async () => {
        const tables = Array.from({ length: 76 }, (_, i) => ({ name: `t${i}`, columns: [{ name: "c", dataType: i === 3 ? "Strnig" : "String" }] }));
        const r = await check({
            name: "x",
            tables,
            relationships: [{ name: "r", fromTable: "nope", fromColumn: "c", toTable: "t0", toColumn: "c" }],
            defaultMode: "Streaming",
        });
        assert.deepEqual(r.failures!.map((f) => f.property).sort(), [
            "defaultMode",
            "relationships[0].fromTable",
            "tables",
            "tables[3].columns[0].dataType",
        ]);
    });

    it("refuses the modes that are not push datasets, with the reason", async () => {
        const streaming = await check({ ...valid(), defaultMode: "Streaming" });
        assert.match(streaming.failures![0]!.reason, /FeatureDeprecatedError/);
        assert.match((await check({ ...valid(), defaultMode: "AsAzure" })).failures![0]!.reason, /live connection/);
        assert.deepEqual((await check({ ...valid(), defaultMode: "PushStreaming" })).failures, []);
        assert.equal((await check({ ...valid(), workspaceId: "not-a-uuid" })).failures![0]!.property, "workspaceId");
    });

    it("changes a table in place, and replaces for what only creation can set", async () => {
        const olds = { ...(await check(valid())).inputs, datasetId: "d" };
        const withColumn = (await check({ ...valid(), tables: [{ name: "Product", columns: [...columns(1), { name: "New", dataType: "String" }] }] }))
            .inputs;
        // Delete-first even for an update: replaceOnChanges may make it a replacement, which keeps the name.
        assert.deepEqual(await handler.diff!("d", olds, withColumn), {
            changes: true,
            replaces: [],
            updates: ["tables"],
            deleteBeforeReplace: true,
        });
        // A new name: the replacement is created first. The same name: the old one is deleted first, since a create
        // refuses a dataset of its name that its workspace already has.
        const renamed = (await check({ ...valid(), name: "Other", defaultRetentionPolicy: "basicFIFO" })).inputs;
        assert.deepEqual(await handler.diff!("d", olds, renamed), {
            changes: true,
            replaces: ["name", "defaultRetentionPolicy"],
            updates: [],
            deleteBeforeReplace: false,
        });
        const moreTables = (await check({ ...valid(), tables: [...(valid().tables as Obj[]), { name: "T2", columns: columns(1) }] })).inputs;
        assert.deepEqual(await handler.diff!("d", olds, moreTables), { changes: true, replaces: ["tables"], updates: [], deleteBeforeReplace: true });
        const fifo = (await check({ ...valid(), defaultRetentionPolicy: "basicFIFO" })).inputs;
        assert.deepEqual((await handler.diff!("d", olds, fifo)).replaces, ["defaultRetentionPolicy"]);
        assert.deepEqual(await handler.diff!("d", olds, (await check(valid())).inputs), {
            changes: false,
            replaces: [],
            updates: [],
            deleteBeforeReplace: false,
        });
    });

    it("makes no diff for relationships and data sources that state lacks (an import: Power BI does not return them)", async () => {
        const { relationships: _r, datasources: _d, ...imported } = { ...(await check(valid())).inputs, datasetId: "d" } as Obj;
        const news = (await check({ ...valid(), relationships: [], datasources: [] })).inputs;
        assert.deepEqual(await handler.diff!("d", imported, news), { changes: false, replaces: [], updates: [], deleteBeforeReplace: false });
    });

    it("makes no diff when only adopt changes: the dataset it took over stays the one managed, neither replaced nor left behind", async () => {
        const olds = { ...(await check({ ...valid(), adopt: "7b5e0a7c-0000-4000-8000-000000000001" })).inputs, datasetId: "d" };
        const news = (await check({ ...valid(), adopt: "7b5e0a7c-0000-4000-8000-000000000002" })).inputs;
        assert.deepEqual(await handler.diff!("d", olds, news), { changes: false, replaces: [], updates: [], deleteBeforeReplace: false });
    });
});
