// The policy pack of pulumi-tenantkit's quota preflight. The counting lives in the package (bin/quota/policyPack.js),
// shared with enforceQuotas and tenantkit-quota; this file only declares the policies to @pulumi/policy.
"use strict";

const { PolicyPack } = require("@pulumi/policy");
const { quotaPolicyReport, QUOTA_POLICY_CONFIG_SCHEMA } = require("../bin/quota/policyPack");

new PolicyPack("tenantkit-quota", {
    policies: [
        {
            name: "quota-limits",
            description: "No Databricks or Azure limit is exceeded by the resources the stack will hold.",
            enforcementLevel: "mandatory",
            configSchema: QUOTA_POLICY_CONFIG_SCHEMA,
            validateStack: (args, reportViolation) => {
                for (const message of quotaPolicyReport(args.resources, args.getConfig()).exceeded) reportViolation(message);
            },
        },
        {
            name: "quota-warnings",
            description: "Limits the stack comes close to (warnAt, default 80%), and the plan's minimum API time.",
            enforcementLevel: "advisory",
            configSchema: QUOTA_POLICY_CONFIG_SCHEMA,
            validateStack: (args, reportViolation) => {
                for (const message of quotaPolicyReport(args.resources, args.getConfig()).advisories) reportViolation(message);
            },
        },
    ],
});
