import { strict as assert } from "node:assert";
import { decodeJwt, fetchAll, IDS, postToken, T0, useEmulator } from "../support/emulator";

const GOOD = {
    grant_type: "client_credentials",
    client_id: IDS.quickstartClientId,
    client_secret: IDS.quickstartClientSecret,
    scope: "https://graph.microsoft.com/.default",
};

/** Asserts Entra's error body: status, OAuth error, AADSTS code, and the correlation fields. */
function assertEntraError(res: { status: number; json: unknown }, status: number, error: string, code: number): string {
    assert.equal(res.status, status);
    const body = res.json as Record<string, unknown>;
    assert.equal(body.error, error);
    assert.deepEqual(body.error_codes, [code]);
    assert.match(String(body.error_description), new RegExp(`^AADSTS${code}: `));
    assert.match(String(body.error_description), /\r\nTrace ID: [0-9a-f-]{36}\r\nCorrelation ID: [0-9a-f-]{36}\r\nTimestamp: /);
    assert.equal(body.timestamp, "2025-06-01 12:00:00Z");
    for (const key of ["trace_id", "correlation_id"]) assert.match(String(body[key]), /^[0-9a-f-]{36}$/);
    return String(body.error_description);
}

describe("emulator token endpoint (/login)", () => {
    const f = useEmulator();

    it("serves OpenID configuration with https endpoints on the emulator's own host for a tenant domain", async () => {
        const res = await fetchAll(`${f.emu.httpsUrl.replace("https", "http")}/login/${IDS.domain}/v2.0/.well-known/openid-configuration`);
        assert.equal(res.status, 200);
        const body = res.json as Record<string, string>;
        const base = `${f.emu.url}/login/${IDS.tenantId}`;
        assert.equal(body.token_endpoint, `${base}/oauth2/v2.0/token`);
        assert.equal(body.issuer, `${base}/v2.0`);
        assert.equal(body.authorization_endpoint, `${base}/oauth2/v2.0/authorize`);
        assert.equal(body.jwks_uri, `${base}/discovery/v2.0/keys`);
    });

    it("answers an unknown tenant's OpenID configuration with AADSTS90002", async () => {
        const res = await fetchAll(`${f.emu.url}/login/nowhere.onmicrosoft.com/v2.0/.well-known/openid-configuration`);
        const description = assertEntraError(res, 400, "invalid_tenant", 90002);
        assert.match(description, /Tenant 'nowhere.onmicrosoft.com' not found/);
    });

    it("issues a bearer token whose claims carry audience, tenant, app id and the app's Graph roles", async () => {
        const res = await postToken(f.emu, GOOD);
        assert.equal(res.status, 200);
        const body = res.json as Record<string, unknown>;
        assert.deepEqual(Object.keys(body), ["token_type", "expires_in", "ext_expires_in", "access_token"]);
        assert.equal(body.token_type, "Bearer");
        assert.equal(body.expires_in, 3599);
        assert.equal(body.ext_expires_in, 3599);
        const claims = decodeJwt(String(body.access_token));
        assert.equal(claims.aud, "https://graph.microsoft.com");
        assert.equal(claims.tid, IDS.tenantId);
        assert.equal(claims.appid, IDS.quickstartClientId);
        assert.equal(claims.idtyp, "app");
        assert.deepEqual(claims.roles, ["UserAuthMethod-TAP.Read.All", "OrganizationalBranding.ReadWrite.All", "Organization.Read.All"]);
        assert.equal(claims.iat, T0.getTime() / 1000);
        assert.equal(claims.exp, T0.getTime() / 1000 + 3599);
        assert.equal(claims.scp, undefined);
    });

    it("issues Power BI roles for a Power BI scope and no roles claim for an app without permissions", async () => {
        const pbi = await postToken(f.emu, { ...GOOD, scope: "https://analysis.windows.net/powerbi/api/.default" });
        const pbiClaims = decodeJwt((pbi.json as { access_token: string }).access_token);
        assert.equal(pbiClaims.aud, "https://analysis.windows.net/powerbi/api");
        assert.deepEqual(pbiClaims.roles, ["Dataset.ReadWrite.All"]);
        const none = await postToken(f.emu, { ...GOOD, client_id: IDS.noPermissionsClientId, client_secret: IDS.noPermissionsClientSecret });
        assert.equal(none.status, 200);
        assert.equal(decodeJwt((none.json as { access_token: string }).access_token).roles, undefined);
    });

    it("accepts the tenant id as well as a domain, and client_secret_basic credentials", async () => {
        const basic = Buffer.from(`${IDS.quickstartClientId}:${IDS.quickstartClientSecret}`).toString("base64");
        const res = await fetchAll(`${f.emu.url}/login/${IDS.tenantId}/oauth2/v2.0/token`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${basic}` },
            body: "grant_type=client_credentials&scope=https%3A%2F%2Fgraph.microsoft.com%2F.default",
        });
        assert.equal(res.status, 200);
    });

    it("refuses a wrong secret with 401 invalid_client AADSTS7000215 naming the app", async () => {
        const description = assertEntraError(await postToken(f.emu, { ...GOOD, client_secret: "nope" }), 401, "invalid_client", 7000215);
        assert.match(description, new RegExp(`for a secret added to app '${IDS.quickstartClientId}'`));
    });

    it("refuses a missing secret with 401 invalid_client AADSTS7000218", async () => {
        const form: Record<string, string> = { ...GOOD };
        delete form.client_secret;
        assertEntraError(await postToken(f.emu, form), 401, "invalid_client", 7000218);
    });

    it("refuses an unknown client with 400 unauthorized_client AADSTS700016 naming the directory", async () => {
        const unknown = "00000000-1111-4222-8333-444444444444";
        const description = assertEntraError(await postToken(f.emu, { ...GOOD, client_id: unknown }), 400, "unauthorized_client", 700016);
        assert.match(description, new RegExp(`Application with identifier '${unknown}' was not found in the directory '${IDS.domain}'`));
    });

    it("refuses an unknown tenant with 400 invalid_request AADSTS90002", async () => {
        assertEntraError(await postToken(f.emu, GOOD, "nowhere.onmicrosoft.com"), 400, "invalid_request", 90002);
    });

    it("refuses another grant type with 400 unsupported_grant_type", async () => {
        assertEntraError(await postToken(f.emu, { ...GOOD, grant_type: "password" }), 400, "unsupported_grant_type", 70003);
    });

    it("refuses a missing scope with 400 invalid_scope AADSTS70011", async () => {
        const form: Record<string, string> = { ...GOOD };
        delete form.scope;
        assertEntraError(await postToken(f.emu, form), 400, "invalid_scope", 70011);
    });

    it("refuses a scope without /.default with 400 invalid_scope AADSTS1002012", async () => {
        const res = await postToken(f.emu, { ...GOOD, scope: "https://graph.microsoft.com/User.Read.All" });
        assert.match(assertEntraError(res, 400, "invalid_scope", 1002012), /must have a scope value with \/.default/);
    });

    it("refuses scopes of two resources with 400 invalid_scope AADSTS70011", async () => {
        const res = await postToken(f.emu, {
            ...GOOD,
            scope: "https://graph.microsoft.com/.default https://analysis.windows.net/powerbi/api/.default",
        });
        assertEntraError(res, 400, "invalid_scope", 70011);
    });

    it("refuses an unknown resource with 400 invalid_resource AADSTS500011", async () => {
        const res = await postToken(f.emu, { ...GOOD, scope: "https://management.azure.com/.default" });
        assert.match(assertEntraError(res, 400, "invalid_resource", 500011), /resource principal named https:\/\/management.azure.com/);
    });

    it("echoes the caller's client-request-id as the correlation id", async () => {
        const res = await fetchAll(`${f.emu.url}/login/${IDS.domain}/oauth2/v2.0/token?client-request-id=5f0c1c3e-0000-4000-8000-000000000001`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ ...GOOD, client_secret: "bad" }).toString(),
        });
        assert.equal((res.json as Record<string, unknown>).correlation_id, "5f0c1c3e-0000-4000-8000-000000000001");
        assert.equal(res.headers.get("client-request-id"), "5f0c1c3e-0000-4000-8000-000000000001");
    });
});
