/**
 * Access tokens: JWT-shaped (`base64url(header).base64url(claims).signature`), signed with HMAC-SHA256 and
 * the state's secret, so emulator processes sharing a state file verify each other's tokens. The claims
 * mirror the v1 access tokens Entra issues for Graph, Power BI and Azure DevOps (`aud`, `tid`, `appid`,
 * `idtyp`, `roles` or `scp`, `oid`, `upn`, `iat`, `nbf`, `exp`), which is what a client may look into.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

/** The services that accept bearer tokens. */
export type TokenService = "graph" | "powerbi" | "devops";

/** Audiences (resource identifiers) each service accepts, per national cloud. */
export const AUDIENCES: Readonly<Record<TokenService, readonly string[]>> = {
    graph: ["https://graph.microsoft.com", "https://graph.microsoft.us", "https://dod-graph.microsoft.us", "https://microsoftgraph.chinacloudapi.cn"],
    powerbi: [
        "https://analysis.windows.net/powerbi/api",
        "https://analysis.usgovcloudapi.net/powerbi/api",
        "https://high.analysis.usgovcloudapi.net/powerbi/api",
        "https://mil.analysis.usgovcloudapi.net/powerbi/api",
        "https://analysis.chinacloudapi.cn/powerbi/api",
    ],
    // Azure DevOps' Entra resource id (learn: azure/devops/integrate/get-started/authentication/entra).
    devops: ["499b84ac-1321-427f-aa17-267ca6975798"],
};

/** The service an audience belongs to; a trailing slash is ignored, as Entra does for resource URIs. */
export function serviceOfAudience(audience: string): TokenService | undefined {
    const aud = audience.replace(/\/+$/, "").toLowerCase();
    for (const service of Object.keys(AUDIENCES) as TokenService[]) {
        if (AUDIENCES[service].some((a) => a.toLowerCase() === aud)) return service;
    }
    return undefined;
}

/** The claims the emulator puts in (and reads from) its tokens. Times are seconds since the epoch. */
export interface TokenClaims {
    aud: string;
    iss: string;
    tid: string;
    appid: string;
    app_displayname?: string;
    idtyp: "app" | "user";
    /** Application permissions (client-credentials tokens). */
    roles?: string[];
    /** Delegated scopes, space-separated (user tokens). */
    scp?: string;
    oid?: string;
    upn?: string;
    sub: string;
    uti: string;
    ver: "1.0";
    iat: number;
    nbf: number;
    exp: number;
}

/** Why a token was refused. */
export type TokenProblem = "malformed" | "signature" | "expired" | "notYetValid";

/** The outcome of {@link verifyToken}. */
export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; problem: TokenProblem };

const HEADER = { typ: "JWT", alg: "HS256", kid: "tenantkit-emulator" };

/** Signs claims into a token. */
export function signToken(claims: TokenClaims, secret: string): string {
    const head = b64(JSON.stringify(HEADER));
    const body = b64(JSON.stringify(claims));
    return `${head}.${body}.${mac(`${head}.${body}`, secret)}`;
}

/** Verifies signature and lifetime at `now`; never throws. */
export function verifyToken(token: string, secret: string, now: Date): VerifyResult {
    const parts = token.split(".");
    if (parts.length !== 3) return { ok: false, problem: "malformed" };
    const claims = decodeClaims(token);
    if (claims === undefined) return { ok: false, problem: "malformed" };
    const expected = Buffer.from(mac(`${parts[0]}.${parts[1]}`, secret));
    const given = Buffer.from(parts[2]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, problem: "signature" };
    const seconds = Math.floor(now.getTime() / 1000);
    if (seconds >= claims.exp) return { ok: false, problem: "expired" };
    if (seconds < claims.nbf) return { ok: false, problem: "notYetValid" };
    return { ok: true, claims };
}

/** The claims of a token without checking its signature (to key the throttle by caller). */
export function decodeClaims(token: string): TokenClaims | undefined {
    const parts = token.split(".");
    if (parts.length !== 3) return undefined;
    try {
        return parseClaims(JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")) as unknown);
    } catch {
        return undefined;
    }
}

/** Builds the common claims; the caller adds `roles` or `scp`, `oid` and `upn`. */
export function baseClaims(opts: {
    audience: string;
    tenantId: string;
    appId: string;
    appName?: string;
    idtyp: "app" | "user";
    now: Date;
    lifetimeSeconds: number;
    subject: string;
}): TokenClaims {
    const iat = Math.floor(opts.now.getTime() / 1000);
    const claims: TokenClaims = {
        aud: opts.audience,
        iss: `https://sts.windows.net/${opts.tenantId}/`,
        tid: opts.tenantId,
        appid: opts.appId,
        idtyp: opts.idtyp,
        sub: opts.subject,
        uti: randomUUID().replace(/-/g, ""),
        ver: "1.0",
        iat,
        nbf: iat,
        exp: iat + opts.lifetimeSeconds,
    };
    if (opts.appName !== undefined) claims.app_displayname = opts.appName;
    return claims;
}

function parseClaims(v: unknown): TokenClaims | undefined {
    if (typeof v !== "object" || v === null) return undefined;
    const c = v as Record<string, unknown>;
    const strings = ["aud", "iss", "tid", "appid", "sub"].every((k) => typeof c[k] === "string");
    const numbers = ["iat", "nbf", "exp"].every((k) => typeof c[k] === "number");
    if (!strings || !numbers || (c.idtyp !== "app" && c.idtyp !== "user")) return undefined;
    if (c.roles !== undefined && !(Array.isArray(c.roles) && c.roles.every((r) => typeof r === "string"))) return undefined;
    for (const k of ["scp", "oid", "upn"]) if (c[k] !== undefined && typeof c[k] !== "string") return undefined;
    return c as unknown as TokenClaims;
}

function b64(text: string): string {
    return Buffer.from(text, "utf8").toString("base64url");
}

function mac(data: string, secret: string): string {
    return createHmac("sha256", secret).update(data).digest("base64url");
}
