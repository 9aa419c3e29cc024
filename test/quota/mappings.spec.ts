import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { MappingTable, countOne, scopeContext } from "../../provider/quota/mapping";
import { azureMappings, databricksMappings, defaultMappings } from "../../provider/quota/mappings";
import { limitById } from "../../provider/quota/limits";
import { UNKNOWN_INPUT, type PlannedResource } from "../../provider/quota/types";

const scopes = scopeContext();
const table = new MappingTable(defaultMappings);
const ws = { name: "prod", inputs: { host: "https://adb-1.1.azuredatabricks.net/" } };
const uses = (r: Omit<PlannedResource, "name"> & { name?: string }) =>
    table.usesOf({ name: "r", ...r }, scopes).map((u) => [u.limit, u.scope, u.amount]);

/** Every `databricks:` type token `@pulumi/databricks` defines, read from its compiled modules. */
function databricksTypes(): Set<string> {
    const dir = path.dirname(require.resolve("@pulumi/databricks/package.json"));
    const found = new Set<string>();
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".js"))) {
        for (const m of fs.readFileSync(path.join(dir, f), "utf8").matchAll(/__pulumiType = '(databricks:[^']+)'/g)) found.add(m[1]);
    }
    return found;
}

describe("quota mappings", () => {
    it("name only limits that exist in the table and types that exist in @pulumi/databricks", () => {
        const known = databricksTypes();
        assert.ok(known.size > 100, "read the package's types");
        for (const m of databricksMappings) {
            assert.equal(typeof m.type, "string");
            assert.ok(known.has(m.type as string), `${String(m.type)} is not a @pulumi/databricks type`);
        }
        const sample: PlannedResource = {
            type: "",
            name: "x",
            inputs: {
                name: "n",
                catalogName: "c",
                schemaName: "s",
                path: "/a/b",
                objects: [],
                ipAddresses: ["1.2.3.4/32"],
                columns: [{}],
                aliases: [{}],
                region: "westeurope",
                location: "westeurope",
                resourceGroupName: "rg",
                endpointName: "e",
                memberId: "m",
                queryId: "q",
                dashboardId: "d",
                networkConnectivityConfigId: "n",
            },
            provider: ws,
        };
        for (const m of [...databricksMappings, ...azureMappings]) {
            const type = typeof m.type === "string" ? m.type : "azure-native:web:WebApp";
            for (const u of m.uses({ ...sample, type }, scopes)) assert.doesNotThrow(() => limitById(u.limit), `${type} -> ${u.limit}`);
        }
    });

    // enforceQuotas resolves only the declared inputs and hands the mapping only those: one undeclared read would
    // see nothing and count a wrong scope. Every read of every built-in mapping goes through a recording proxy.
    it("declare every input they read (enforceQuotas resolves only those)", () => {
        const full = {
            name: "n",
            catalogName: "c",
            schemaName: "s",
            path: "/a/b/c.py",
            ipAddresses: ["1.2.3.4/32", "5.6.7.0/24"],
            columns: [{}, {}],
            aliases: [{}],
            objects: [{ dataObjectType: "TABLE" }, { dataObjectType: "model" }],
            region: "westeurope",
            location: "West Europe",
            resourceGroupName: "rg",
            endpointName: "e",
            memberId: "m",
            principalId: "p",
            queryId: "q",
            dashboardId: "d",
            networkConnectivityConfigId: "ncc",
            deltaSyncIndexSpec: { embeddingVectorColumns: [{ embeddingDimension: 1024 }] },
            directAccessIndexSpec: { embeddingVectorColumns: [] },
            providerConfig: { workspaceId: "42" },
        };
        const variants: Array<Record<string, unknown>> = [full, {}, Object.fromEntries(Object.keys(full).map((k) => [k, UNKNOWN_INPUT]))];
        const metastoreScopes = scopeContext({ metastores: { "42": "m1" } });
        for (const m of [...databricksMappings, ...azureMappings]) {
            assert.ok(m.inputs, `${String(m.type)} declares its inputs`);
            const type = typeof m.type === "string" ? m.type : "azure-native:web:WebApp";
            for (const inputs of variants) {
                const read = new Set<string>();
                // Elements of count-only inputs are probed too: the mapping may count them, never look inside.
                const probed: Record<string, unknown> = { ...inputs };
                for (const k of m.countOnly ?? []) {
                    assert.ok(m.inputs?.includes(k), `${type}: count-only ${k} is among the declared inputs`);
                    const v = inputs[k];
                    if (!Array.isArray(v)) continue;
                    probed[k] = v.map((x: unknown) =>
                        typeof x === "object" && x !== null
                            ? new Proxy(x, {
                                  get: (o, p) => (read.add(`${k}[].${String(p)}`), Reflect.get(o, p)),
                                  has: (o, p) => (read.add(`${k}[].${String(p)}`), Reflect.has(o, p)),
                              })
                            : x,
                    );
                }
                const proxy = new Proxy(probed, {
                    get: (o, k) => (typeof k === "string" && read.add(k), Reflect.get(o, k)),
                    has: (o, k) => (typeof k === "string" && read.add(k), Reflect.has(o, k)),
                });
                for (const creating of [undefined, false]) m.uses({ type, name: "r", inputs: proxy, provider: ws, creating }, metastoreScopes);
                const undeclared = [...read].filter((k) => k !== "providerConfig" && !(m.inputs ?? []).includes(k));
                assert.deepEqual(undeclared, [], `${type} reads undeclared inputs`);
            }
        }
        const tableType = table.forType("databricks:index/sqlTable:SqlTable");
        assert.deepEqual(tableType.inputs, ["providerConfig", "catalogName", "schemaName", "name", "columns"]);
        assert.deepEqual(table.forType("databricks:index/job:Job").inputs, ["providerConfig"]);
        assert.deepEqual([...(tableType.countOnly ?? [])], ["columns"]);
        assert.equal(table.forType("databricks:index/job:Job").countOnly, undefined);
        const inside = new MappingTable([...defaultMappings, { type: "databricks:index/sqlTable:SqlTable", inputs: ["columns"], uses: () => [] }]);
        assert.equal(
            inside.forType("databricks:index/sqlTable:SqlTable").countOnly,
            undefined,
            "a mapping that reads inside the columns has them resolved whole",
        );
        const custom = new MappingTable([...defaultMappings, { type: "databricks:index/job:Job", uses: () => [] }]);
        assert.equal(custom.forType("databricks:index/job:Job").inputs, undefined, "a mapping that does not declare its inputs reads them all");
    });

    it("key a Unity Catalog table by catalog.schema, and by nothing while a part is unknown", () => {
        const type = "databricks:index/sqlTable:SqlTable";
        assert.deepEqual(
            uses({ type, inputs: { catalogName: "main", schemaName: "sales", name: "t", columns: [{}, {}, UNKNOWN_INPUT] }, provider: ws }),
            [
                ["data-catalog/table/schema", "main.sales", 1],
                ["data-catalog/table/metastore", "(this metastore)", 1],
                ["data-catalog/column/table", "main.sales.t", 2],
            ],
        );
        assert.deepEqual(uses({ type, name: "orders", inputs: { catalogName: "main", schemaName: UNKNOWN_INPUT, name: "t" } }).slice(0, 1), [
            ["data-catalog/table/schema", null, 1],
        ]);
    });

    it("key tables named at run time by the text of their names, each table's columns in a scope of its own", () => {
        const t1 = {
            type: "databricks:index/sqlTable:SqlTable",
            name: "a",
            inputs: { catalogName: "main", schemaName: "sales", name: "t1", columns: [{}] },
            provider: ws,
        };
        // Equal parts, other string objects: the program builds its names at run time.
        const t2 = {
            ...t1,
            name: "b",
            inputs: { catalogName: ["ma", "in"].join(""), schemaName: ["sa", "les"].join(""), name: "t2", columns: [{}] },
        };
        const [a, b] = [t1, t2].map((r) => table.usesOf(r, scopes));
        assert.deepEqual(a[0], countOne("data-catalog/table/schema", "main.sales"));
        assert.deepEqual(b[0], a[0]);
        assert.deepEqual([a[2].scope, b[2].scope], ["main.sales.t1", "main.sales.t2"]);
        for (const [catalogName, schemaName] of [
            ["main", ""],
            [UNKNOWN_INPUT, "sales"],
            ["main", 42],
        ]) {
            assert.equal(table.usesOf({ ...t1, inputs: { ...t1.inputs, catalogName, schemaName } }, scopes)[0].scope, null);
        }
    });

    it("key workspace limits by providerConfig.workspaceId, else the provider's host, else its name", () => {
        const type = "databricks:index/sqlEndpoint:SqlEndpoint";
        assert.deepEqual(uses({ type, inputs: {}, provider: ws }), [["sql-warehouses/total-number/workspace", "adb-1.1.azuredatabricks.net", 1]]);
        assert.deepEqual(uses({ type, inputs: { providerConfig: { workspaceId: "4242" } }, provider: ws }), [
            ["sql-warehouses/total-number/workspace", "4242", 1],
        ]);
        assert.deepEqual(uses({ type, inputs: {}, provider: { name: "blue", inputs: { host: UNKNOWN_INPUT } } }), [
            ["sql-warehouses/total-number/workspace", "(provider blue)", 1],
        ]);
        assert.deepEqual(uses({ type, inputs: {} }), [["sql-warehouses/total-number/workspace", "(default provider)", 1]]);
        // The key of the last provider is kept: alternating providers must still get each its own.
        const other = { name: "blue", inputs: { host: "HTTPS://ADB-2.2.azuredatabricks.net" } };
        const keys = [ws, other, ws, undefined, other].map((provider) => uses({ type, inputs: {}, provider })[0][1]);
        assert.deepEqual(keys, [
            "adb-1.1.azuredatabricks.net",
            "adb-2.2.azuredatabricks.net",
            "adb-1.1.azuredatabricks.net",
            "(default provider)",
            "adb-2.2.azuredatabricks.net",
        ]);
    });

    it("count share objects by type, jobs created only when created, and workspace paths by depth and name", () => {
        assert.deepEqual(
            uses({
                type: "databricks:index/share:Share",
                inputs: {
                    name: "s",
                    objects: [{ dataObjectType: "TABLE" }, { dataObjectType: "VIEW" }, { dataObjectType: "VOLUME" }, { dataObjectType: "SCHEMA" }],
                },
            }),
            [
                ["data-sharing/share/metastore", "(this metastore)", 1],
                ["data-sharing/table/share", "s", 1],
                ["data-sharing/table/share", "s", 1],
                ["data-sharing/volume/share", "s", 1],
                ["data-sharing/schema/share", "s", 1],
            ],
        );
        assert.equal(uses({ type: "databricks:index/job:Job", inputs: {}, creating: false }).length, 1, "an existing job uses no hourly creation");
        assert.equal(uses({ type: "databricks:index/job:Job", inputs: {} }).length, 2);
        assert.deepEqual(uses({ type: "databricks:index/notebook:Notebook", inputs: { path: "/Shared/etl/daily.py" } }), [
            ["workspaces/folder-depth/workspace", "/Shared/etl/daily.py", 2],
            ["workspaces/workspace-object-name-length/workspace", "/Shared/etl/daily.py", 8],
        ]);
    });

    it("map Azure resource groups, storage accounts by region and resources per resource group", () => {
        const sub = { name: "default", inputs: { subscriptionId: "0000-1111" } };
        assert.deepEqual(uses({ type: "azure-native:resources:ResourceGroup", inputs: { location: "westeurope" }, provider: sub }), [
            ["resource-groups/maximum/subscription", "0000-1111", 1],
        ]);
        assert.deepEqual(
            uses({ type: "azure-native:storage:StorageAccount", inputs: { location: "West Europe", resourceGroupName: "RG1" }, provider: sub }),
            [
                ["storage/storage-accounts/per-region-per-subscription", "0000-1111 westeurope", 1],
                ["resource-groups/resources-of-any-type-per-resource-group/subscription", "0000-1111 rg1", 1],
            ],
        );
        assert.deepEqual(uses({ type: "azure-native:web:WebApp", inputs: { resourceGroupName: UNKNOWN_INPUT } }), [
            ["resource-groups/resources-of-any-type-per-resource-group/subscription", null, 1],
        ]);
        assert.deepEqual(uses({ type: "aws:s3/bucket:Bucket", inputs: { resourceGroupName: "x" } }), [], "other clouds map to nothing");
    });
});

