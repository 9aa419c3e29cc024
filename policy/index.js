// The policy pack of pulumi-tenantkit's quota preflight. The counting lives in the package (bin/quota/policyPack.js),
// shared with enforceQuotas and tenantkit-quota; this file only declares the policies to @pulumi/policy.
"use strict";

const fs = require("node:fs");
const { PolicyPack } = require("@pulumi/policy");
const { quotaPolicyReport, QUOTA_POLICY_CONFIG_SCHEMA } = require("../bin/quota/policyPack");

// TENANTKIT_QUOTA_POLICY_TIMING=<file>: each policy appends a JSON line with the resources it counted and the
// milliseconds quotaPolicyReport took (the policy-pack benchmark, bench/policyPack.ts, reads it).
const timingFile = process.env.TENANTKIT_QUOTA_POLICY_TIMING;
function report(policy, args) {
    if (!timingFile) return quotaPolicyReport(args.resources, args.getConfig());
    const start = process.hrtime.bigint();
    const r = quotaPolicyReport(args.resources, args.getConfig());
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    fs.appendFileSync(timingFile, `${JSON.stringify({ policy, resources: args.resources.length, ms })}\n`);
    return r;
}

/** A stack policy that reports the messages `pick` takes from the quota report, each as one violation. */
function quotaPolicy(name, enforcementLevel, description, pick) {
    return {
        name,
        description,
        enforcementLevel,
        configSchema: QUOTA_POLICY_CONFIG_SCHEMA,
        validateStack: (args, reportViolation) => {
            for (const message of pick(report(name, args))) reportViolation(message);
        },
    };
}

// Two policies because a pack's enforcement level is per policy: exceeded limits must fail the preview, warnings not.
new PolicyPack("tenantkit-quota", {
    policies: [
        quotaPolicy("quota-limits", "mandatory", "No Databricks or Azure limit is exceeded by the resources the stack will hold.", (r) => r.exceeded),
        quotaPolicy(
            "quota-warnings",
            "advisory",
            "Limits the stack comes close to (warnAt, default 80%), and the plan's minimum API time.",
            (r) => r.advisories,
        ),
    ],
});
