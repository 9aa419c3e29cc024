/**
 * API time: the calls a plan makes and the least time they need under the spec's "API rate limits" table. Each
 * planned creation of a rated `@pulumi/databricks` type is one call of the operation the Databricks provider uses
 * to create it (updates and deletes are not known from a preview's new states); calls drawing on one budget add
 * up, and the slowest budget sets the plan's minimum. Pure: no clock, no I/O.
 */
import type { ScopeContext } from "./mapping";
import { rateLimits, rateLimitsFor } from "./rateLimits";
import type { PlannedResource, RateLimit } from "./types";

/** Calls a plan makes of one operation in one scope. */
export interface PlannedCall {
    /** The API cell of the table ("Jobs API"); needed for method and "all requests" rows, narrows path rows. */
    api?: string;
    /** A path ("/jobs/create", "/repos/123"), a method of the API ("POST") or "all requests". */
    operation: string;
    /** The workspace or account key the calls go to ("prod", a workspace host). */
    scope: string;
    /** How many calls; a count of 0 or less is ignored. */
    count: number;
    /** What the calls are for, shown in messages ("create jobs"). */
    label?: string;
}

/** The time one budget (a quota id in one scope key) needs for the calls that draw on it. */
export interface QuotaTime {
    /** {@link RateLimit.quota}: the budget's id. */
    quota: string;
    /** The table entries of this quota that the calls matched. */
    entries: RateLimit[];
    /** The scope key; {@link THIS_MACHINE} for IP address rows. */
    scope: string;
    /** The calls that draw on this budget, summed. */
    calls: number;
    /** The least time those calls need at the budget's rate, in seconds; no starting burst is subtracted. */
    seconds: number;
    /** "5000 calls of /jobs/create in workspace prod at 20 per second (Jobs API, fixed): at least 4 min 10 s". */
    message: string;
}

/** The minimum API time of a plan: budgets run in parallel, so the slowest one sets it. */
export interface ApiTimeEstimate {
    /** The largest {@link QuotaTime.seconds}; 0 when no call is rated. */
    seconds: number;
    /** The slowest budget, which sets `seconds`; undefined when no call is rated. */
    bottleneck?: QuotaTime;
    /** Every budget drawn on, slowest first. */
    byQuota: QuotaTime[];
    /** Calls no table entry matches: reported, never dropped. */
    unmatched: PlannedCall[];
}

/** The scope key of rows scoped to the caller's IP address: every call from this process shares them. */
export const THIS_MACHINE = "this machine";

/** Requests per second an entry allows (per-minute rows divided by 60). */
export function ratePerSecond(entry: RateLimit): number {
    return entry.per === "minute" ? entry.limit / 60 : entry.limit;
}

/** The budget key of an entry for calls made in `scope`: IP address rows ignore the caller's scope. */
export function scopeKey(entry: RateLimit, scope: string): string {
    return entry.scope.toLowerCase() === "ip address" ? THIS_MACHINE : scope;
}

/**
 * The minimum time `calls` need: calls drawing on one quota id in one scope key add up, each budget needs
 * calls / rate seconds, and budgets run in parallel, so the plan needs at least the slowest one. Like the issue's
 * example ("5,000 jobs at 20 creates per second is at least 250 s") no starting burst is subtracted. Calls that
 * match no entry land in `unmatched`. `table` defaults to {@link rateLimits}.
 */
