/**
 * The emulator's login prefix works for a real `@azure/identity` 4.14 ClientSecretCredential. The options
 * that make it work are the point of this file:
 *  - `authorityHost: emu.httpsUrl + "/login"` (an https authority; http is refused by @azure/identity);
 *  - `disableInstanceDiscovery: true` (else MSAL asks login.microsoftonline.com about the authority);
 *  - `additionalPolicies: [{ position: "perCall", policy }]` where the policy sets `request.agent` to an
 *    `https.Agent({ ca: emu.caPem })`, so the token requests trust the emulator's CA.
 */
import { strict as assert } from "node:assert";
import * as https from "node:https";
import { ClientSecretCredential, type ClientSecretCredentialOptions } from "@azure/identity";
import { decodeJwt, IDS, useEmulator } from "../support/emulator";

/** The pipeline policy type, taken from @azure/identity's options (core-rest-pipeline is not our dependency). */
type PipelinePolicy = NonNullable<ClientSecretCredentialOptions["additionalPolicies"]>[number]["policy"];

describe("emulator login with a real @azure/identity ClientSecretCredential", () => {
    const f = useEmulator();
    let agent: https.Agent;

    before(() => {
        agent = new https.Agent({ ca: f.emu.caPem });
    });
    after(() => agent.destroy());

    function options(trustCa = true): ClientSecretCredentialOptions {
        const trustEmulatorCa: PipelinePolicy = {
            name: "trustEmulatorCa",
            sendRequest: (request, next) => {
                request.agent = agent;
                return next(request);
            },
        };
        return {
            authorityHost: `${f.emu.httpsUrl}/login`,
            disableInstanceDiscovery: true,
            additionalPolicies: trustCa ? [{ position: "perCall", policy: trustEmulatorCa }] : [],
        };
    }

    it("gets a Graph token over HTTPS after reading the OpenID configuration of the tenant", async () => {
        const credential = new ClientSecretCredential(IDS.domain, IDS.quickstartClientId, IDS.quickstartClientSecret, options());
        const token = await credential.getToken("https://graph.microsoft.com/.default");
        const claims = decodeJwt(token.token);
        assert.equal(claims.aud, "https://graph.microsoft.com");
        assert.equal(claims.appid, IDS.quickstartClientId);
        assert.ok(token.expiresOnTimestamp > Date.now() + 3000_000, "expires in about an hour");
        const calls = (await f.emu.admin.requests()).map((r) => `${r.method} ${r.path} ${r.status}`);
        assert.deepEqual(calls, [
            `GET /login/${IDS.domain}/v2.0/.well-known/openid-configuration 200`,
            `POST /login/${IDS.tenantId}/oauth2/v2.0/token 200`,
        ]);
    });

    it("surfaces AADSTS7000215 for a wrong secret", async () => {
        const credential = new ClientSecretCredential(IDS.domain, IDS.quickstartClientId, "wrong-secret", options());
        await assert.rejects(credential.getToken("https://graph.microsoft.com/.default"), (err: Error) => {
            assert.match(err.message, /AADSTS7000215: Invalid client secret provided/);
            return true;
        });
    });

    it("surfaces AADSTS700016 for an unknown client", async () => {
        const credential = new ClientSecretCredential(IDS.domain, "00000000-1111-4222-8333-444444444444", "x", options());
        await assert.rejects(credential.getToken("https://graph.microsoft.com/.default"), /AADSTS700016/);
    });

    it("cannot reach the authority when the emulator's CA is not trusted (the policy is what makes it work)", async () => {
        const credential = new ClientSecretCredential(IDS.domain, IDS.quickstartClientId, IDS.quickstartClientSecret, options(false));
        await assert.rejects(credential.getToken("https://graph.microsoft.com/.default"), /endpoints_resolution_error/);
        assert.deepEqual(await f.emu.admin.requests(), [], "the TLS handshake failed before any request");
    });
});
