// The state-size benchmark's stack: `count` push datasets (stack config), each with one small sales table, in the
// workspace `workspaceId` (omitted: My workspace).
import * as pulumi from "@pulumi/pulumi";
import * as tk from "pulumi-tenantkit";
import { datasetArgs, datasetName } from "./datasets";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const workspaceId = config.get("workspaceId");

for (let i = 0; i < count; i++) {
    new tk.powerbi.PushDataset(datasetName(i), datasetArgs(i, workspaceId) as unknown as tk.powerbi.PushDatasetArgs);
}

export const datasets = count;
