/**
 * What every Graph route checks first: the bearer token (401 `InvalidAuthenticationToken` otherwise) and
 * the caller's permissions. Route handlers throw a {@link GraphFailure} and {@link graphRoute} renders it,
 * so a check deep inside a state mutation aborts the mutation and answers in Graph's shape.
 */
import { authenticate, type BearerProblem, type Caller } from "../http/auth";
import { emptyReply, type RouteHandler } from "../http/http";
import type { ErrorSpec } from "../http/services";
import type { TokenClaims } from "../base/tokens";
import { BrandingBodyError } from "../store/branding/patch";
import { graphError } from "./errors";

/** Messages of Graph's 401 `InvalidAuthenticationToken`, per problem. */
export const TOKEN_MESSAGES: Readonly<Record<BearerProblem, string>> = {
    missing: "Access token is empty.",
    malformed: "Invalid JWT token. The token is not in JWS compact format.",
    signature: "Access token validation failure. Invalid signature.",
    expired: "Lifetime validation failed, the token is expired.",
    notYetValid: "Lifetime validation failed, the token is not yet valid.",
    audience: "Access token validation failure. Invalid audience.",
    tenant: "Access token validation failure. Invalid tenant.",
};

/** A Graph answer other than success: an error body, or (without `spec`) a status with an empty body. */
export class GraphFailure extends Error {
    override readonly name = "GraphFailure";
    constructor(
        readonly status: number,
        readonly spec?: Omit<ErrorSpec, "status">,
    ) {
        super(spec?.message ?? `HTTP ${status}`);
    }
}

/** Wraps a handler so that a thrown {@link GraphFailure} or {@link BrandingBodyError} becomes its reply. */
export function graphRoute(handler: RouteHandler): RouteHandler {
    return async (ctx, params) => {
        try {
            return await handler(ctx, params);
        } catch (err) {
            if (err instanceof BrandingBodyError) return graphError(ctx, { status: 400, code: err.code, message: err.message });
            if (!(err instanceof GraphFailure)) throw err;
            return err.spec === undefined ? emptyReply(err.status) : graphError(ctx, { status: err.status, ...err.spec });
        }
    };
}

/** The authenticated Graph caller, or a thrown 401. */
export function requireCaller(ctx: Parameters<RouteHandler>[0]): Caller {
    const auth = authenticate(ctx, "graph");
    if (!auth.ok) throw new GraphFailure(401, { code: "InvalidAuthenticationToken", message: TOKEN_MESSAGES[auth.problem] });
    return auth.caller;
}

/** Permissions that allow an operation: application roles and delegated scopes. */
export interface PermissionSet {
    readonly app: readonly string[];
    readonly delegated: readonly string[];
}

/** True when the token carries one of the permissions (roles for app tokens, `scp` for user tokens). */
export function holds(claims: TokenClaims, permissions: PermissionSet): boolean {
    if (claims.idtyp === "app") return (claims.roles ?? []).some((r) => permissions.app.includes(r));
    return (claims.scp ?? "").split(" ").some((s) => s !== "" && permissions.delegated.includes(s));
}

/** A 403 as directory APIs send it for a missing permission. */
export function insufficientPrivileges(): GraphFailure {
    return new GraphFailure(403, { code: "Authorization_RequestDenied", message: "Insufficient privileges to complete the operation." });
}
