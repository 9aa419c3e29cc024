/**
 * Bearer-token checks shared by the API services. Each service turns a {@link BearerProblem} into its own
 * status and error body; this module only decides what is wrong with the token.
 */
import { headerValue, type RequestContext } from "./http";
import { findTenant } from "../store/directory";
import type { Tenant } from "../store/state";
import { serviceOfAudience, verifyToken, type TokenClaims, type TokenProblem, type TokenService } from "../base/tokens";

/** What can be wrong with the Authorization header of a request. */
export type BearerProblem =
    | "missing" // no Authorization header, or not `Bearer <token>`
    | TokenProblem
    | "audience" // a valid token for another service
    | "tenant"; // a valid token of a tenant that no longer exists (the state was reseeded)

/** The caller, once its token checked out. */
export interface Caller {
    readonly claims: TokenClaims;
    readonly tenant: Tenant;
    readonly token: string;
}

/** The outcome of {@link authenticate}. */
export type AuthResult = { ok: true; caller: Caller } | { ok: false; problem: BearerProblem };

/** Checks the request's bearer token for `service`: signature, lifetime, audience and tenant. */
export function authenticate(ctx: RequestContext, service: TokenService): AuthResult {
    const token = bearerToken(ctx);
    if (token === undefined) return { ok: false, problem: "missing" };
    const verified = verifyToken(token, ctx.store.state.tokenSecret, ctx.now);
    if (!verified.ok) return { ok: false, problem: verified.problem };
    if (serviceOfAudience(verified.claims.aud) !== service) return { ok: false, problem: "audience" };
    const tenant = findTenant(ctx.store.state, verified.claims.tid);
    if (tenant === undefined) return { ok: false, problem: "tenant" };
    return { ok: true, caller: { claims: verified.claims, tenant, token } };
}

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive, per RFC 6750). */
export function bearerToken(ctx: RequestContext): string | undefined {
    const header = headerValue(ctx.headers, "authorization");
    const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match === null ? undefined : match[1];
}
