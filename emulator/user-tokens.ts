/**
 * Delegated (user) tokens minted through `POST /_admin/tokens`. The emulator has no interactive sign-in,
 * so tests get user tokens this way to exercise `/me` and delegated scopes.
 */
import { AdminError, tenantOr404 } from "./http/admin-changes";
import { findUser } from "./store/directory";
import { BadRequestError } from "./base/bad-request";
import { type RequestContext } from "./http/http";
import { baseClaims, serviceOfAudience, signToken } from "./base/tokens";

/** The body of `POST /_admin/tokens`. */
export interface MintUserTokenRequest {
    /** Tenant id or domain. */
    tenant: string;
    /** User object id or userPrincipalName. */
    user: string;
    /** Delegated scopes, e.g. `["UserAuthMethod-TAP.Read"]` (they become the space-separated `scp`). */
    scopes: string[];
    /** Default `https://graph.microsoft.com`. */
    audience?: string;
    /** Default 3599; zero or negative mints an already expired token. */
    expiresInSeconds?: number;
    /** The `appid` claim; default the public client id of the Microsoft Graph Command Line Tools. */
    clientId?: string;
}

/** The answer: the token and its expiry in seconds since the epoch. */
export interface MintedToken {
    access_token: string;
    token_type: "Bearer";
    expires_on: number;
}

/** A well-known public client that signs users in for Graph (Microsoft Graph Command Line Tools). */
const DEFAULT_DELEGATED_CLIENT = "14d82eec-204b-4c2f-b7e8-296a70dab67e";

/** Validates the request and mints the token. */
export function mintUserToken(ctx: RequestContext, body: unknown): MintedToken {
    const req = parseRequest(body);
    const tenant = tenantOr404(ctx, req.tenant);
    const user = findUser(tenant, req.user);
    if (user === undefined) throw new AdminError(404, `no user ${req.user} in tenant ${tenant.id}`);
    const audience = req.audience ?? "https://graph.microsoft.com";
    if (serviceOfAudience(audience) === undefined) throw new BadRequestError(`audience ${audience} belongs to no emulated service`);
    const claims = baseClaims({
        audience,
        tenantId: tenant.id,
        appId: req.clientId ?? DEFAULT_DELEGATED_CLIENT,
        idtyp: "user",
        now: ctx.now,
        lifetimeSeconds: req.expiresInSeconds ?? 3599,
        subject: user.id,
    });
    claims.oid = user.id;
    claims.upn = user.userPrincipalName;
    if (req.scopes.length > 0) claims.scp = req.scopes.join(" ");
    return { access_token: signToken(claims, ctx.store.state.tokenSecret), token_type: "Bearer", expires_on: claims.exp };
}

function parseRequest(body: unknown): MintUserTokenRequest {
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw new BadRequestError("the body must be an object");
    const b = body as Record<string, unknown>;
    const problems: string[] = [];
    for (const key of ["tenant", "user"]) if (typeof b[key] !== "string" || b[key] === "") problems.push(`${key} must be a non-empty string`);
    if (!Array.isArray(b.scopes) || !b.scopes.every((s) => typeof s === "string" && s !== "" && !/\s/.test(s))) {
        problems.push("scopes must be an array of scope names (no spaces)");
    }
    for (const key of ["audience", "clientId"]) if (b[key] !== undefined && typeof b[key] !== "string") problems.push(`${key} must be a string`);
    const exp = b.expiresInSeconds;
    if (exp !== undefined && !(typeof exp === "number" && Number.isInteger(exp) && Math.abs(exp) <= 30 * 86400)) {
        problems.push("expiresInSeconds must be an integer of at most 30 days");
    }
    if (problems.length > 0) throw new BadRequestError(problems.join("; "));
    return b as unknown as MintUserTokenRequest;
}
