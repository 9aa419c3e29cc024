/**
 * The first run of a stack: nothing configured yet, or only the emulator. The error must say what to set (each
 * setting's `pulumi config set` command and environment variable), not "check network access"; and a token endpoint
 * that cannot be reached must be told apart from credentials that were never configured.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { AggregateAuthenticationError, CredentialUnavailableError, type TokenCredential } from "@azure/identity";
import { LifecycleRunner } from "../../harness/lifecycle";
import { DEFAULT_SEED_IDS } from "../../emulator/seeds/default";
import { Credentials } from "../../provider/core/auth/credentials";
import type { ApiService } from "../../provider/core/model/patterns";
import { resolveSettings, type SettingKey } from "../../provider/core/settings/settings";
import { EMULATOR_QUICKSTART_APP } from "../../provider/core/http/tokenErrors";
import { IDS, useEmulator } from "../support/emulator";
import { useStateDir } from "../support/stacks";
import { ScriptedServer } from "./scriptedServer";
import { closedPort } from "../support/ports";

const SECRET = "first-run-client-secret-value";
const APP = { tenantId: "contoso.onmicrosoft.com", clientId: "3c8e1f52-7a4d-4b0e-9f6a-2d5c8b1e4f70", clientSecret: SECRET };

function token(values: Partial<Record<SettingKey, string>>, service: ApiService, createCredential?: () => Promise<TokenCredential>): Promise<string> {
    const settings = resolveSettings((k) => values[k], {});
    return new Credentials(settings, createCredential ? { createCredential } : {}).authorizer(service)({ forceRefresh: false });
}

/** What DefaultAzureCredential throws on a machine with no sign-in at all (its real error classes and texts). */
async function noSignInAnywhere(): Promise<TokenCredential> {
    return {
        async getToken() {
            throw new AggregateAuthenticationError(
                [
                    new CredentialUnavailableError("EnvironmentCredential is unavailable. No underlying credential could be used."),
                    new CredentialUnavailableError("ManagedIdentityCredential: Authentication failed. Message client_error: A client error occured."),
                    new CredentialUnavailableError(
                        "Azure CLI could not be found. Please visit https://aka.ms/azure-cli for installation instructions and then, once installed, authenticate to your Azure account using 'az login'.",
                    ),
                    new CredentialUnavailableError("Azure Developer CLI couldn't be found."),
                ],
                "ChainedTokenCredential authentication failed.",
            );
        },
    };
}

async function rejection(p: Promise<unknown>): Promise<Error> {
    try {
        await p;
    } catch (err) {
        return err as Error;
    }
    assert.fail("expected a failure");
}

