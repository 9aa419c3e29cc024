// The policy-pack benchmark's mapping (bench/policyPack.ts), as a user's module for the pack's `mappingsModule`:
// every tenantkit push dataset counts as one saved pipeline (12,000 per workspace, the largest per-workspace count
// in the limits table) in its workspace, so 10,000 datasets of My workspace fit one scope.
exports.LIMIT = "declarative-pipelines/saved-pipelines/workspace";
exports.mappings = [
    {
        type: "pulumi-nodejs:dynamic/tenantkit:PushDataset",
        inputs: ["workspaceId"],
        uses: (r) => [{ limit: exports.LIMIT, scope: typeof r.inputs.workspaceId === "string" ? r.inputs.workspaceId : "my-workspace", amount: 1 }],
    },
];
