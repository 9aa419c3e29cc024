import * as tk from "pulumi-tenantkit";

const sales = new tk.powerbi.PushDataset("sales", {
    workspaceId: "f089354e-8366-4e18-aea3-4cb4a3a50b48", // the workspace "Sales"; omit for My workspace
    name: "SalesMarketing",
    defaultRetentionPolicy: "basicFIFO", // None (default) or basicFIFO, set at creation
    tables: [
        {
            name: "Product",
            columns: [
                { name: "ProductID", dataType: "Int64" },
                { name: "Name", dataType: "String" },
            ],
        },
    ],
});
export const datasetId = sales.datasetId;
