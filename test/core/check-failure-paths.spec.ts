/**
 * Regression: an unknown property whose name is empty got a check failure with an empty property path, which the
 * engine shows as a failure of the whole resource; a name with dots or brackets printed as if it were nested.
 * Found by the hostile-input property tests (test/reliability/hostile-input.spec.ts).
 */
import { strict as assert } from "node:assert";
import { handler } from "../../provider/entra/temporaryAccessPass/handler";
import type * as pulumi from "@pulumi/pulumi";
import { handler as datasetHandler } from "../../provider/powerbi/pushDataset/handler";
import { parsePropertyPath, propertyPath } from "../../provider/core/host/propertyPaths";
import { configureOffline, OFFLINE_CONFIG } from "../support/offlineConfig";

describe("regression: every check failure has a property path, quoted where the engine quotes it", () => {
    before(async () => {
        await configureOffline(handler);
    });

    it('names an unknown property with an empty name as [""]', async () => {
        const r = await handler.check!({}, { "": "x" });
        assert.deepEqual(r.failures, [{ property: '[""]', reason: 'unknown property "": check its spelling' }]);
    });

    it("quotes names with dots, brackets, quotes or spaces, as pulumi's PropertyPath does", async () => {
        const r = await handler.check!({}, { "user.name": 1, 'a"b': 2, "x y": 3 });
        assert.deepEqual(r.failures!.map((f) => f.property).sort(), ['["a\\"b"]', '["user.name"]', '["x y"]']);
        assert.equal(propertyPath(["tables", 0, "a]b", "name"]), 'tables[0]["a]b"].name');
        assert.equal(propertyPath(["tables", 2, "columns", 5, "name"]), "tables[2].columns[5].name");
    });
});

describe("check failures as the dynamic provider host hands them to the engine", () => {
    /** A deserialized provider object, as the host configures it through the stub (core/program/stub.ts). */
    const stub = {} as pulumi.dynamic.ResourceProvider;
    before(async () => {
        const config: Record<string, string> = { ...OFFLINE_CONFIG };
        await datasetHandler.configure!.call(stub, { config: { get: (k: string) => config[k], require: (k: string) => config[k]! } });
    });
    const table = (dataType: unknown) => ({
        name: "Sales",
        tables: [
            {
                name: "Product",
                columns: [
                    { name: "Id", dataType: "Int64" },
                    { name: "Amount", dataType },
                ],
            },
        ],
    });

    it("names a nested property's path and the value written, with the data types, as a failure of the resource", async () => {
        const r = await stub.check!({}, table(42));
        assert.deepEqual(r.failures, [
            {
                property: "",
                reason: "tables[0].columns[1].dataType is 42: must be one of Int64, Double, Decimal, Boolean, DateTime, String (any letter case)",
            },
        ]);
    });

    it("suggests the data type a misspelled one most likely meant, beside the data types", async () => {
        const r = await stub.check!({}, table("Int46"));
        assert.deepEqual(r.failures, [
            {
                property: "",
                reason: 'tables[0].columns[1].dataType is "Int46": must be one of Int64, Double, Decimal, Boolean, DateTime, String (any letter case); did you mean Int64?',
            },
        ]);
    });

    it("keeps a top-level property's failure on its property, whose value the engine prints itself", async () => {
        const r = await stub.check!({}, { ...table("String"), defaultMode: 7 });
        assert.deepEqual(r.failures, [{ property: "defaultMode", reason: "must be Push or PushStreaming" }]);
    });

    it("never shows a credential written in the wrong place: the host declines secrets, so the name must tell", async () => {
        const news = table("String");
        Object.assign(news.tables[0]!.columns[0]!, { clientSecret: "s3cr3t-in-the-wrong-place" });
        const r = await stub.check!({}, news);
        assert.deepEqual(r.failures, [
            { property: "", reason: 'tables[0].columns[0].clientSecret is [secret]: unknown property "clientSecret": check its spelling' },
        ]);
    });

    it("shortens a long value and says when a nested value is missing", async () => {
        const long = "x".repeat(200);
        const r = await stub.check!({}, { name: "Sales", tables: [{ name: "Product", columns: [{ dataType: long }] }] });
        assert.deepEqual(r.failures!.map((f) => [f.property, f.reason.replace(/: must.*|: Invalid.*/, "")]).sort(), [
            ["", `tables[0].columns[0].dataType is "${"x".repeat(76)}...`],
            ["", "tables[0].columns[0].name is not set"],
        ]);
    });
});

describe("property paths read back", () => {
    it("parses every path propertyPath prints into the same segments", () => {
        for (const segments of [["tables", 2, "columns", 5, "name"], ["a.b"], ["tables", 0, 'a"b\\c', "name"], [""], ["x", "0"]]) {
            assert.deepEqual(parsePropertyPath(propertyPath(segments)), segments);
        }
        assert.equal(parsePropertyPath(".a"), undefined);
        assert.equal(parsePropertyPath("a..b"), undefined);
    });
});
