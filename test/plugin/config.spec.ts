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
    // CheckConfig answered, and a secret set without --secret passed every preview on the plugin path. Found in issue 49:
    // left unmarked instead, a plain-text one reached the state, which `up --skip-preview` records before Configure's
    // refusal surfaces. The credential is now secret inside an object the engine marks as the stack config holds it.
    it("CheckConfig answers a default provider's credential secret inside an object, which the engine marks as the stack config holds it", () => {
        const r = checkConfig(DEFAULT, values({ tenantId: IDS.tenantId, clientSecret: "s3cret", clientId: IDS.quickstartClientId }), {});
        assert.deepEqual(r.inputs.clientSecret, { value: "s3cret" });
        assert.deepEqual(r.nested, [["clientSecret", "value"]]);
        assert.deepEqual([...r.secret], []);
        // The engine's `annotateSecrets`: the object whole is marked secret only where the stack config holds it so.
        assert.throws(() => handlerConfiguration(DEFAULT, { values: r.inputs, secret: new Set(), nested: r.nested }), /stored in plain text/);
        const c = handlerConfiguration(DEFAULT, { values: r.inputs, secret: new Set(["clientSecret"]) });
        assert.equal(c.config.get("tenantkit:clientSecret"), "s3cret");
    });

    it("Configure refuses a credential the stack config holds in plain text, and takes it as a secret", () => {
        const wrapped = { clientSecret: { value: "s3cret" } };
        assert.throws(() => handlerConfiguration(DEFAULT, { values: wrapped, secret: new Set() }), /tenantkit:clientSecret is stored in plain text/);
        assert.doesNotThrow(() => handlerConfiguration(DEFAULT, { values: wrapped, secret: new Set(["clientSecret"]) }));
    });

    it("Configure of a provider this process did not check (refresh, destroy) takes what the state recorded, plain-text mark or not", () => {
        const c = handlerConfiguration(DEFAULT, { values: { clientSecret: { value: "s3cret" } }, secret: new Set() }, { judgeSecrecy: false });
        assert.equal(c.config.get("tenantkit:clientSecret"), "s3cret");
    });

    // Issue 49, defect 7: the tenant moved from AZURE_TENANT_ID to tenantkit:tenantId was judged by the new run's
    // environment, which no longer had it.
    it("CheckConfig of the default provider records the tenant and cloud it took from the environment, never a credential", () => {
        const env = { AZURE_TENANT_ID: IDS.tenantId, TENANTKIT_CLOUD: "Global", AZURE_CLIENT_SECRET: "s", AZURE_CLIENT_ID: IDS.quickstartClientId };
        assert.deepEqual(checkConfig(DEFAULT, values({}), env).inputs, { fromEnvironment: { tenantId: IDS.tenantId, cloud: "Global" } });
        assert.deepEqual(checkConfig(DEFAULT, values({ tenantId: IDS.domain }), env).inputs.fromEnvironment, { cloud: "Global" });
        assert.equal(checkConfig(EXPLICIT, values({ tenantId: IDS.domain }), env).inputs.fromEnvironment, undefined);
    });

    it("Configure takes the tenant the state recorded from the environment, not this process's environment", () => {
        const c = handlerConfiguration(DEFAULT, { values: { fromEnvironment: { tenantId: IDS.tenantId } }, secret: new Set() });
        assert.equal(c.config.get("tenantkit:tenantId"), IDS.tenantId);
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

    it("DiffConfig: the tenant recorded from the environment against the same tenant in the stack config is no change, whatever the environment now says", async () => {
        const tenantOf = async (t: string) => ({ "contoso.onmicrosoft.com": IDS.tenantId })[t.toLowerCase()] ?? t;
        const olds = { clientId: IDS.quickstartClientId, fromEnvironment: { tenantId: IDS.tenantId } };
        const news = { clientId: IDS.quickstartClientId, tenantId: IDS.domain, fromEnvironment: {} };
        assert.deepEqual(await diffConfig(olds, news, { newIsDefault: true, env: {}, tenantOf }), { changed: [], replaces: [] });
        const elsewhere = { AZURE_TENANT_ID: IDS.fabrikamTenantId };
        assert.deepEqual(await diffConfig(olds, news, { newIsDefault: true, env: elsewhere, tenantOf }), { changed: [], replaces: [] });
    });

    it("DiffConfig: a tenant recorded from the environment and another tenant now replaces", async () => {
        const olds = { fromEnvironment: { tenantId: IDS.tenantId } };
        const news = { fromEnvironment: { tenantId: IDS.fabrikamTenantId } };
        assert.deepEqual((await diffConfig(olds, news, NO_ENV)).replaces, ["tenantId"]);
    });

    it("DiffConfig: a state that recorded no tenant from the environment (written before the record) takes this run's environment for it", async () => {
        const env = { AZURE_TENANT_ID: IDS.tenantId };
        assert.deepEqual(await diffConfig({ clientSecret: "s" }, { tenantId: IDS.tenantId, clientSecret: "s", fromEnvironment: {} }, { newIsDefault: true, env }), {
            changed: [],
            replaces: [],
        });
    });

    it("DiffConfig: a recorded state whose tenant was unset stays unset, not this run's environment", async () => {
        const env = { AZURE_TENANT_ID: IDS.tenantId };
        const d = await diffConfig({ graphToken: "t", fromEnvironment: {} }, { graphToken: "t", tenantId: IDS.tenantId, fromEnvironment: {} }, { newIsDefault: true, env });
        assert.deepEqual(d.replaces, ["tenantId"]);
    });

    it("DiffConfig: the same values leave it to the engine, which compares their secret marks; another spelling alone is no change", async () => {
        const inputs = { tenantId: IDS.tenantId, clientSecret: { value: "s" }, fromEnvironment: {} };
        assert.deepEqual(await diffConfig(inputs, { ...inputs }, NO_ENV), { changed: [], replaces: [], undecided: true });
        assert.deepEqual(await diffConfig(inputs, { ...inputs, tenantId: IDS.tenantId.toUpperCase() }, NO_ENV), { changed: [], replaces: [] });
    });

    it("DiffConfig: a credential a state written before recorded bare is an update, so Configure gets the new inputs", async () => {
        const d = await diffConfig({ tenantId: IDS.tenantId, clientSecret: "s" }, { tenantId: IDS.tenantId, clientSecret: { value: "s" }, fromEnvironment: {} }, NO_ENV);
        assert.deepEqual(d, { changed: ["clientSecret"], replaces: [] });
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
