/**
 * The API calls a plan makes, for its minimum time under the rate limits: each planned creation of a mapped
 * `@pulumi/databricks` type is one call of the operation the Databricks provider uses to create it. Only creation
 * is counted; updates and deletes are not known from a preview's new states.
 */
import type { ScopeContext } from "./mapping";
import type { PlannedCall } from "./rate";
import type { PlannedResource } from "./types";

interface CallSpec {
    api: string;
    operation: string;
}

const t = (module: string, name: string): string => `databricks:index/${module}:${name}`;
const call = (api: string, operation: string): CallSpec => ({ api, operation });

/** Creation calls by type; SCIM types are resolved by provider level below. */
const CREATE_CALLS: Record<string, CallSpec> = {
    [t("job", "Job")]: call("Jobs API", "/jobs/create"),
    [t("secretScope", "SecretScope")]: call("Secrets API", "all requests"),
    [t("secret", "Secret")]: call("Secrets API", "all requests"),
    [t("secretAcl", "SecretAcl")]: call("Secrets API", "all requests"),
    [t("token", "Token")]: call("Token management API", "all requests"),
    [t("oboToken", "OboToken")]: call("Token management API", "all requests"),
    [t("permissions", "Permissions")]: call("Permissions API", "PUT"),
    [t("notebook", "Notebook")]: call("Workspace API", "/workspace/import"),
    [t("workspaceFile", "WorkspaceFile")]: call("Workspace API", "/workspace/import"),
    [t("directory", "Directory")]: call("Workspace API", "/workspace/mkdirs"),
    [t("repo", "Repo")]: call("Git folders API", "/repos/create"),
    [t("gitCredential", "GitCredential")]: call("Git credentials API", "/git-credentials/create"),
    [t("share", "Share")]: call("Data sharing shares API", "/catalog/shares"),
    [t("recipient", "Recipient")]: call("Data sharing recipient API", "/catalog/recipients"),
    [t("metastoreProvider", "MetastoreProvider")]: call("Data sharing provider API", "/catalog/providers"),
    [t("mlflowExperiment", "MlflowExperiment")]: call("ML tracking API", "/ml/experiments/create"),
    [t("mlflowModel", "MlflowModel")]: call("ML workspace model registry API", "/ml/registered-models/create"),
    [t("mlflowWebhook", "MlflowWebhook")]: call("ML workspace model registry API", "/ml/webhooks/create"),
};

const SCIM_TYPES = new Set([t("user", "User"), t("group", "Group"), t("servicePrincipal", "ServicePrincipal"), t("groupMember", "GroupMember")]);
const ACCOUNT_SCIM_TYPES = new Set([t("accountIamUserV2", "AccountIamUserV2"), t("accountIamGroupV2", "AccountIamGroupV2"), t("accountIamServicePrincipalV2", "AccountIamServicePrincipalV2")]);
const WORKSPACE_SCIM_TYPES = new Set([t("workspaceIamUserV2", "WorkspaceIamUserV2"), t("workspaceIamGroupV2", "WorkspaceIamGroupV2"), t("workspaceIamServicePrincipalV2", "WorkspaceIamServicePrincipalV2")]);

/** An account-level Databricks provider: an `accounts.` host or an account id (the provider's own rule). */
function accountLevel(r: PlannedResource): boolean {
    const host = r.provider?.inputs.host;
    return (typeof host === "string" && /^(https?:\/\/)?accounts\./i.test(host)) || typeof r.provider?.inputs.accountId === "string";
}

function createCall(r: PlannedResource): CallSpec | undefined {
    const direct = CREATE_CALLS[r.type];
    if (direct) return direct;
    const account = ACCOUNT_SCIM_TYPES.has(r.type) || (SCIM_TYPES.has(r.type) && accountLevel(r));
    if (account) return call("Account SCIM API", "POST");
    if (SCIM_TYPES.has(r.type) || WORKSPACE_SCIM_TYPES.has(r.type)) return call("Workspace-level SCIM API", "POST");
    return undefined;
}

/** True when creating a resource of `type` is a call the rate limits table covers. */
export function isRated(type: string): boolean {
    return type in CREATE_CALLS || SCIM_TYPES.has(type) || ACCOUNT_SCIM_TYPES.has(type) || WORKSPACE_SCIM_TYPES.has(type);
}

/** One planned call per operation and scope, summed over the resources the plan creates. */
export function plannedCalls(resources: readonly PlannedResource[], scopes: ScopeContext): PlannedCall[] {
    const sums = new Map<string, PlannedCall>();
    for (const r of resources) {
        if (r.creating === false) continue;
        const spec = createCall(r);
        if (!spec) continue;
        const scope = spec.api === "Account SCIM API" ? scopes.account(r) : scopes.workspace(r);
        const key = `${spec.api}\u0000${spec.operation}\u0000${scope}`;
        const sum = sums.get(key);
        if (sum) sum.count += 1;
        else sums.set(key, { api: spec.api, operation: spec.operation, scope, count: 1 });
    }
    return [...sums.values()];
}
