/**
 * The provider's own configuration over gRPC: CheckConfig names a misspelled key, DiffConfig tells a replacement from
 * an update, Configure answers what the plugin accepts and refuses a credential stored in plain text; then the
 * configured settings are the ones a call signs in with.
 */
import { strict as assert } from "node:assert";
import { IDS, useEmulator } from "../../support/emulator";
import { DEFAULT_PROVIDER_URN, isSecret, secret, urnOf, usePlugin, type PluginCallError } from "./client";
import { GET_TAP, providerArgs } from "./fixtures";

const EXPLICIT = urnOf("pulumi:providers:tenantkit", "fabrikam");

describe("the plugin's provider configuration over gRPC", () => {
    const fx = useEmulator();
    const p = usePlugin();

    it("CheckConfig names a misspelled stack config key and the key it likely means", async () => {
        const r = await p.client.checkConfig({ news: { tenantld: IDS.domain, emulator: fx.emu.url } });
        assert.deepEqual(
            r.failures.map((f) => f.property),
            ["tenantld"],
        );
        assert.match(r.failures[0]!.reason, /tenantkit:tenantld is not a tenantkit setting: did you mean tenantkit:tenantId\?/);
    });

    it("CheckConfig refuses an explicit provider's unknown argument, and answers its credentials secret though sent in plain text", async () => {
        const refused = await p.client.checkConfig({ urn: EXPLICIT, news: { tenantId: IDS.fabrikamDomain, clientSecrt: "x" } });
        assert.deepEqual(
            refused.failures.map((f) => f.property),
            ["clientSecrt"],
        );
        assert.match(refused.failures[0]!.reason, /not an argument of the tenantkit provider; did you mean clientSecret\?/);

        const ok = await p.client.checkConfig({
            urn: EXPLICIT,
            news: { emulator: fx.emu.url, tenantId: IDS.fabrikamDomain, clientId: IDS.fabrikamClientId, clientSecret: IDS.fabrikamClientSecret },
        });
        assert.deepEqual(ok.failures, []);
        assert.ok(isSecret(ok.inputs.clientSecret), "clientSecret answered in plain text");
        assert.equal(ok.inputs.tenantId, IDS.fabrikamDomain);
    });

    it("DiffConfig: another tenant replaces, a rotated secret updates in place, the same values are left to the engine's secret marks", async () => {
        const base = providerArgs(fx.emu.url);
        const tenant = await p.client.diffConfig({ olds: base, news: { ...base, tenantId: IDS.fabrikamDomain } });
        assert.equal(tenant.changes, "some");
        assert.deepEqual(tenant.replaces, ["tenantId"]);
        assert.deepEqual(tenant.detailedDiff, { tenantId: { kind: "update-replace", inputDiff: true } });

        const rotated = await p.client.diffConfig({ olds: base, news: { ...base, clientSecret: secret("rotated") } });
        assert.deepEqual(rotated.replaces, []);
        assert.deepEqual(rotated.detailedDiff, { clientSecret: { kind: "update", inputDiff: true } });

        // DIFF_UNKNOWN: the engine (`Registry.Diff`) then compares the recorded inputs with the new ones, secret marks
        // included, which DiffConfig's request does not carry: a credential made secret is an update, else no change.
        assert.equal((await p.client.diffConfig({ olds: base, news: base })).changes, "unknown");
        assert.equal((await p.client.diffConfig({ olds: base, news: { ...base, tenantId: IDS.domain.toUpperCase() } })).changes, "none");
    });

    // Issue 49 (C): a replacement the engine ran create-first left the old resources' deletes to run against what the
    // replacements made or took over, in another process.
    it("DiffConfig answers another tenant or cloud as delete-before-replace, and an update or no change without it", async () => {
        const base = providerArgs(fx.emu.url);
        const tenant = await p.client.diffConfig({ olds: base, news: { ...base, tenantId: IDS.fabrikamDomain } });
        assert.equal(tenant.deleteBeforeReplace, true);
        const cloud = await p.client.diffConfig({ olds: base, news: { ...base, cloud: "China" } });
        assert.deepEqual([cloud.replaces, cloud.deleteBeforeReplace], [["cloud"], true]);
        const rotated = await p.client.diffConfig({ olds: base, news: { ...base, clientSecret: secret("rotated") } });
        assert.equal(rotated.deleteBeforeReplace, false);
    });

    it("CheckConfig answers a default provider's credential secret inside an object, so a plain-text one is stored encrypted too", async () => {
        const r = await p.client.checkConfig({ news: { emulator: fx.emu.url, tenantId: IDS.domain, clientId: IDS.quickstartClientId, clientSecret: "s3cret" } });
        assert.deepEqual(r.failures, []);
        const wrapped = r.inputs.clientSecret as Record<string, unknown>;
        assert.ok(!isSecret(wrapped), "the object is marked: the engine's own mark would then not tell Configure how the stack config holds it");
        assert.ok(isSecret(wrapped.value), "the credential is answered in plain text");
        assert.deepEqual(r.inputs.fromEnvironment, {});
    });

    it("Configure answers that the plugin takes secrets and answers previews of creates and updates", async () => {
        assert.deepEqual(await p.client.configure({ args: providerArgs(fx.emu.url) }), {
            acceptSecrets: true,
            supportsPreview: true,
            acceptResources: false,
            acceptOutputs: false,
        });
    });

    it("Configure after CheckConfig refuses a client secret the stack config holds in plain text, naming the key", async () => {
        const news = { ...providerArgs(fx.emu.url), clientSecret: IDS.quickstartClientSecret };
        const checked = await p.client.checkConfig({ news });
        // What the engine sends Configure: CheckConfig's answer, not marked further (the stack config held it plain).
        await assert.rejects(p.client.configure({ urn: DEFAULT_PROVIDER_URN, args: checked.inputs }), (err: PluginCallError) => {
            assert.equal(err.codeName, "UNKNOWN");
            assert.match(err.details, /tenantkit:clientSecret is stored in plain text/);
            assert.ok(!err.details.includes(IDS.quickstartClientSecret), "the error shows the secret");
            return true;
        });
        await p.client.configure({ urn: DEFAULT_PROVIDER_URN, args: { ...checked.inputs, clientSecret: secret(checked.inputs.clientSecret) } });
    });

    it("an explicit provider's arguments are what a call signs in with: its tenant's app gets the token", async () => {
        await p.client.configure({
            urn: EXPLICIT,
            args: { emulator: fx.emu.url, tenantId: IDS.domain, clientId: IDS.noPermissionsClientId, clientSecret: secret(IDS.noPermissionsClientSecret) },
        });
        await assert.rejects(p.client.invoke(GET_TAP, { user: IDS.aliceUpn }), (err: PluginCallError) => {
            assert.match(err.details, /getTemporaryAccessPassMethods \(/);
            assert.match(err.details, /403/);
            return true;
        });
        const tokens = await fx.emu.admin.requests({ service: "login", method: "POST" });
        assert.ok(tokens.length > 0, "no token request");
        for (const t of tokens) assert.match(t.bodyText ?? "", new RegExp(`client_id=${IDS.noPermissionsClientId}`));
    });
});

describe("the plugin's provider configuration over gRPC, in a process that ran no CheckConfig", () => {
    const fx = useEmulator();
    const p = usePlugin();

    // Refresh and destroy configure a provider with what its state recorded at the last up, without CheckConfig: the
    // stack config may hold that credential secret by now, and the state holds it encrypted either way.
    it("Configure takes a credential recorded as the stack config held it in plain text, and signs in with it", async () => {
        const args = { ...providerArgs(fx.emu.url), clientSecret: { value: secret(IDS.quickstartClientSecret) } };
        await p.client.configure({ urn: DEFAULT_PROVIDER_URN, args });
        await p.client.invoke(GET_TAP, { user: IDS.aliceUpn });
        const tokens = await fx.emu.admin.requests({ service: "login", method: "POST" });
        assert.ok(tokens.length > 0, "no token request");
    });
});
