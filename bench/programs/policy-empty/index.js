// The policy-pack benchmark's baseline (bench/policyPack.ts): a pack must declare a policy, so this one declares a
// stack policy that receives every resource, as the quota pack's do, and reports nothing.
"use strict";
const { PolicyPack } = require("@pulumi/policy");

new PolicyPack("tenantkit-bench-empty", {
    policies: [
        {
            name: "nothing",
            description: "Reports nothing.",
            enforcementLevel: "advisory",
            validateStack: () => {},
        },
    ],
});