describe("first-run errors", function () {
    this.timeout(60_000);

    describe("no credentials configured", () => {
        it("lists every way to sign in to Graph, each with its pulumi config command and environment variable, raised before any request to Graph", async () => {
            const err = await rejection(token({}, "graph", noSignInAnywhere));
            const m = err.message;
            assert.doesNotMatch(m, /network error|check network access/);
            assert.match(m, /^no credentials for Microsoft Graph: none is configured and DefaultAzureCredential found no sign-in either/);
            assert.match(m, /Raised before any request to Microsoft Graph\./);
            assert.match(m, /pulumi config set tenantkit:tenantId <tenant guid or domain> \(or set AZURE_TENANT_ID\)/);
            assert.match(m, /pulumi config set tenantkit:clientId <application \(client\) id> \(or set AZURE_CLIENT_ID\)/);
            assert.match(m, /pulumi config set --secret tenantkit:clientSecret <client secret> \(or set AZURE_CLIENT_SECRET\)/);
            assert.match(m, /pulumi config set --secret tenantkit:graphToken <access token> \(or set TENANTKIT_GRAPH_TOKEN\)/);
            assert.match(m, /az login/);
            assert.doesNotMatch(m, /devopsPat|powerBiToken/, "only the ways that sign in to Graph");
        });

        it("lists a personal access token first for Azure DevOps", async () => {
            const m = (await rejection(token({}, "devops", noSignInAnywhere))).message;
            assert.match(m, /^no credentials for Azure DevOps/);
            const pat = m.indexOf("pulumi config set --secret tenantkit:devopsPat <personal access token> (or set AZURE_DEVOPS_EXT_PAT)");
            const devopsToken = m.indexOf("pulumi config set --secret tenantkit:devopsToken <access token> (or set TENANTKIT_DEVOPS_TOKEN)");
            const app = m.indexOf("pulumi config set --secret tenantkit:clientSecret");
            assert.ok(pat > 0 && pat < devopsToken && devopsToken < app, m);
        });

        it("says which settings of a half-configured app are already there, without their values", async () => {
            const m = (await rejection(token({ tenantId: APP.tenantId, clientId: APP.clientId }, "powerbi", noSignInAnywhere))).message;
            assert.match(m, /tenantkit:tenantId <tenant guid or domain> \(or set AZURE_TENANT_ID\): already set/);
            assert.match(m, /tenantkit:clientId <application \(client\) id> \(or set AZURE_CLIENT_ID\): already set/);
            assert.match(m, /tenantkit:clientSecret <client secret> \(or set AZURE_CLIENT_SECRET\)\n/, "the secret is the one missing");
            assert.doesNotMatch(m, new RegExp(APP.clientId), "the list shows commands, not the values set");
        });
    });

    describe("only tenantkit:emulator set", () => {
        const server = new ScriptedServer();
        before(() => server.start());
        after(() => server.close());

        it("names the settings of the default seed's quickstart app, without its secret, before any request", async () => {
            const emulator = new URL(server.baseUrl()).origin;
            server.script();
            const m = (await rejection(token({ emulator }, "graph"))).message;
            server.verify();
            assert.equal(server.seen.length, 0, "not even the emulator's CA was asked for");
            assert.match(
                m,
                new RegExp(
                    `^no credentials for Microsoft Graph on the emulator at ${emulator} \\(tenantkit:emulator\\).*Raised before any request\\.`,
                ),
            );
            assert.match(m, /pulumi config set tenantkit:tenantId contoso\.onmicrosoft\.com \(or set AZURE_TENANT_ID\)/);
            assert.match(m, /pulumi config set tenantkit:clientId 3c8e1f52-7a4d-4b0e-9f6a-2d5c8b1e4f70 \(or set AZURE_CLIENT_ID\)/);
            assert.match(m, /pulumi config set --secret tenantkit:clientSecret <client secret> \(or set AZURE_CLIENT_SECRET\)/);
            const [, page, heading] = /\(its secret is in the ([\w/]+\.md), "([^"]+)"\)/.exec(m) ?? [];
            assert.equal(page, "emulator/README.md");
            assert.match(
                fs.readFileSync(path.join(__dirname, "..", "..", page), "utf8"),
                new RegExp(`^## ${heading}$`, "m"),
                "the page has that section",
            );
            assert.ok(!m.includes(DEFAULT_SEED_IDS.quickstartClientSecret), "the seed's secret is not printed");
        });

        it("uses the ids the emulator's default seed really has", () => {
            assert.deepEqual(EMULATOR_QUICKSTART_APP, { tenantId: DEFAULT_SEED_IDS.domain, clientId: DEFAULT_SEED_IDS.quickstartClientId });
        });
    });

    describe("a pulumi up with only tenantkit:emulator set (its preview fails)", () => {
        const fx = useEmulator();
        const states = useStateDir("tk-first-run-");

        it("fails naming the resource and the seeded app's settings, and the emulator receives no request", async () => {
            const runner = new LifecycleRunner({
                programPath: path.resolve(__dirname, "..", "fixtures", "programs", "tap", "index.ts"),
                statePath: states.statePath("first-run"),
                project: "tapprog",
                config: { "tenantkit:emulator": fx.emu.url, "tapprog:user": IDS.aliceUpn },
            });
            const up = await runner.up();
            const m = up.errors.map((e) => e.message).join("\n");
            assert.match(
                m,
                /TemporaryAccessPassMethods \(user "alice@contoso\.onmicrosoft\.com"\) \(check\): no credentials for Microsoft Graph on the emulator/,
            );
            assert.match(m, /pulumi config set tenantkit:clientId 3c8e1f52-7a4d-4b0e-9f6a-2d5c8b1e4f70/);
            assert.deepEqual(await fx.emu.admin.requests(), [], "no token request and no Graph request");
        });
    });

    describe("a token endpoint that cannot be reached", () => {
        it("names the authority and tenantkit:authorityHost for a refused connection, and says the credentials were not judged", async () => {
            const authorityHost = `https://127.0.0.1:${await closedPort()}`;
            const m = (await rejection(token({ ...APP, authorityHost }, "graph"))).message;
            assert.match(
                m,
                new RegExp(
                    `network error ECONNREFUSED: ${authorityHost}/contoso\\.onmicrosoft\\.com/v2\\.0/\\.well-known/openid-configuration could not be reached`,
                ),
            );
            assert.match(
                m,
                new RegExp(
                    `the token endpoint ${authorityHost} could not be reached \\(the connection was refused\\), so the credentials were not judged: tenantkit:authorityHost \\(TENANTKIT_AUTHORITY_HOST\\) points there`,
                ),
            );
            assert.doesNotMatch(m, /could not be resolved: check tenantkit:tenantId|client secret is wrong|no credentials/);
            assert.ok(!m.includes(SECRET));
        });

        it("names a host name that does not resolve", async () => {
            const authorityHost = "https://login.tenantkit-first-run.invalid";
            const m = (await rejection(token({ ...APP, authorityHost }, "graph"))).message;
            assert.match(m, /network error (ENOTFOUND|EAI_AGAIN): https:\/\/login\.tenantkit-first-run\.invalid\/\S+ could not be reached/);
            assert.match(
                m,
                /the token endpoint https:\/\/login\.tenantkit-first-run\.invalid could not be reached \(its host name (does not resolve|could not be resolved)/,
            );
            assert.match(m, /so the credentials were not judged: tenantkit:authorityHost \(TENANTKIT_AUTHORITY_HOST\) points there/);
        });

        it("names the cloud's authority, tenantkit:cloud and tenantkit:authorityHost when the default authority does not resolve", async () => {
            // The module object itself (an ES namespace import is read-only), whose lookup every connection calls.
            // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object itself, whose lookup the test replaces
            const dns = require("node:dns") as { lookup: (...args: unknown[]) => unknown };
            const original = dns.lookup;
            // Offline for login.microsoftonline.com only, as on a machine without network: never a real request.
            dns.lookup = function (this: unknown, host: unknown, ...rest: unknown[]): unknown {
                if (host !== "login.microsoftonline.com") return original.call(this, host, ...rest);
                const callback = rest[rest.length - 1] as (e: Error) => void;
                process.nextTick(callback, Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND", hostname: host }));
                return undefined;
            };
            try {
                const m = (await rejection(token(APP, "graph"))).message;
                assert.match(
                    m,
                    /the token endpoint https:\/\/login\.microsoftonline\.com could not be reached \(its host name does not resolve\), so the credentials were not judged/,
                );
                assert.match(
                    m,
                    /it is the Global cloud's authority, from tenantkit:cloud \(TENANTKIT_CLOUD\); tenantkit:authorityHost \(TENANTKIT_AUTHORITY_HOST\) overrides it/,
                );
            } finally {
                dns.lookup = original;
            }
        });

        it("names the emulator's URL and tenantkit:emulator when the emulator is not running", async () => {
            const emulator = `http://127.0.0.1:${await closedPort()}`;
            const m = (await rejection(token({ ...APP, emulator }, "powerbi"))).message;
            assert.match(
                m,
                new RegExp(
                    `the emulator at ${emulator} could not be reached \\(the connection was refused\\), so the credentials were not judged: tenantkit:emulator \\(TENANTKIT_EMULATOR\\) points there; start the emulator`,
                ),
            );
            assert.doesNotMatch(m, /check network access to the service endpoint/);
            assert.ok(!m.includes(SECRET));
        });
    });
});
