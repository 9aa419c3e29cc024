import { strict as assert } from "node:assert";
import { clientSecretProblems, fixFor, resolveSettings, SettingsError, type SettingKey } from "../../provider/core/settings/settings";

const from = (values: Partial<Record<SettingKey, string>>) => (key: SettingKey) => values[key];
const NO_ENV = {};

describe("settings", () => {
    it("defaults to the global cloud's endpoints when nothing is set", () => {
        const s = resolveSettings(from({}), NO_ENV);
        assert.equal(s.cloud.name, "Global");
        assert.deepEqual(s.endpoints, {
            graph: "https://graph.microsoft.com",
            powerBi: "https://api.powerbi.com",
            devops: "https://dev.azure.com",
            authorityHost: "https://login.microsoftonline.com",
        });
    });

    it("picks the national cloud's Graph host, authority and Power BI audience", () => {
        const s = resolveSettings(from({ cloud: "usgovdod" }), NO_ENV);
        assert.equal(s.cloud.name, "USGovDoD");
        assert.equal(s.endpoints.graph, "https://dod-graph.microsoft.us");
        assert.equal(s.endpoints.authorityHost, "https://login.microsoftonline.us");
        assert.equal(s.cloud.powerBiAudience, "https://mil.analysis.usgovcloudapi.net/powerbi/api");
        assert.equal(resolveSettings(from({ cloud: "China" }), NO_ENV).cloud.temporaryAccessPass, false);
    });

    it("prefers stack config over the environment, and the environment over defaults", () => {
        const env = { AZURE_TENANT_ID: "contoso.onmicrosoft.com", TENANTKIT_GRAPH_ENDPOINT: "https://graph.example.test" };
        const s = resolveSettings(from({ graphEndpoint: "https://proxy.example.test/graph/" }), env);
        assert.equal(s.tenantId, "contoso.onmicrosoft.com");
        assert.equal(s.endpoints.graph, "https://proxy.example.test/graph");
    });

    it("points every endpoint at the emulator, with the login prefix over TLS on the same port", () => {
        const s = resolveSettings(from({ emulator: "http://127.0.0.1:8787" }), NO_ENV);
        assert.deepEqual(s.endpoints, {
            graph: "http://127.0.0.1:8787/graph",
            powerBi: "http://127.0.0.1:8787/powerbi",
            devops: "http://127.0.0.1:8787/devops",
            authorityHost: "https://127.0.0.1:8787/login",
        });
    });

    it("lists every problem at once, each with the command that fixes it", () => {
        const err = (() => {
            try {
                resolveSettings(
                    from({ cloud: "Azure", clientId: "not-a-guid", clientSecret: "s3cr3t-value", graphEndpoint: "http://graph.example.test" }),
                    NO_ENV,
                );
            } catch (e) {
                return e;
            }
            return undefined;
        })();
        assert.ok(err instanceof SettingsError, "a SettingsError is thrown");
        assert.deepEqual(err.problems.map((p) => p.key).sort(), ["clientId", "cloud", "graphEndpoint"]);
        assert.match(err.message, /3 problems/);
        assert.match(
            err.message,
            /tenantkit:cloud: "Azure" is not a known cloud \(one of Global, USGov, USGovDoD, China\)\. Fix: pulumi config set tenantkit:cloud/,
        );
        assert.match(err.message, /tenantkit:graphEndpoint: "http:\/\/graph\.example\.test" must use https/);
        assert.ok(!err.message.includes("s3cr3t-value"), "the secret's value is not in the message");
    });

    it("leaves a client secret without tenant or application to the sign-in that needs them, with the command that fixes each", () => {
        const s = resolveSettings(from({ clientSecret: "s3cr3t-value", devopsPat: "pat" }), NO_ENV);
        const problems = clientSecretProblems(s);
        assert.deepEqual(
            problems.map((p) => p.key),
            ["tenantId", "clientId"],
        );
        assert.match(
            new SettingsError(problems).message,
            /tenantkit:tenantId: is required with clientSecret.*pulumi config set tenantkit:tenantId <tenant guid or domain> \(or set AZURE_TENANT_ID\)/,
        );
    });

    it("refuses an endpoint that carries the API version, since tenantkit adds it", () => {
        assert.throws(() => resolveSettings(from({ graphEndpoint: "https://graph.microsoft.com/v1.0" }), NO_ENV), /must not include the API version/);
    });

    it("tells how to set a secret key as a secret", () => {
        assert.equal(fixFor("clientSecret"), "pulumi config set --secret tenantkit:clientSecret <client secret> (or set AZURE_CLIENT_SECRET)");
        assert.equal(fixFor("cloud"), "pulumi config set tenantkit:cloud <Global|USGov|USGovDoD|China> (or set TENANTKIT_CLOUD)");
    });

    it("reads the request timeout from stack config, then TENANTKIT_REQUEST_TIMEOUT_SECONDS, 30 s by default", () => {
        assert.equal(resolveSettings(from({}), NO_ENV).requestTimeoutSeconds, 30);
        assert.equal(resolveSettings(from({}), { TENANTKIT_REQUEST_TIMEOUT_SECONDS: "2.5" }).requestTimeoutSeconds, 2.5);
        assert.equal(resolveSettings(from({ requestTimeoutSeconds: "90" }), { TENANTKIT_REQUEST_TIMEOUT_SECONDS: "2.5" }).requestTimeoutSeconds, 90);
    });

    it("refuses a request timeout that is not a positive number of seconds, naming the key and how to set it", () => {
        for (const bad of ["0", "-5", "30s", "1e3", "abc", "3601"]) {
            assert.throws(
                () => resolveSettings(from({ requestTimeoutSeconds: bad }), NO_ENV),
                (err: Error) =>
                    err instanceof SettingsError &&
                    err.message.includes(
                        `tenantkit:requestTimeoutSeconds: "${bad}" is not a number of seconds above 0 and at most 3600. ` +
                            "Fix: pulumi config set tenantkit:requestTimeoutSeconds <seconds, e.g. 30> (or set TENANTKIT_REQUEST_TIMEOUT_SECONDS)",
                    ),
                bad,
            );
        }
    });

    it("refuses a tenant that is neither a guid nor a domain", () => {
        assert.throws(
            () => resolveSettings(from({ tenantId: "bad tenant" }), NO_ENV),
            /"bad tenant" is neither a tenant id \(guid\) nor a domain name/,
        );
    });
});
