// The policy-pack benchmark's Databricks program: `count` tables spread evenly over four schemas of one catalog, with
// the real @pulumi/databricks SDK. Every table counts against data-catalog/table/schema (10,000 per schema) through
// the pack's built-in Databricks mappings.
import * as pulumi from "@pulumi/pulumi";
import * as databricks from "@pulumi/databricks";

const count = new pulumi.Config().requireNumber("count");
const workspace = new databricks.Provider("prod", { host: "https://adb-1234567890123456.7.azuredatabricks.net" });
const inWorkspace = { provider: workspace };
const catalog = new databricks.Catalog("analytics", { name: "analytics" }, inWorkspace);
const schemas = [0, 1, 2, 3].map((i) => new databricks.Schema(`s${i}`, { catalogName: catalog.name, name: `s${i}` }, inWorkspace));

for (let i = 0; i < count; i++) {
    new databricks.SqlTable(
        `t-${i}`,
        {
            catalogName: catalog.name,
            schemaName: schemas[i % schemas.length].name,
            name: `t_${i}`,
            tableType: "MANAGED",
            columns: [{ name: "id", type: "BIGINT" }],
        },
        inWorkspace,
    );
}

export const tables = count;