describe("quota plannedCalls (creations under the API rate limits)", () => {
    it("maps creations to the operation the provider calls, SCIM by provider level, and skips objects that exist", async () => {
        const { minimumApiTime, plannedCalls } = await import("../../provider/quota/apiTime");
        const account = { name: "acct", inputs: { host: "https://accounts.azuredatabricks.net", accountId: "a-1" } };
        const resources: PlannedResource[] = [
            ...Array.from({ length: 5000 }, (_, i): PlannedResource => ({
                type: "databricks:index/job:Job",
                name: `j${i}`,
                inputs: {},
                provider: ws,
            })),
            { type: "databricks:index/job:Job", name: "kept", inputs: {}, provider: ws, creating: false },
            { type: "databricks:index/user:User", name: "u1", inputs: {}, provider: account },
            { type: "databricks:index/user:User", name: "u2", inputs: {}, provider: ws },
        ];
        const calls = plannedCalls(resources, scopes).map((c) => [c.api, c.operation, c.scope, c.count]);
        assert.deepEqual(calls, [
            ["Jobs API", "/jobs/create", "adb-1.1.azuredatabricks.net", 5000],
            ["Account SCIM API", "POST", "a-1", 1],
            ["Workspace-level SCIM API", "POST", "adb-1.1.azuredatabricks.net", 1],
        ]);
        assert.equal(minimumApiTime(plannedCalls(resources, scopes)).seconds, 250, "5,000 jobs at 20 creates per second");
    });

    it("keep the helpers' earlier names (one, str, list, obj, joined) in the public API, as deprecated aliases of the new ones", async () => {
        const quota = await import("../../provider/quota");
        const renamed = { one: quota.countOne, str: quota.knownString, list: quota.knownArray, obj: quota.knownObject, joined: quota.knownPath };
        for (const [old, current] of Object.entries(renamed)) assert.equal(quota[old as keyof typeof renamed], current, old);
        const source = fs.readFileSync(path.join(__dirname, "../../provider/quota/mapping.ts"), "utf8");
        for (const old of Object.keys(renamed))
            assert.match(source, new RegExp(`@deprecated Renamed \\{@link \\w+\\}[^\\n]*\\n\\s*export const ${old} =`), old);
    });
});
