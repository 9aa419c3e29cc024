/**
 * Who may call and where: the bearer token (Power BI audiences only), the Dataset permission, and the
 * workspace a path names (My workspace of the caller, or a group the caller is a member of).
 *
 * Status picks, none of them documented by the swagger (it declares no error responses):
 * - an expired token: 403 `TokenExpired` with the official payload (troubleshoot-rest-api.md);
 * - any other unusable token (none, malformed, bad signature, another service's audience such as a Graph
 *   token, unknown tenant): 403 as well, code `InvalidToken`; Power BI refuses tokens it cannot use with 403;
 * - a token without `Dataset.ReadWrite.All` (or `Dataset.Read.All` for reads): 401, the status docs/api-facts.md
 *   gives for a missing scope, code `PowerBINotAuthorizedException`;
 * - a group id that is not a uuid: 400; an unknown group: 404 `PowerBIEntityNotFound`;
 * - a group the caller is not a member of: 403 `PowerBINotAuthorizedException` (docs/api-facts.md: 403 = not a
 *   workspace member; a Try It capture of GetDatasetsInGroup without access shows 403 too).
 */
import { authenticate, type BearerProblem, type Caller } from "../http/auth";
import { findClient } from "../store/directory";
import type { RequestContext, RouteParams } from "../http/http";
import { PowerBiFailure } from "./errors";
import { emptyPowerBi, type PowerBiData, type StoredDataset } from "../store/powerbi/model";

/** Permissions per kind of operation (app roles and delegated scopes share these names). */
const READ = ["Dataset.Read.All", "Dataset.ReadWrite.All"];
const WRITE = ["Dataset.ReadWrite.All"];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TOKEN_MESSAGES: Readonly<Record<Exclude<BearerProblem, "expired">, string>> = {
    missing: "The request has no bearer access token.",
    malformed: "The access token is not a valid JWT.",
    signature: "The access token signature is invalid.",
    notYetValid: "The access token is not yet valid.",
    audience: "The access token is not for Power BI (its audience must be https://analysis.windows.net/powerbi/api).",
    tenant: "The access token names an unknown tenant.",
};

/** Where a request acts: the caller and its workspace (null group = the caller's My workspace). */
export interface Scope {
    readonly caller: Caller;
    /** `appid` of an app token, `oid` of a user token: the key of My workspace and of group membership. */
    readonly principal: string;
    /** The group id, lower case; null for My workspace. */
    readonly groupId: string | null;
}

/** Authenticates, checks the permission for `access`, and resolves the workspace of the path. */
export function requireScope(ctx: RequestContext, params: RouteParams, access: "read" | "write"): Scope {
    const auth = authenticate(ctx, "powerbi");
    if (!auth.ok) {
        if (auth.problem === "expired") throw new PowerBiFailure(403, "TokenExpired", "Access token has expired, resubmit with a new access token");
        throw new PowerBiFailure(403, "InvalidToken", TOKEN_MESSAGES[auth.problem]);
    }
    const { claims } = auth.caller;
    const held = claims.idtyp === "app" ? (claims.roles ?? []) : (claims.scp ?? "").split(" ");
    const needed = access === "read" ? READ : WRITE;
    if (!held.some((p) => needed.includes(p))) {
        throw new PowerBiFailure(401, "PowerBINotAuthorizedException", `The token lacks the permission ${needed.join(" or ")}.`);
    }
    const principal = (claims.idtyp === "app" ? claims.appid : (claims.oid ?? claims.sub)).toLowerCase();
    const group = params.groupId;
    if (group === undefined) return { caller: auth.caller, principal, groupId: null };
    if (!UUID.test(group)) throw new PowerBiFailure(400, "InvalidRequest", `The group id ${group} is not a valid uuid.`);
    const workspace = powerBiOf(auth.caller.tenant).workspaces.find((w) => w.id.toLowerCase() === group.toLowerCase());
    if (workspace === undefined) throw new PowerBiFailure(404, "PowerBIEntityNotFound", `Workspace ${group} was not found.`);
    if (!workspace.members.some((m) => m.toLowerCase() === principal)) {
        throw new PowerBiFailure(403, "PowerBINotAuthorizedException", `The caller is not a member of workspace ${group}.`);
    }
    return { caller: auth.caller, principal, groupId: group.toLowerCase() };
}

/** A tenant's Power BI content (empty when the seed gave none). */
export function powerBiOf(tenant: { powerbi?: PowerBiData }): PowerBiData {
    return tenant.powerbi ?? emptyPowerBi();
}

/** True when the dataset lives in the scope's workspace. */
export function inScope(d: StoredDataset, scope: Scope): boolean {
    return scope.groupId === null ? d.workspaceId === null && d.ownerId === scope.principal : d.workspaceId === scope.groupId;
}

/**
 * The dataset of the path in the scope's workspace, or a 404. Code and message are those Power BI users
 * report for an unknown dataset id (not in the official docs).
 */
export function datasetOr404(data: PowerBiData, scope: Scope, datasetId: string): StoredDataset {
    const found = data.datasets.find((d) => d.id.toLowerCase() === datasetId.toLowerCase() && inScope(d, scope));
    if (found === undefined) {
        throw new PowerBiFailure(
            404,
            "ItemNotFound",
            `Dataset ${datasetId} is not found! please verify datasetId is correct and user have sufficient permissions.`,
        );
    }
    return found;
}

/** Who `configuredBy` names: the user's UPN, or the app's display name (its client id when unknown). */
export function configuredBy(scope: Scope): string {
    const { claims, tenant } = scope.caller;
    if (claims.idtyp === "user") return claims.upn ?? claims.oid ?? claims.sub;
    return findClient(tenant, claims.appid)?.displayName ?? claims.appid;
}

/** The `@odata.context` base of the scope: `{base}/powerbi/v1.0/myorg[/groups/{id}]/$metadata`. */
export function metadataUrl(ctx: RequestContext, scope: Scope): string {
    return `${ctx.baseUrl}/powerbi/v1.0/myorg${scope.groupId === null ? "" : `/groups/${scope.groupId}`}/$metadata`;
}
