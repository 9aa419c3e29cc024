// Preflight quota check (area E): `enforceQuotas` counts every planned resource that maps to a row of the
// limits table and fails the preview at the first registration that would break a limit.
// Objects that already exist outside this stack come from stack config, e.g.
//   pulumi config set --path 'tenantkit:quotaExisting["sql-warehouses/total-number/workspace"]["adb-1234567890123456.7.azuredatabricks.net"]' 995
// CI can check any program's plan without changing it: pulumi preview --json --show-sames | npx tenantkit-quota -
import * as pulumi from "@pulumi/pulumi";
import * as databricks from "@pulumi/databricks";
import * as tk from "pulumi-tenantkit";

tk.quota.enforceQuotas({ warnAt: 0.8 }); // before any resource

const config = new pulumi.Config();
const host = config.get("workspaceHost") ?? "https://adb-1234567890123456.7.azuredatabricks.net";
const workspace = new databricks.Provider("prod", { host });
const inWorkspace = { provider: workspace };

// Workspace scope: the key is the provider's host.
const warehouses = config.getNumber("warehouses") ?? 2;
for (let i = 0; i < warehouses; i++) {
    new databricks.SqlEndpoint(`bi-${i}`, { name: `bi-${i}`, clusterSize: "2X-Small", maxNumClusters: 1 }, inWorkspace);
}

// Schema scope: the key comes from other resources' outputs, judged once they resolve.
const catalog = new databricks.Catalog("analytics", { name: "analytics" }, inWorkspace);
const schema = new databricks.Schema("sales", { catalogName: catalog.name, name: "sales" }, inWorkspace);
const tables = config.getNumber("tables") ?? 3;
for (let i = 0; i < tables; i++) {
    new databricks.SqlTable(
        `orders-${i}`,
        {
            catalogName: catalog.name,
            schemaName: schema.name,
            name: `orders_${i}`,
            tableType: "MANAGED",
            columns: [
                { name: "id", type: "BIGINT" },
                { name: "amount", type: "DECIMAL(10,2)" },
            ],
        },
        inWorkspace,
    );
}

// Endpoint scope, and bounds of the index itself (embedding dimension, name length).
const endpoint = new databricks.VectorSearchEndpoint("search", { name: "search", endpointType: "STANDARD" }, inWorkspace);
new databricks.VectorSearchIndex(
    "docs",
    {
        name: "analytics.sales.docs_index",
        endpointName: endpoint.name,
        primaryKey: "id",
        indexType: "DELTA_SYNC",
        deltaSyncIndexSpec: {
            sourceTable: "analytics.sales.docs",
            pipelineType: "TRIGGERED",
            embeddingVectorColumns: [{ name: "embedding", embeddingDimension: config.getNumber("embeddingDimension") ?? 1024 }],
        },
    },
    inWorkspace,
);

// IP access lists count by CIDR entry, 1000 per workspace.
new databricks.IpAccessList(
    "office",
    {
        label: "office",
        listType: "ALLOW",
        ipAddresses: config.getObject<string[]>("officeCidrs") ?? ["203.0.113.0/24", "198.51.100.7/32"],
    },
    inWorkspace,
);

export const warehouseCount = warehouses;
export const tableCount = tables;
