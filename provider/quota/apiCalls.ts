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
const ACCOUNT_SCIM_TYPES = new Set([
    t("accountIamUserV2", "AccountIamUserV2"),
    t("accountIamGroupV2", "AccountIamGroupV2"),
    t("accountIamServicePrincipalV2", "AccountIamServicePrincipalV2"),
]);
const WORKSPACE_SCIM_TYPES = new Set([
    t("workspaceIamUserV2", "WorkspaceIamUserV2"),
    t("workspaceIamGroupV2", "WorkspaceIamGroupV2"),
    t("workspaceIamServicePrincipalV2", "WorkspaceIamServicePrincipalV2"),
]);

/** An account-level Databricks provider: an `accounts.` host or an account id (the provider's own rule). */
function accountLevel(r: PlannedResource): boolean {
    const host = r.provider?.inputs.host;
    return (typeof host === "string" && /^(https?:\/\/)?accounts\./i.test(host)) || typeof r.provider?.inputs.accountId === "string";
}

const ACCOUNT_SCIM_CALL = call("Account SCIM API", "POST");
const WORKSPACE_SCIM_CALL = call("Workspace-level SCIM API", "POST");

/** Every rated type to its call; "scim" where the provider's level decides. */
const CALL_BY_TYPE = new Map<string, CallSpec | "scim">([
    ...Object.entries(CREATE_CALLS),
    ...[...SCIM_TYPES].map((type) => [type, "scim"] as const),
    ...[...ACCOUNT_SCIM_TYPES].map((type) => [type, ACCOUNT_SCIM_CALL] as const),
    ...[...WORKSPACE_SCIM_TYPES].map((type) => [type, WORKSPACE_SCIM_CALL] as const),
]);

/** Whether resources of `type` make a creation call the rate limits cover. */
export function isRated(type: string): boolean {
    return CALL_BY_TYPE.has(type);
}

/** Running sums of planned calls per operation and scope, one resource at a time. */
export class CallTally {
    /** Per operation (the shared spec objects), per scope. */
    private readonly sums = new Map<CallSpec, Map<string, PlannedCall>>();

    constructor(private readonly scopes: ScopeContext) {}

    /** Counts the creation call of `r`, if it makes one the rate limits cover. */
    add(r: PlannedResource): void {
        const call = CALL_BY_TYPE.get(r.type);
        if (call === undefined || r.creating === false) return;
        const spec = call !== "scim" ? call : accountLevel(r) ? ACCOUNT_SCIM_CALL : WORKSPACE_SCIM_CALL;
        const scope = spec === ACCOUNT_SCIM_CALL ? this.scopes.account(r) : this.scopes.workspace(r);
        let byScope = this.sums.get(spec);
        if (!byScope) this.sums.set(spec, (byScope = new Map()));
        const sum = byScope.get(scope);
        if (sum) sum.count += 1;
        else byScope.set(scope, { api: spec.api, operation: spec.operation, scope, count: 1 });
    }

    /** One planned call per operation and scope. */
    calls(): PlannedCall[] {
        return [...this.sums.values()].flatMap((byScope) => [...byScope.values()]);
    }
}

/** One planned call per operation and scope, summed over the resources the plan creates. */
export function plannedCalls(resources: readonly PlannedResource[], scopes: ScopeContext): PlannedCall[] {
    const tally = new CallTally(scopes);
    for (const r of resources) tally.add(r);
    return tally.calls();
}
