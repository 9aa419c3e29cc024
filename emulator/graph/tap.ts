/**
 * Graph v1.0 list temporaryAccessPassMethods, for `/me` and for `/users/{id | userPrincipalName}`
 * (learn: graph/api/authentication-list-temporaryaccesspassmethods; docs/api-facts.md section A).
 *
 * Documented behaviour reproduced here: the collection holds at most one method; `temporaryAccessPass`
 * is null on every read (the pass itself is only returned on create); `isUsable` and
 * `methodUsabilityReason` follow the clock; `/me` needs a delegated token.
 */
import { authenticate } from "../http/auth";
import { findUser, tapUsability } from "../store/directory";
import { jsonReply, type Reply, type RequestContext, type RouteParams } from "../http/http";
import type { Router } from "../http/router";
import type { TemporaryAccessPass, User } from "../store/state";
import type { TokenClaims } from "../base/tokens";
import { TOKEN_MESSAGES } from "./caller";
import { GRAPH_JSON, graphError, graphHeaders } from "./errors";

/** Permissions that allow reading any user's pass, as application roles or delegated scopes. */
export const TAP_READ_ANY = [
    "UserAuthMethod-TAP.Read.All",
    "UserAuthMethod-TAP.ReadWrite.All",
    "UserAuthenticationMethod.Read.All",
    "UserAuthenticationMethod.ReadWrite.All",
] as const;

/** Delegated scopes that allow reading only the signed-in user's own pass. */
export const TAP_READ_SELF = [
    "UserAuthMethod-TAP.Read",
    "UserAuthMethod-TAP.ReadWrite",
    "UserAuthenticationMethod.Read",
    "UserAuthenticationMethod.ReadWrite",
] as const;

/** Registers the TAP routes on the Graph router (paths relative to `/graph`). */
export function registerTapRoutes(router: Router): void {
    const base = "authentication/temporaryAccessPassMethods";
    router.add("GET", `/v1.0/me/${base}`, (ctx) => listMethods(ctx, undefined));
    router.add("GET", `/v1.0/users/:user/${base}`, (ctx, params: RouteParams) => listMethods(ctx, params.user));
}

function listMethods(ctx: RequestContext, userKey: string | undefined): Reply {
    const auth = authenticate(ctx, "graph");
    if (!auth.ok) {
        return graphError(ctx, { status: 401, code: "InvalidAuthenticationToken", message: TOKEN_MESSAGES[auth.problem] });
    }
    const { claims, tenant } = auth.caller;
    if (userKey === undefined && claims.idtyp !== "user") {
        return graphError(ctx, { status: 400, code: "BadRequest", message: "/me request is only valid with delegated authentication flow." });
    }
    const key = userKey ?? claims.oid ?? "";
    const user = findUser(tenant, key);
    if (!mayRead(claims, user)) {
        // The authentication methods APIs answer a missing permission with accessDenied / "Request
        // Authorization failed" (msgraph-sdk-go#441, msgraph-sdk-powershell#2602).
        return graphError(ctx, { status: 403, code: "accessDenied", message: "Request Authorization failed" });
    }
    if (user === undefined) {
        return graphError(ctx, {
            status: 404,
            code: "Request_ResourceNotFound",
            message: `Resource '${key}' does not exist or one of its queried reference-property objects are not present.`,
        });
    }
    const body = {
        "@odata.context": `https://graph.microsoft.com/v1.0/$metadata#users('${user.id}')/authentication/temporaryAccessPassMethods`,
        value: user.temporaryAccessPass === null ? [] : [renderMethod(user.temporaryAccessPass, ctx.now)],
    };
    return jsonReply(200, body, graphHeaders(ctx), GRAPH_JSON);
}

/** App tokens need a `.All` role; user tokens a `.All` scope, or a self scope for their own pass. */
function mayRead(claims: TokenClaims, user: User | undefined): boolean {
    const any: readonly string[] = TAP_READ_ANY;
    if (claims.idtyp === "app") return (claims.roles ?? []).some((r) => any.includes(r));
    const scopes = (claims.scp ?? "").split(" ").filter((s) => s !== "");
    if (scopes.some((s) => any.includes(s))) return true;
    const self: readonly string[] = TAP_READ_SELF;
    const isSelf = user !== undefined && claims.oid !== undefined && user.id.toLowerCase() === claims.oid.toLowerCase();
    return isSelf && scopes.some((s) => self.includes(s));
}

/** The wire form of a method, in the property order of the documented example. */
function renderMethod(tap: TemporaryAccessPass, now: Date): Record<string, unknown> {
    const usability = tapUsability(tap, now);
    return {
        id: tap.id,
        temporaryAccessPass: null,
        createdDateTime: tap.createdDateTime,
        startDateTime: tap.startDateTime,
        lifetimeInMinutes: tap.lifetimeInMinutes,
        isUsableOnce: tap.isUsableOnce,
        isUsable: usability.isUsable,
        methodUsabilityReason: usability.reason,
    };
}
