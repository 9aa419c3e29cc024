import { strict as assert } from "node:assert";
import type { AccessToken, TokenCredential } from "@azure/identity";
import { connectionSettings } from "../../provider/core/settings/connection";
import { Credentials } from "../../provider/core/auth/credentials";
import { withContext } from "../../provider/core/errors/errors";
import { redactSecrets } from "../../provider/core/errors/redact";
import { resolveSettings, type SettingKey } from "../../provider/core/settings/settings";

const settings = (values: Partial<Record<SettingKey, string>>) => resolveSettings((k) => values[k], {});

/** A fake Entra credential that issues numbered tokens and records the scopes asked for. */
function fakeCredential(lifetimeMs: number, now: () => number) {
    const scopes: string[] = [];
    const credential: TokenCredential = {
        async getToken(scope): Promise<AccessToken> {
            const s = Array.isArray(scope) ? scope[0] : scope;
            scopes.push(s);
            return { token: `entra-token-${scopes.length}-abcdef`, expiresOnTimestamp: now() + lifetimeMs };
        },
    };
    return { credential, scopes };
}

/** A DefaultAzureCredential stand-in that fails as the chain does, with `err`. */
function failingChain(err: Error) {
    const credential: TokenCredential = {
        async getToken(): Promise<AccessToken> {
            throw err;
        },
    };
    return { createCredential: async () => credential };
}

function named<E extends Error>(name: string, message: string, extra: object = {}): E {
    return Object.assign(new Error(message), { name }, extra) as E;
}

