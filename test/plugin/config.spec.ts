/**
 * The plugin's own configuration (provider/plugin/config.ts): what CheckConfig refuses and what DiffConfig replaces.
 */
import { strict as assert } from "node:assert";
import { checkConfig, diffConfig, handlerConfiguration } from "../../provider/plugin/config";

const DEFAULT = "urn:pulumi:dev::prog::pulumi:providers:tenantkit::default_0_1_0";
const EXPLICIT = "urn:pulumi:dev::prog::pulumi:providers:tenantkit::fabrikam";
const values = (v: Record<string, string>, secret: string[] = []) => ({ values: v, secret: new Set(secret) });

describe("the plugin's provider configuration", () => {
    it("CheckConfig names a misspelled key of the stack config, with the key it likely means", () => {
        const r = checkConfig(DEFAULT, values({ tenantld: "contoso.onmicrosoft.com" }));
        assert.deepEqual(
            r.failures.map((f) => f.property),
            ["tenantld"],
        );
        assert.match(r.failures[0]!.reason, /did you mean tenantkit:tenantId/);
    });

    it("CheckConfig refuses an explicit provider's unknown argument, and an invalid value by its key", () => {
        const r = checkConfig(EXPLICIT, values({ tenant: "x", clientId: "not-a-guid" }));
        assert.deepEqual(
            r.failures.map((f) => f.property),
            ["tenant"],
        );
        const invalid = checkConfig(EXPLICIT, values({ clientId: "not-a-guid" }));
        assert.deepEqual(
            invalid.failures.map((f) => f.property),
            ["clientId"],
        );
    });

    it("CheckConfig answers every credential secret, even one given in plain text", () => {
        const r = checkConfig(EXPLICIT, values({ tenantId: "fabrikam.onmicrosoft.com", clientSecret: "s3cret" }));
        assert.deepEqual([...r.secret], ["clientSecret"]);
    });

    it("Configure refuses a credential the stack config holds in plain text, and takes it as a secret", () => {
        assert.throws(() => handlerConfiguration(DEFAULT, values({ clientSecret: "s3cret" })), /tenantkit:clientSecret is stored in plain text/);
        assert.doesNotThrow(() => handlerConfiguration(DEFAULT, values({ clientSecret: "s3cret" }, ["clientSecret"])));
    });

    it("an explicit provider's settings do not fall back to the environment", () => {
        const c = handlerConfiguration(EXPLICIT, values({ tenantId: "fabrikam.onmicrosoft.com" }));
        assert.deepEqual(c.env, {});
        assert.equal(c.origin, "provider");
        assert.equal(c.config.get("tenantkit:tenantId"), "fabrikam.onmicrosoft.com");
    });

    it("DiffConfig replaces for another tenant or cloud, and updates for new credentials or endpoints", () => {
        const base = { tenantId: "contoso.onmicrosoft.com", clientSecret: "a", emulator: "http://127.0.0.1:1" };
        assert.deepEqual(diffConfig(base, { ...base, tenantId: "fabrikam.onmicrosoft.com" }).replaces, ["tenantId"]);
        const rotated = diffConfig(base, { ...base, clientSecret: "b", emulator: "http://127.0.0.1:2" });
        assert.deepEqual(rotated.replaces, []);
        assert.deepEqual(rotated.changed.sort(), ["clientSecret", "emulator"]);
    });

    it("DiffConfig against the dynamic resources' provider reads its namespaced keys: the same tenant is no change", () => {
        const dynamic = { "tenantkit:tenantId": "contoso.onmicrosoft.com", "tenantkit:clientSecret": "a", "aws:region": "x" };
        assert.deepEqual(diffConfig(dynamic, { tenantId: "contoso.onmicrosoft.com", clientSecret: "a" }), { changed: [], replaces: [] });
    });
});
