// The CLI throttle benchmark's program: `count` push datasets in My workspace, independent of each other, named
// after `prefix` so each run makes new ones.
import * as pulumi from "@pulumi/pulumi";
import * as tk from "pulumi-tenantkit";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const prefix = config.require("prefix");

for (let i = 0; i < count; i++) {
    new tk.powerbi.PushDataset(`ds-${i}`, { name: `${prefix}${i}`, tables: [{ name: "T", columns: [{ name: "C", dataType: "Int64" }] }] });
}

export const datasets = count;