describe("credentials", () => {
    it("tells an expired az login that DefaultAzureCredential found as a failed sign-in, with the command that renews it", async () => {
        // What @azure/identity's AzureCliCredential throws when `az account get-access-token` says the sign-in expired.
        const cli = named(
            "CredentialUnavailableError",
            "ERROR: AADSTS700082: The refresh token has expired due to inactivity. Trace ID: 0b6bb5b4-4c2e-4d4c-9f43-2f3d2b1a0c00\n" +
                "Interactive authentication is needed. Please run:\naz login --scope https://graph.microsoft.com//.default",
        );
        const unavailable = named("CredentialUnavailableError", "EnvironmentCredential is unavailable. No underlying credential could be used.");
        const chain = named("AggregateAuthenticationError", "ChainedTokenCredential authentication failed.", { errors: [unavailable, cli] });
        const c = new Credentials(settings({ tenantId: "contoso.onmicrosoft.com" }), failingChain(chain));
        const err = await c
            .authorizer("graph")({ forceRefresh: false })
            .then(
                () => assert.fail("signed in"),
                (e: Error) => e,
            );
        assert.match(err.message, /signing in failed: AADSTS700082: The refresh token has expired due to inactivity/);
        assert.match(err.message, /run `az login` again with the --scope the message names/);
        assert.doesNotMatch(err.message, /network error|check network access|found no sign-in/);
    });

    it("tells a source of DefaultAzureCredential that threw its own error as a failed sign-in, not a network error", async () => {
        const refused = named(
            "AuthenticationError",
            "ClientCertificateCredential authentication failed: AADSTS700027: Client assertion failed signature validation.",
        );
        const c = new Credentials(settings({}), failingChain(refused));
        await assert.rejects(c.authorizer("powerbi")({ forceRefresh: false }), (e: Error) => {
            assert.match(e.message, /signing in failed: AADSTS700027: Client assertion failed signature validation\./);
            assert.match(e.message, /the sign-in that DefaultAzureCredential found \(AuthenticationError\) failed/);
            assert.doesNotMatch(e.message, /network error|check network access/);
            return true;
        });
    });

    it("still says no sign-in was found when every source of the chain was unavailable", async () => {
        const none = named("AggregateAuthenticationError", "ChainedTokenCredential authentication failed.", {
            errors: [
                named("CredentialUnavailableError", "Please run 'az login' from a command prompt to authenticate before using this credential."),
            ],
        });
        const c = new Credentials(settings({}), failingChain(none));
        await assert.rejects(c.authorizer("graph")({ forceRefresh: false }), /DefaultAzureCredential found no sign-in either/);
    });

    it("sends a static token as a bearer token, per audience", async () => {
        const c = new Credentials(settings({ graphToken: "static-graph-token", powerBiToken: "static-pbi-token" }));
        assert.equal(await c.authorizer("graph")({ forceRefresh: false }), "Bearer static-graph-token");
        assert.equal(await c.authorizer("powerbi")({ forceRefresh: false }), "Bearer static-pbi-token");
        assert.deepEqual(c.describe("graph"), { kind: "static-token", source: "static token tenantkit:graphToken", refreshable: false });
    });

    it("sends an Azure DevOps PAT as Basic auth with an empty user name", async () => {
        const c = new Credentials(settings({ devopsPat: "my-devops-pat-value" }));
        const header = await c.authorizer("devops")({ forceRefresh: false });
        assert.equal(header, `Basic ${Buffer.from(":my-devops-pat-value").toString("base64")}`);
        assert.equal(redactSecrets(`sent ${header}`), "sent Basic ***", "the encoded PAT is masked in any text");
    });

    it("signs in to Azure DevOps with a PAT although a client secret lacks its tenant, which only an Entra sign-in needs", async () => {
        const fake = fakeCredential(3_600_000, () => 0);
        const c = new Credentials(
            settings({ clientSecret: "client-secret-value", clientId: "3c8e1f52-7a4d-4b0e-9f6a-2d5c8b1e4f70", devopsPat: "pat-value" }),
            {
                createCredential: async () => fake.credential,
            },
        );
        assert.match(await c.authorizer("devops")({ forceRefresh: false }), /^Basic /);
        await assert.rejects(c.authorizer("graph")({ forceRefresh: false }), /tenantkit:tenantId: is required with clientSecret/);
        assert.deepEqual(fake.scopes, [], "a token was asked for without a tenant");
    });

    it("names the keys of an explicit connection, not stack config commands, when it has no credentials", async () => {
        const c = new Credentials(connectionSettings({ emulator: "http://127.0.0.1:1", tenantId: "fabrikam.onmicrosoft.com" }));
        await assert.rejects(c.authorizer("graph")({ forceRefresh: false }), (e: Error) => {
            assert.match(e.message, /no credentials for Microsoft Graph on the emulator at http:\/\/127\.0\.0\.1:1 \(connection\.emulator\)/);
            assert.match(e.message, /pass connection\.clientSecret: <client secret> \(as a secret, e\.g\. config\.requireSecret\)/);
            assert.match(e.message, /pass connection\.tenantId: contoso\.onmicrosoft\.com: already set/);
            assert.doesNotMatch(e.message, /pulumi config set/);
            return true;
        });
    });

    it("names connection.tenantId when a connection's client secret lacks its tenant", async () => {
        const c = new Credentials(connectionSettings({ clientId: "1f6cf87b-0e44-44aa-b45a-cedc88c221e7", clientSecret: "s" }));
        await assert.rejects(c.authorizer("graph")({ forceRefresh: false }), /connection\.tenantId: is required with clientSecret/);
    });

    it("asks the client-secret credential for the cloud's .default scope of each audience", async () => {
        const t = 1_000_000;
        const fake = fakeCredential(3_600_000, () => t);
        const s = settings({
            cloud: "USGov",
            tenantId: "contoso.onmicrosoft.com",
            clientId: "3c8e1f52-7a4d-4b0e-9f6a-2d5c8b1e4f70",
            clientSecret: "client-secret-value",
        });
        const c = new Credentials(s, { now: () => t, createCredential: async () => fake.credential });
        await c.authorizer("graph")({ forceRefresh: false });
        await c.authorizer("powerbi")({ forceRefresh: false });
        await c.authorizer("devops")({ forceRefresh: false });
        assert.deepEqual(fake.scopes, [
            "https://graph.microsoft.us/.default",
            "https://high.analysis.usgovcloudapi.net/powerbi/api/.default",
            "499b84ac-1321-427f-aa17-267ca6975798/.default",
        ]);
        assert.match(c.describe("graph").source, /client secret of application 3c8e1f52-.* in tenant contoso\.onmicrosoft\.com/);
        assert.ok(!JSON.stringify(c.describe("graph")).includes("client-secret-value"));
    });

    it("caches a token until five minutes before it expires, and refreshes when forced", async () => {
        let t = 0;
        const fake = fakeCredential(60 * 60_000, () => t);
        const s = settings({
            tenantId: "contoso.onmicrosoft.com",
            clientId: "3c8e1f52-7a4d-4b0e-9f6a-2d5c8b1e4f70",
            clientSecret: "client-secret-value",
        });
        const c = new Credentials(s, { now: () => t, createCredential: async () => fake.credential });
        const graph = c.authorizer("graph");
        assert.equal(await graph({ forceRefresh: false }), "Bearer entra-token-1-abcdef");
        t = 54 * 60_000;
        assert.equal(await graph({ forceRefresh: false }), "Bearer entra-token-1-abcdef", "still cached 6 minutes before expiry");
        t = 56 * 60_000;
        assert.equal(await graph({ forceRefresh: false }), "Bearer entra-token-2-abcdef", "renewed 4 minutes before expiry");
        assert.equal(await graph({ forceRefresh: true }), "Bearer entra-token-3-abcdef", "a 401 forces a new token");
        assert.equal(redactSecrets("token entra-token-3-abcdef"), "token ***", "issued tokens are registered for redaction");
    });

    it("builds the credential again for a forced refresh, so a credential that caches tokens itself (MSAL) cannot return the refused one", async () => {
        let built = 0;
        const s = settings({
            tenantId: "contoso.onmicrosoft.com",
            clientId: "3c8e1f52-7a4d-4b0e-9f6a-2d5c8b1e4f70",
            clientSecret: "client-secret-value",
        });
        // Like ClientSecretCredential: each instance hands out its one cached token until it expires.
        const createCredential = async (): Promise<TokenCredential> => {
            const token = `cached-by-credential-${++built}`;
            return { getToken: async () => ({ token, expiresOnTimestamp: Date.now() + 3_600_000 }) };
        };
        const graph = new Credentials(s, { createCredential }).authorizer("graph");
        assert.equal(await graph({ forceRefresh: false }), "Bearer cached-by-credential-1");
        assert.equal(await graph({ forceRefresh: true }), "Bearer cached-by-credential-2");
        assert.equal(await graph({ forceRefresh: false }), "Bearer cached-by-credential-2");
    });

    it("makes one token request for calls that miss the cache together, and a new one after a failure", async () => {
        const scopes: string[] = [];
        let fail = false;
        const slow: TokenCredential = {
            async getToken(scope): Promise<AccessToken> {
                scopes.push(String(scope));
                await new Promise((r) => setTimeout(r, 20));
                if (fail) throw new Error("AADSTS7000215: Invalid client secret provided.");
                return { token: `entra-token-${scopes.length}-shared`, expiresOnTimestamp: Date.now() + 3_600_000 };
            },
        };
        const s = settings({
            tenantId: "contoso.onmicrosoft.com",
            clientId: "3c8e1f52-7a4d-4b0e-9f6a-2d5c8b1e4f70",
            clientSecret: "client-secret-value",
        });
        const c = new Credentials(s, { createCredential: async () => slow });
        const headers = await Promise.all(Array.from({ length: 8 }, () => c.authorizer("powerbi")({ forceRefresh: false })));
        assert.deepEqual(new Set(headers), new Set(["Bearer entra-token-1-shared"]));
        assert.equal(scopes.length, 1, "8 concurrent first calls, 1 token request");

        fail = true;
        const forced = await Promise.allSettled([c.authorizer("powerbi")({ forceRefresh: true }), c.authorizer("powerbi")({ forceRefresh: true })]);
        assert.deepEqual(
            forced.map((r) => r.status),
            ["rejected", "rejected"],
        );
        assert.equal(scopes.length, 2, "the two forced refreshes shared one request");
        const [a, b] = forced.map((r) => (r as PromiseRejectedResult).reason as Error);
        assert.notEqual(a, b, "each caller gets its own error, to add its own context to");
        const withResource = withContext(a, { resource: 'pulumi-nodejs:dynamic/tenantkit:PushDataset (dataset "Sales")', operation: "create" });
        assert.match(withResource!.message, /\(create\)|create/);
        assert.doesNotMatch(b!.message, /PushDataset|create/, "the other caller's error is untouched");
        assert.match(b!.message, /AADSTS7000215/);
        fail = false;
        assert.equal(await c.authorizer("powerbi")({ forceRefresh: true }), "Bearer entra-token-3-shared", "a failed request is not remembered");
    });
});
