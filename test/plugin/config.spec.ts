/**
 * The plugin's own configuration (provider/plugin/config.ts): what CheckConfig refuses and what DiffConfig replaces.
 */
import { strict as assert } from "node:assert";
import { UNKNOWN } from "../../provider/core/model/patterns";
import { checkConfig, diffConfig, handlerConfiguration, isDefaultProvider } from "../../provider/plugin/config";
import { IDS, useEmulator } from "../support/emulator";

const DEFAULT = "urn:pulumi:dev::prog::pulumi:providers:tenantkit::default_0_1_0";
const EXPLICIT = "urn:pulumi:dev::prog::pulumi:providers:tenantkit::fabrikam";
/** A default provider's DiffConfig in a process without tenantkit's environment variables. */
const NO_ENV = { newIsDefault: true, env: {} };
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

    // Found in issue 37: CheckConfig marked the default provider's clientSecret secret, the engine sent Configure what
    // CheckConfig answered, and a secret set without --secret passed every preview on the plugin path.
    it("CheckConfig leaves a default provider's credential as the stack config has it, so Configure sees one in plain text", () => {
        const r = checkConfig(DEFAULT, values({ tenantId: IDS.tenantId, clientSecret: "s3cret" }));
        assert.deepEqual([...r.secret], []);
        assert.throws(() => handlerConfiguration(DEFAULT, values(r.inputs as Record<string, string>, [...r.secret])), /stored in plain text/);
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

    it("DiffConfig replaces for another tenant or cloud, and updates for new credentials or endpoints", async () => {
        const base = { tenantId: IDS.tenantId, clientSecret: "a", emulator: "http://127.0.0.1:1" };
        assert.deepEqual((await diffConfig(base, { ...base, tenantId: IDS.fabrikamTenantId }, NO_ENV)).replaces, ["tenantId"]);
        assert.deepEqual((await diffConfig(base, { ...base, cloud: "China" }, NO_ENV)).replaces, ["cloud"]);
        const rotated = await diffConfig(base, { ...base, clientSecret: "b", emulator: "http://127.0.0.1:2" }, NO_ENV);
        assert.deepEqual(rotated.replaces, []);
        assert.deepEqual(rotated.changed.sort(), ["clientSecret", "emulator"]);
    });

    it("DiffConfig against the dynamic resources' provider reads its namespaced keys: the same tenant is no change", async () => {
        const dynamic = { "tenantkit:tenantId": "contoso.onmicrosoft.com", "tenantkit:clientSecret": "a", "aws:region": "x" };
        assert.deepEqual(await diffConfig(dynamic, { tenantId: "contoso.onmicrosoft.com", clientSecret: "a" }, NO_ENV), { changed: [], replaces: [] });
    });

    // The data loss of issue 37: `tenantkit:cloud Global` and the tenant id in upper case replaced every resource, and
    // the replaced resources' deletes removed what their replacements had adopted. Each spelling below was a replacement.
    it("DiffConfig: the tenant id in another letter case is no change", async () => {
        const d = await diffConfig({ tenantId: IDS.tenantId }, { tenantId: IDS.tenantId.toUpperCase() }, NO_ENV);
        assert.deepEqual(d, { changed: [], replaces: [] });
    });

    it("DiffConfig: cloud unset against Global, in any case, is no change", async () => {
        assert.deepEqual(await diffConfig({ tenantId: IDS.tenantId }, { tenantId: IDS.tenantId, cloud: "Global" }, NO_ENV), { changed: [], replaces: [] });
        assert.deepEqual(await diffConfig({ cloud: "global" }, {}, NO_ENV), { changed: [], replaces: [] });
    });

    it("DiffConfig: a setting from the environment against the same value in the stack config is no change", async () => {
        const env = { AZURE_TENANT_ID: IDS.tenantId, AZURE_CLIENT_SECRET: "s" };
        const d = await diffConfig({}, { tenantId: IDS.tenantId, clientSecret: "s" }, { newIsDefault: true, env });
        assert.deepEqual(d, { changed: [], replaces: [] });
    });

    it("DiffConfig: a default provider against an explicit one with the same settings is no change", async () => {
        const env = { AZURE_TENANT_ID: IDS.tenantId.toUpperCase(), AZURE_CLIENT_ID: IDS.quickstartClientId };
        const d = await diffConfig({ clientSecret: "s" }, { tenantId: IDS.tenantId, clientId: IDS.quickstartClientId, clientSecret: "s" }, { newIsDefault: false, env });
        assert.deepEqual(d, { changed: [], replaces: [] });
    });

    it("DiffConfig: a tenant's domain against its id is no change, another tenant's domain replaces", async () => {
        const tenantOf = async (t: string) => ({ "contoso.onmicrosoft.com": IDS.tenantId, "fabrikam.onmicrosoft.com": IDS.fabrikamTenantId })[t.toLowerCase()] ?? t;
        const same = await diffConfig({ tenantId: IDS.tenantId }, { tenantId: "Contoso.onmicrosoft.com" }, { ...NO_ENV, tenantOf });
        assert.deepEqual(same, { changed: [], replaces: [] });
        const other = await diffConfig({ tenantId: IDS.tenantId }, { tenantId: "fabrikam.onmicrosoft.com" }, { ...NO_ENV, tenantOf });
        assert.deepEqual(other.replaces, ["tenantId"]);
    });

    it("DiffConfig: a tenant or cloud unknown in a preview is shown as the replacement it may be", async () => {
        const d = await diffConfig({ tenantId: IDS.tenantId, clientSecret: "a" }, { tenantId: UNKNOWN, clientSecret: UNKNOWN }, NO_ENV);
        assert.deepEqual(d.replaces, ["tenantId"]);
        assert.deepEqual(d.changed.sort(), ["clientSecret", "tenantId"]);
        assert.deepEqual((await diffConfig({}, { cloud: UNKNOWN }, NO_ENV)).replaces, ["cloud"]);
    });

    it("DiffConfig refuses to guess when a domain cannot be resolved, naming both spellings and what to do", async () => {
        await assert.rejects(
            diffConfig({ tenantId: IDS.tenantId }, { tenantId: "contoso.onmicrosoft.com", emulator: "http://127.0.0.1:1" }, NO_ENV),
            (err: Error) => {
                assert.match(err.message, /whether the provider's tenantId "contoso.onmicrosoft.com" names the tenant it named before \("7d3f1c2a/);
                assert.match(err.message, /give tenantId as the tenant id \(a guid\)/);
                return true;
            },
        );
    });

    it("the default provider is told by the engine's name and no parent, not by a name that starts with default", () => {
        assert.equal(isDefaultProvider("urn:pulumi:dev::prog::pulumi:providers:tenantkit::default"), true);
        assert.equal(isDefaultProvider("urn:pulumi:dev::prog::pulumi:providers:tenantkit::default_0_1_0"), true);
        assert.equal(isDefaultProvider("urn:pulumi:dev::prog::pulumi:providers:tenantkit::default_0_1_0_alpha_http___example_com"), true);
        assert.equal(isDefaultProvider("urn:pulumi:dev::prog::pulumi:pulumi:Stack$pulumi:providers:tenantkit::defaultTenant"), false);
        assert.equal(isDefaultProvider("urn:pulumi:dev::prog::pulumi:pulumi:Stack$pulumi:providers:tenantkit::default"), false);
    });
});

describe("the tenant a domain names, asked of the emulator's authority", () => {
    const fx = useEmulator();

    it("DiffConfig resolves the tenant's domain through the authority's OpenID configuration: the same tenant is no change", async () => {
        const emulator = fx.emu.url;
        const same = await diffConfig({ tenantId: IDS.tenantId, emulator }, { tenantId: IDS.domain.toUpperCase(), emulator }, NO_ENV);
        assert.deepEqual(same, { changed: [], replaces: [] });
        const other = await diffConfig({ tenantId: IDS.tenantId, emulator }, { tenantId: IDS.fabrikamDomain, emulator }, NO_ENV);
        assert.deepEqual(other.replaces, ["tenantId"]);
    });

    it("a domain no tenant has is refused with the authority's answer", async () => {
        const emulator = fx.emu.url;
        await assert.rejects(diffConfig({ tenantId: IDS.tenantId, emulator }, { tenantId: "nobody.example.com", emulator }, NO_ENV), /answered 400/);
    });
});
