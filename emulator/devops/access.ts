/**
 * Who may read an organization: a personal access token sent as Basic (`base64(user + ":" + PAT)`, any user
 * name, per the spec's securityDefinitions) or an Entra token issued for Azure DevOps' resource id by the
 * organization's tenant. Roles and scopes of Entra tokens are not checked, because Azure DevOps maps the
 * identity to its own permissions; a PAT must carry a code scope.
 *
 * Picks: a PAT without a code scope answers 401 JSON (not 403) whatever the suppress header says, since
 * the credential itself is fine; every other failure (none, unknown, expired, another organization's PAT, a
 * token of another audience or tenant) is "not signed in": the 203 sign-in page, or 401 with the suppress header.
 */
import { authenticate } from "../http/auth";
import { headerValue, type RequestContext } from "../http/http";
import type { Tenant } from "../store/state";
import { anonymousRefused, DevOpsFailure, organizationNotFound, signInPage } from "./errors";
import type { DevOpsData, Organization } from "../store/devops/model";

/** Scopes that allow reading code (learn: azure/devops/integrate/get-started/authentication/oauth#scopes). */
const CODE_SCOPES = ["vso.code", "vso.code_write", "vso.code_manage", "vso.code_full", "vso.code_status", "app_token"];

/** The organization of a path with the tenant it belongs to. */
export interface OrgScope {
    readonly tenant: Tenant;
    readonly data: DevOpsData;
    readonly organization: Organization;
}

/** Who called: a PAT's user or a token's `oid`/`appid`. */
export interface DevOpsCaller {
    readonly kind: "pat" | "bearer";
    readonly id: string;
}

/** Thrown for a caller that is not signed in; carries the reply (203 page or 401 JSON). */
export class NotSignedIn extends Error {
    override readonly name = "NotSignedIn";
    constructor(
        readonly suppress: boolean,
        readonly organization: string,
    ) {
        super("not signed in");
    }
}

/** The organization by name (case-insensitive) in any tenant, or a 404. */
export function organizationOr404(ctx: RequestContext, name: string): OrgScope {
    for (const tenant of ctx.store.state.tenants) {
        const data = tenant.devops;
        const organization = data?.organizations.find((o) => o.name.toLowerCase() === name.toLowerCase());
        if (data !== undefined && organization !== undefined) return { tenant, data, organization };
    }
    throw organizationNotFound(name);
}

/**
 * Checks the credential of the request for the organization; `codeScope: false` for the location service, which
 * any valid credential may read (a PAT's scopes name the areas it may use, and the location service is none).
 */
export function requireCaller(ctx: RequestContext, scope: OrgScope, codeScope = true): DevOpsCaller {
    const suppress = (headerValue(ctx.headers, "x-tfs-fedauthredirect") ?? "").toLowerCase() === "suppress";
    const header = headerValue(ctx.headers, "authorization") ?? "";
    const basic = /^Basic\s+(\S+)\s*$/i.exec(header);
    if (basic !== null) {
        const decoded = Buffer.from(basic[1], "base64").toString("utf8");
        const colon = decoded.indexOf(":");
        const token = colon < 0 ? decoded : decoded.slice(colon + 1);
        const orgName = scope.organization.name.toLowerCase();
        const pat = scope.data.pats.find((p) => p.token === token && p.organizations.some((o) => o.toLowerCase() === orgName));
        const expired = pat?.validTo !== undefined && Date.parse(pat.validTo) <= ctx.now.getTime();
        if (pat === undefined || expired) throw new NotSignedIn(suppress, scope.organization.name);
        if (codeScope && !pat.scopes.some((s) => CODE_SCOPES.includes(s))) {
            const user = scope.tenant.users.find((u) => u.id.toLowerCase() === pat.user.toLowerCase());
            throw new DevOpsFailure(
                401,
                "UnauthorizedRequestException",
                `TF400813: The user '${user?.userPrincipalName ?? pat.user}' is not authorized to access this resource. The personal access token lacks the scope vso.code.`,
            );
        }
        return { kind: "pat", id: pat.user };
    }
    const auth = authenticate(ctx, "devops");
    if (!auth.ok || auth.caller.tenant.id !== scope.tenant.id) throw new NotSignedIn(suppress, scope.organization.name);
    const { claims } = auth.caller;
    return { kind: "bearer", id: claims.idtyp === "user" ? (claims.oid ?? claims.sub) : claims.appid };
}

/** The reply to a {@link NotSignedIn}. */
export function notSignedInReply(err: NotSignedIn): ReturnType<typeof signInPage> {
    return err.suppress ? anonymousRefused().reply() : signInPage(err.organization);
}
