// Power BI push datasets (area C), in My workspace or a named workspace.
// Against the emulator: `npm run emulator`, then `pulumi config set tenantkit:emulator http://127.0.0.1:PORT`.
// Against Power BI: an identity with Dataset.ReadWrite.All (and membership of the workspace).
import * as pulumi from "@pulumi/pulumi";
import * as tk from "pulumi-tenantkit";

const config = new pulumi.Config();
const workspaceId = config.get("workspaceId"); // omit for My workspace
// The id of an existing dataset to take over instead of creating one: tenantkit refuses to create a dataset whose name
// its workspace already has, and names the id to set here (`pulumi config set adopt <id>`).
const adopt = config.get("adopt");

const sales = new tk.powerbi.PushDataset("sales", {
    workspaceId,
    adopt,
    name: "SalesMarketing",
    defaultRetentionPolicy: "basicFIFO",
    tables: [
        { name: "Date", columns: [{ name: "Date", dataType: "DateTime", formatString: "yyyy-mm-dd" }] },
        {
            name: "Sales",
            columns: [
                { name: "Date", dataType: "DateTime" },
                { name: "Amount", dataType: "Double", formatString: "0.00", summarizeBy: "sum" },
            ],
            measures: [{ name: "Total", expression: "SUM(Sales[Amount])", formatString: "0.00" }],
        },
    ],
    relationships: [
        { name: "sales-date", fromTable: "Sales", fromColumn: "Date", toTable: "Date", toColumn: "Date", crossFilteringBehavior: "BothDirections" },
    ],
});

export const datasetId = sales.datasetId;
export const tables = sales.tables.apply((t) => t.map((x) => x.name));
