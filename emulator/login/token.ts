/**
 * `POST /login/{tenant}/oauth2/v2.0/token`, client-credentials grant
 * (learn: entra/identity-platform/v2-oauth2-client-creds-grant-flow), with the errors Entra answers:
 * unknown tenant AADSTS90002, unknown client AADSTS700016, wrong secret AADSTS7000215, missing secret
 * AADSTS7000218, unsupported grant AADSTS70003, missing scope AADSTS70011, a scope without `/.default`
 * AADSTS1002012, an unknown resource AADSTS500011.
 */
import { findClient, findTenant } from "../store/directory";
import { headerValue, jsonReply, type Reply, type RequestContext } from "../http/http";
import { baseClaims, serviceOfAudience, signToken, AUDIENCES } from "../base/tokens";
import { aadsts } from "./errors";

/** Lifetime Entra reports for client-credentials tokens (`expires_in`). */
const TOKEN_LIFETIME_SECONDS = 3599;

/** OIDC scopes a client may add; they do not name a resource. */
const OIDC_SCOPES = new Set(["openid", "profile", "offline_access", "email"]);

/** Handles one token request. */
export function issueClientCredentialsToken(ctx: RequestContext, tenantKey: string): Reply {
    const tenant = findTenant(ctx.store.state, tenantKey);
    if (tenant === undefined) {
        return aadsts(
            ctx,
            400,
            "invalid_request",
            90002,
            `Tenant '${tenantKey}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud. Check with your subscription administrator, this may happen if there are no active subscriptions for the tenant.`,
        );
    }
    const form = new URLSearchParams(ctx.body.toString("utf8"));
    const basic = basicCredentials(ctx);
    const grantType = form.get("grant_type");
    if (grantType === null || grantType === "") {
        return aadsts(ctx, 400, "invalid_request", 900144, "The request body must contain the following parameter: 'grant_type'.");
    }
    if (grantType !== "client_credentials") {
        return aadsts(ctx, 400, "unsupported_grant_type", 70003, `The app requested an unsupported grant type '${grantType}'.`);
    }
    const clientId = form.get("client_id") ?? basic?.id ?? "";
    if (clientId === "") {
        return aadsts(ctx, 400, "invalid_request", 900144, "The request body must contain the following parameter: 'client_id'.");
    }
    const client = findClient(tenant, clientId);
    if (client === undefined) {
        return aadsts(
            ctx,
            400,
            "unauthorized_client",
            700016,
            `Application with identifier '${clientId}' was not found in the directory '${tenant.domains[0]}'. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant. You may have sent your authentication request to the wrong tenant.`,
        );
    }
    const secret = form.get("client_secret") ?? basic?.secret;
    if (secret === undefined || secret === "") {
        return aadsts(
            ctx,
            401,
            "invalid_client",
            7000218,
            "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
        );
    }
    if (secret !== client.secret) {
        return aadsts(
            ctx,
            401,
            "invalid_client",
            7000215,
            `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${client.clientId}'.`,
        );
    }
    const scopes = (form.get("scope") ?? "").split(/\s+/).filter((s) => s !== "" && !OIDC_SCOPES.has(s.toLowerCase()));
    if (scopes.length === 0) {
        return aadsts(
            ctx,
            400,
            "invalid_scope",
            70011,
            "The provided request must include a 'scope' input parameter. The provided value for the input parameter 'scope' is not valid.",
        );
    }
    const scope = scopes[0];
    if (scopes.length > 1 || !scope.endsWith("/.default")) {
        return aadsts(
            ctx,
            400,
            "invalid_scope",
            scopes.length > 1 ? 70011 : 1002012,
            scopes.length > 1
                ? `The provided value for the input parameter 'scope' is not valid. The scope '${scopes.join(" ")}' is not valid.`
                : `The provided value for scope ${scope} is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier (application ID URI).`,
        );
    }
    const resource = scope.slice(0, -"/.default".length);
    const service = serviceOfAudience(resource);
    if (service === undefined) {
        return aadsts(
            ctx,
            400,
            "invalid_resource",
            500011,
            `The resource principal named ${resource} was not found in the tenant named ${tenant.domains[0]}. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant. You might have sent your authentication request to the wrong tenant.`,
        );
    }
    const audience = AUDIENCES[service].find((a) => a.toLowerCase() === resource.replace(/\/+$/, "").toLowerCase()) ?? resource;
    const claims = baseClaims({
        audience,
        tenantId: tenant.id,
        appId: client.clientId,
        appName: client.displayName,
        idtyp: "app",
        now: ctx.now,
        lifetimeSeconds: TOKEN_LIFETIME_SECONDS,
        subject: client.clientId,
    });
    const roles = client.permissions[service];
    // Entra leaves `roles` out of a token when the app holds no application permission for the resource.
    if (roles.length > 0) claims.roles = [...roles];
    const body = {
        token_type: "Bearer",
        expires_in: TOKEN_LIFETIME_SECONDS,
        ext_expires_in: TOKEN_LIFETIME_SECONDS,
        access_token: signToken(claims, ctx.store.state.tokenSecret),
    };
    return jsonReply(200, body, { pragma: "no-cache" });
}

/** `client_secret_basic`: RFC 6749 section 2.3.1, form-encoded id and secret in a Basic header. */
function basicCredentials(ctx: RequestContext): { id: string; secret: string } | undefined {
    const header = headerValue(ctx.headers, "authorization");
    const match = header === undefined ? null : /^Basic\s+(\S+)$/i.exec(header);
    if (match === null) return undefined;
    const decoded = Buffer.from(match[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return undefined;
    const unform = (s: string): string => decodeURIComponent(s.replace(/\+/g, " "));
    try {
        return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
    } catch {
        return undefined;
    }
}