export function minimumApiTime(calls: PlannedCall[], table: readonly RateLimit[] = rateLimits): ApiTimeEstimate {
    const budgets = new Map<string, { quota: string; scope: string; entries: RateLimit[]; calls: PlannedCall[] }>();
    const unmatched: PlannedCall[] = [];
    for (const call of calls) {
        if (!(call.count > 0)) continue;
        const entries = rateLimitsFor(call.operation, call.api, table);
        if (entries.length === 0) {
            unmatched.push(call);
            continue;
        }
        // One call draws once on each budget, even when it matches several entries of one shared quota.
        const seen = new Set<string>();
        for (const entry of entries) {
            const scope = scopeKey(entry, call.scope);
            const key = `${entry.quota}\u0000${scope}`;
            let budget = budgets.get(key);
            if (!budget) budgets.set(key, (budget = { quota: entry.quota, scope, entries: [], calls: [] }));
            if (!budget.entries.includes(entry)) budget.entries.push(entry);
            if (!seen.has(key)) budget.calls.push(call);
            seen.add(key);
        }
    }
    const byQuota = [...budgets.values()].map((b) => quotaTime(b.quota, b.scope, b.entries, b.calls));
    byQuota.sort((a, b) => b.seconds - a.seconds);
    return { seconds: byQuota[0]?.seconds ?? 0, bottleneck: byQuota[0], byQuota, unmatched };
}

function quotaTime(quota: string, scope: string, entries: RateLimit[], calls: PlannedCall[]): QuotaTime {
    // Entries of one quota share one limit; the slowest wins should a custom table disagree with itself.
    const entry = entries.reduce((slow, e) => (ratePerSecond(e) < ratePerSecond(slow) ? e : slow));
    const total = calls.reduce((sum, c) => sum + c.count, 0);
    // Multiply before dividing so whole results stay whole (70 calls at 35 per minute: 120 s, not 120.00000000000001).
    const seconds = (total * (entry.per === "minute" ? 60 : 1)) / entry.limit;
    const ops = [...new Set(calls.map((c) => describeCall(c, entries)))];
    const what = ops.length > 1 ? `${ops.join(", ")} (one shared budget)` : ops[0];
    const where = scope === THIS_MACHINE ? "from this machine" : `in ${entry.scope.toLowerCase()} ${scope}`;
    const message =
        `${total} ${total === 1 ? "call" : "calls"} of ${what} ${where} at ${entry.limit} per ${entry.per} ` +
        `(${entry.api}, ${entry.fixed ? "fixed" : "raisable"}): at least ${formatDuration(seconds)}`;
    return { quota, entries, scope, calls: total, seconds, message };
}

function describeCall(call: PlannedCall, entries: readonly RateLimit[]): string {
    const op =
        entries.some((e) => e.match === "all") && call.operation.trim().toLowerCase() === "all requests" ? "any operation" : call.operation.trim();
    return call.label ? `${op} (${call.label})` : op;
}

/**
 * A duration for people: "0.5 s", "12 s", "4 min 10 s", "2 h 22 min 51 s". Under a minute it keeps one decimal;
 * from a minute on, whole seconds.
 */
export function formatDuration(seconds: number): string {
    if (!Number.isFinite(seconds)) return `${seconds} s`;
    const tenths = Math.round(seconds * 10) / 10;
    if (tenths < 60) return `${tenths} s`;
    const whole = Math.round(seconds);
    const parts: string[] = [];
    const h = Math.floor(whole / 3600);
    const min = Math.floor((whole % 3600) / 60);
    const s = whole % 60;
    if (h > 0) parts.push(`${h} h`);
    if (min > 0) parts.push(`${min} min`);
    if (s > 0) parts.push(`${s} s`);
    return parts.join(" ");
}

/** The plan's minimum API time and the budget that sets it. */
export function formatApiTime(estimate: ApiTimeEstimate): string {
    const lines: string[] = [];
    if (estimate.byQuota.length === 0) lines.push("API time: no planned call is covered by the rate limits table");
    else
        lines.push(
            `API time: at least ${formatDuration(estimate.seconds)} under the rate limits${estimate.bottleneck ? `; slowest: ${estimate.bottleneck.message}` : ""}`,
        );
    for (const c of estimate.unmatched)
        lines.push(`  not rated: ${c.count} ${c.count === 1 ? "call" : "calls"} of ${c.api ? `${c.api} ` : ""}${c.operation}`);
    return lines.join("\n");
}

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
