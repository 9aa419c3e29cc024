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

    it("DiffConfig: another tenant replaces, a rotated secret updates in place, the same settings are no change", async () => {
        const base = providerArgs(fx.emu.url);
        const tenant = await p.client.diffConfig({ olds: base, news: { ...base, tenantId: IDS.fabrikamDomain } });
        assert.equal(tenant.changes, "some");
        assert.deepEqual(tenant.replaces, ["tenantId"]);
        assert.deepEqual(tenant.detailedDiff, { tenantId: { kind: "update-replace", inputDiff: true } });

        const rotated = await p.client.diffConfig({ olds: base, news: { ...base, clientSecret: secret("rotated") } });
        assert.deepEqual(rotated.replaces, []);
        assert.deepEqual(rotated.detailedDiff, { clientSecret: { kind: "update", inputDiff: true } });

        assert.equal((await p.client.diffConfig({ olds: base, news: base })).changes, "none");
    });

    it("Configure answers that the plugin takes secrets and answers previews of creates and updates", async () => {
        assert.deepEqual(await p.client.configure({ args: providerArgs(fx.emu.url) }), {
            acceptSecrets: true,
            supportsPreview: true,
            acceptResources: false,
            acceptOutputs: false,
        });
    });

    it("Configure refuses a client secret the stack config holds in plain text, naming the key", async () => {
        const plain = { ...providerArgs(fx.emu.url), clientSecret: IDS.quickstartClientSecret };
        await assert.rejects(p.client.configure({ urn: DEFAULT_PROVIDER_URN, args: plain }), (err: PluginCallError) => {
            assert.equal(err.codeName, "UNKNOWN");
            assert.match(err.details, /tenantkit:clientSecret is stored in plain text/);
            assert.ok(!err.details.includes(IDS.quickstartClientSecret), "the error shows the secret");
            return true;
        });
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
