// The quota-cli-preview benchmark's program (bench/quotaCliPreview.ts): the quota-enforce workload of `count`
// @pulumi/databricks registrations, with `enforceQuotas` at the top when `enforce` is true. With it, the stack
// output `quota` says what it counted (the benchmark checks that it counted and that nothing exceeded a limit).
import * as pulumi from "@pulumi/pulumi";
import * as databricks from "@pulumi/databricks";
import { quota } from "pulumi-tenantkit";
import { program } from "./workload";

export = async (): Promise<Record<string, unknown>> => {
    const config = new pulumi.Config();
    const count = config.requireNumber("count");
    const enforcement = config.requireBoolean("enforce") ? quota.enforceQuotas() : undefined;
    await program(pulumi, databricks, count);
    if (!enforcement) return { quota: "off" };
    const findings = enforcement.findings();
    const exceeded = findings.filter((f) => f.status === "exceeded").length;
    const warnings = findings.filter((f) => f.status === "warning").length;
    return { quota: `${findings.length} findings, ${exceeded} exceeded, ${warnings} warnings` };
};
