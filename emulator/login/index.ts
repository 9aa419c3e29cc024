/**
 * The Microsoft Entra token service, served under `/login` (so `https://login.microsoftonline.com/{tenant}/...`
 * becomes `{emulator}/login/{tenant}/...`): OpenID configuration, signing keys and the token endpoint; and the tenant's
 * sign-in page as its branding makes it (signin-page.ts), an approximation labelled as one.
 *
 * `@azure/identity` (MSAL) with `disableInstanceDiscovery` first reads
 * `{authority}/{tenant}/v2.0/.well-known/openid-configuration`; it requires `authorization_endpoint`,
 * `token_endpoint`, `issuer` and `jwks_uri` (msal-common `isOpenIdConfigResponse`) and accepts the issuer
 * only on the authority's own scheme, host and port (msal-common `Authority.validateIssuer`).
 */
import { findTenant } from "../store/directory";
import { jsonReply, type Reply, type RequestContext, type RouteParams } from "../http/http";
import { Router } from "../http/router";
import type { ServiceModule } from "../http/services";
import { aadsts, loginError, loginHeaders } from "./errors";
import { brandingPreviewPage } from "./signin-page";
import { issueClientCredentialsToken } from "./token";

/** Creates the login module with all its routes. */
export function createLoginService(): ServiceModule {
    const router = new Router()
        .add("GET", "/:tenant/v2.0/.well-known/openid-configuration", openIdConfiguration)
        .add("GET", "/:tenant/.well-known/openid-configuration", openIdConfiguration)
        .add("GET", "/:tenant/discovery/v2.0/keys", signingKeys)
        .add("GET", "/:tenant/branding-preview", brandingPreviewPage)
        .add("GET", "/:tenant/branding-preview/:locale", brandingPreviewPage)
        .add("POST", "/:tenant/oauth2/v2.0/token", (ctx, params) => issueClientCredentialsToken(ctx, params.tenant))
        .add("GET", "/:tenant/oauth2/v2.0/token", (ctx) =>
            aadsts(ctx, 400, "invalid_request", 900561, `The endpoint only accepts POST, OPTIONS requests. Received a ${ctx.method} request.`),
        );
    return {
        name: "login",
        prefix: "/login",
        router,
        jsonContentType: "application/json; charset=utf-8",
        errorReply: loginError,
        commonHeaders: loginHeaders,
    };
}

function unknownTenant(ctx: RequestContext, tenantKey: string): Reply {
    return aadsts(
        ctx,
        400,
        "invalid_tenant",
        90002,
        `Tenant '${tenantKey}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud. Check with your subscription administrator, this may happen if there are no active subscriptions for the tenant.`,
    );
}

/** The OpenID Provider metadata, with endpoints on the scheme and host the caller used. */
function openIdConfiguration(ctx: RequestContext, params: RouteParams): Reply {
    const tenant = findTenant(ctx.store.state, params.tenant);
    if (tenant === undefined) return unknownTenant(ctx, params.tenant);
    const base = `${ctx.baseUrl}/login/${tenant.id}`;
    return jsonReply(200, {
        token_endpoint: `${base}/oauth2/v2.0/token`,
        token_endpoint_auth_methods_supported: ["client_secret_post", "private_key_jwt", "client_secret_basic"],
        jwks_uri: `${base}/discovery/v2.0/keys`,
        response_modes_supported: ["query", "fragment", "form_post"],
        subject_types_supported: ["pairwise"],
        id_token_signing_alg_values_supported: ["RS256"],
        response_types_supported: ["code", "id_token", "code id_token", "id_token token"],
        scopes_supported: ["openid", "profile", "email", "offline_access"],
        issuer: `${base}/v2.0`,
        request_uri_parameter_supported: false,
        userinfo_endpoint: "https://graph.microsoft.com/oidc/userinfo",
        authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
        device_authorization_endpoint: `${base}/oauth2/v2.0/devicecode`,
        http_logout_supported: true,
        frontchannel_logout_supported: true,
        end_session_endpoint: `${base}/oauth2/v2.0/logout`,
        claims_supported: ["sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "tid", "oid", "upn", "name"],
        tenant_region_scope: "EU",
        cloud_instance_name: "microsoftonline.com",
        cloud_graph_host_name: "graph.windows.net",
        msgraph_host: "graph.microsoft.com",
    });
}

/** The emulator signs with HMAC, so it publishes no public keys; the document exists for clients that fetch it. */
function signingKeys(ctx: RequestContext, params: RouteParams): Reply {
    if (findTenant(ctx.store.state, params.tenant) === undefined) return unknownTenant(ctx, params.tenant);
    return jsonReply(200, { keys: [] });
}
