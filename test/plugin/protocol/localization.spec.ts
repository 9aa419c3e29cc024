/**
 * tenantkit:entra:OrganizationalBrandingLocalization through the compiled plugin in a child process, started as the
 * engine starts it: in the program's folder (a temporary one here: relative image paths resolve from it, and the
 * branding's journal and holder records are written in it), with the engine's address as its argument and its own
 * environment. What each RPC answers, what reaches Graph, and a failure half-way that leaves an object behind.
 */
import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { solidPng } from "../../../emulator/seeds/png";
import { IDS, useEmulator } from "../../support/emulator";
import { fileAsset, isSecret, reveal, secret, type PluginCallError, type Props } from "./client";
import { configureEachTest, useProgramPlugin, LOCALIZATION } from "./fixtures";

const ID = `${IDS.tenantId}/fr-FR`;

describe("OrganizationalBrandingLocalization over gRPC, the compiled plugin in its own process", () => {
    const fx = useEmulator();
    const p = useProgramPlugin("plugin");
    configureEachTest(fx, () => p.client);

    const french = async () => (await fx.emu.admin.branding(IDS.tenantId))?.localizations["fr-FR"];
    const graphWrites = async () =>
        (await fx.emu.admin.requests({ service: "graph" })).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
    const created = async (news: Props) => {
        const checked = await p.client.check({ type: LOCALIZATION, news });
        assert.deepEqual(checked.failures, []);
        return { inputs: checked.inputs, ...(await p.client.create({ type: LOCALIZATION, properties: checked.inputs })) };
    };

    it("Check names each invalid property, and a relative image path resolves from the plugin's working directory", async () => {
        const bad = await p.client.check({
            type: LOCALIZATION,
            news: { backgroundColor: "blue", customResetItNowText: "x", bannerLogo: fileAsset("missing.png") },
        });
        assert.deepEqual(bad.failures.map((f) => f.property).sort(), ["backgroundColor", "bannerLogo", "customResetItNowText", "locale"]);
        assert.match(bad.failures.find((f) => f.property === "bannerLogo")!.reason, new RegExp(`missing\\.png.*\\(resolved from ${p.dir().replace(/[.\\/]/g, "\\$&")}\\)`));

        const png = solidPng(200, 30, [0x10, 0x20, 0x30]);
        fs.writeFileSync(path.join(p.dir(), "banner.png"), png);
        const ok = await p.client.check({ type: LOCALIZATION, news: { locale: "fr-FR", bannerLogo: fileAsset("banner.png") } });
        assert.deepEqual(ok.failures, []);
        assert.equal((await graphWrites()).length, 0, "Check wrote to Graph");
        const created = await p.client.create({ type: LOCALIZATION, properties: ok.inputs });
        assert.equal((await french())?.bannerLogo?.sha256, createHash("sha256").update(png).digest("hex"));
        assert.equal((created.properties.bannerLogo as Props).sha256, createHash("sha256").update(png).digest("hex"));
    });

    it("Create writes the localization and answers its id, the managed properties and a secret input still secret", async () => {
        const c = await created({ locale: "fr-FR", signInPageText: secret("Bienvenue chez Contoso"), usernameHintText: "prenom@contoso.com" });
        assert.equal(c.id, ID);
        assert.equal((await french())?.signInPageText, "Bienvenue chez Contoso");
        assert.equal((await french())?.usernameHintText, "prenom@contoso.com");
        assert.ok(isSecret(c.properties.signInPageText), "signInPageText came back in plain text");
        assert.equal(reveal(c.properties.signInPageText), "Bienvenue chez Contoso");
        assert.ok(!isSecret(c.properties.usernameHintText));
        assert.deepEqual((c.properties.managed as string[]).sort(), ["signInPageText", "usernameHintText"]);
        assert.equal(c.properties.organizationId, IDS.tenantId);
    });

    it("Read (refresh) sees a text changed out of band; Diff then updates that text in place", async () => {
        const c = await created({ locale: "fr-FR", signInPageText: "Bonjour" });
        await fx.emu.admin.updateBranding(IDS.tenantId, "fr-FR", { signInPageText: "Changé à la main" });
        const read = await p.client.read({ type: LOCALIZATION, id: c.id, properties: c.properties, inputs: c.inputs });
        assert.equal(read.id, ID);
        assert.equal(read.properties.signInPageText, "Changé à la main");
        const d = await p.client.diff({ type: LOCALIZATION, id: c.id, olds: read.properties, oldInputs: c.inputs, news: c.inputs });
        assert.equal(d.changes, "some");
        assert.deepEqual(d.replaces, []);
        assert.deepEqual(d.detailedDiff, { signInPageText: { kind: "update", inputDiff: true } });
    });

    it("Diff: another locale replaces, a text newly set is an add, the same inputs are no change", async () => {
        const c = await created({ locale: "fr-FR", signInPageText: "Bonjour" });
        const diff = (news: Props) => p.client.diff({ type: LOCALIZATION, id: c.id, olds: c.properties, oldInputs: c.inputs, news: { ...c.inputs, ...news } });
        const locale = await diff({ locale: "de-DE" });
        assert.deepEqual(locale.replaces, ["locale"]);
        assert.deepEqual(locale.detailedDiff, { locale: { kind: "update-replace", inputDiff: true } });
        const added = await diff({ usernameHintText: "nom@contoso.com" });
        assert.deepEqual(added.replaces, []);
        assert.deepEqual(added.detailedDiff, { usernameHintText: { kind: "add", inputDiff: true } });
        assert.equal((await diff({})).changes, "none");
    });

    it("Update sends the changed text only; Delete restores what was there before (no localization)", async () => {
        const c = await created({ locale: "fr-FR", signInPageText: "Bonjour", usernameHintText: "prenom@contoso.com" });
        await fx.emu.admin.clearRequests();
        const news = (await p.client.check({ type: LOCALIZATION, olds: c.inputs, news: { locale: "fr-FR", signInPageText: "Salut", usernameHintText: "prenom@contoso.com" } }))
            .inputs;
        const outs = await p.client.update({ type: LOCALIZATION, id: c.id, olds: c.properties, oldInputs: c.inputs, news });
        assert.equal(outs.signInPageText, "Salut");
        assert.equal((await french())?.signInPageText, "Salut");
        const patches = (await fx.emu.admin.requests({ service: "graph", method: "PATCH" })).map((r) => JSON.parse(r.bodyText!) as Props);
        assert.deepEqual(patches, [{ signInPageText: "Salut" }]);

        await p.client.delete({ type: LOCALIZATION, id: c.id, properties: outs, oldInputs: news });
        assert.equal(await french(), undefined);
    });

    it("Read for an import (an id, no state, no inputs) answers the localization's texts as inputs", async () => {
        await fx.emu.admin.updateBranding(IDS.tenantId, "fr-FR", { signInPageText: "Déjà là", usernameHintText: "x@contoso.com" }, { create: true });
        const read = await p.client.read({ type: LOCALIZATION, name: "imported", id: ID });
        assert.equal(read.id, ID);
        assert.equal(read.inputs.locale, "fr-FR");
        assert.equal(read.inputs.signInPageText, "Déjà là");
        assert.equal(read.inputs.usernameHintText, "x@contoso.com");
        assert.equal(read.properties.signInPageText, "Déjà là");
    });

    it("a failure after the text was written answers ErrorResourceInitFailed: the id, the state so far, the reason", async () => {
        fs.writeFileSync(path.join(p.dir(), "logo.png"), solidPng(200, 30, [0x30, 0x20, 0x10]));
        await fx.emu.admin.setFaults({ match: { service: "graph", method: "PUT", path: "bannerLogo" }, kind: "status", status: 400, times: 0 });
        const checked = await p.client.check({ type: LOCALIZATION, news: { locale: "fr-FR", signInPageText: "Moitié", bannerLogo: fileAsset("logo.png") } });
        assert.deepEqual(checked.failures, []);
        await assert.rejects(p.client.create({ type: LOCALIZATION, properties: checked.inputs }), (err: PluginCallError) => {
            assert.equal(err.codeName, "UNKNOWN");
            assert.match(err.details, /tenantkit:entra:OrganizationalBrandingLocalization/);
            assert.match(err.details, /400/);
            assert.match(err.details, /The object exists and its state is recorded; run up again to finish\./);
            assert.ok(err.initFailed, "no ErrorResourceInitFailed detail");
            assert.equal(err.initFailed.id, ID);
            assert.deepEqual(err.initFailed.reasons, [err.details]);
            assert.equal(err.initFailed.properties.signInPageText, "Moitié");
            assert.equal(err.initFailed.properties.locale, "fr-FR");
            return true;
        });
        assert.equal((await french())?.signInPageText, "Moitié", "the text was written before the image failed");
    });

    it("a connection sent in plain text comes back secret from Check and Create", async () => {
        const connection = { emulator: fx.emu.url, tenantId: IDS.fabrikamDomain, clientId: IDS.fabrikamClientId, clientSecret: IDS.fabrikamClientSecret };
        const c = await created({ locale: "fr-FR", signInPageText: "Fabrikam", connection });
        assert.ok(isSecret(c.inputs.connection), "Check answered the connection in plain text");
        assert.ok(isSecret(c.properties.connection), "Create answered the connection in plain text");
        assert.equal(c.id, `${IDS.fabrikamTenantId}/fr-FR`);
        assert.equal((await fx.emu.admin.branding(IDS.fabrikamTenantId))?.localizations["fr-FR"]?.signInPageText, "Fabrikam");
        assert.equal(await french(), undefined, "the provider's tenant was written");
    });
});
