/**
 * Previews as good as the apply (issue 37 item 4): the plugin answers `supportsPreview`, so the engine asks Create and
 * Update in a preview and keeps the outputs the plugin says stay known. Found in issue 37: Configure answered
 * `supportsPreview: false`, so every output of an update (a dataset's id, a branding's image URLs) went unknown in
 * the preview and whatever read it previewed as changed.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { solidPng } from "../../../emulator/seeds/png";
import { useEmulator } from "../../support/emulator";
import { fileAsset, UNKNOWN, type Props } from "./client";
import { configureEachTest, useProgramPlugin, DATASET, datasetInputs, LOCALIZATION } from "./fixtures";

describe("previews of creates and updates over gRPC", () => {
    const fx = useEmulator();
    const p = useProgramPlugin("preview");
    configureEachTest(fx, () => p.client);

    const writes = async () =>
        (await fx.emu.admin.requests()).filter((r) => r.service !== "login" && r.method !== "GET").map((r) => `${r.method} ${r.path}`);
    const checked = async (type: string, news: Props) => {
        const c = await p.client.check({ type, news });
        assert.deepEqual(c.failures, []);
        return c.inputs;
    };

    it("a create's preview answers the inputs and the dataset's id unknown, and sends nothing", async () => {
        const inputs = await checked(DATASET, datasetInputs(`Preview${Date.now()}`));
        await fx.emu.admin.clearRequests();
        const c = await p.client.create({ type: DATASET, properties: inputs, preview: true });
        assert.equal(c.properties.datasetId, UNKNOWN);
        assert.equal(c.properties.name, inputs.name);
        assert.deepEqual(c.properties.tables, inputs.tables);
        assert.deepEqual(await writes(), []);
    });

    it("an update's preview of a dataset keeps its id known and sends nothing", async () => {
        const inputs = await checked(DATASET, datasetInputs(`Kept${Date.now()}`));
        const c = await p.client.create({ type: DATASET, properties: inputs });
        const news = await checked(DATASET, { ...inputs, tables: [{ name: "Product", columns: [{ name: "ProductID", dataType: "Int64" }, { name: "Added", dataType: "string" }] }] });
        await fx.emu.admin.clearRequests();
        const previewed = await p.client.update({ type: DATASET, id: c.id, olds: c.properties, news, oldInputs: inputs, preview: true });
        assert.equal(previewed.datasetId, c.id);
        assert.deepEqual(previewed.tables, news.tables);
        assert.deepEqual(await writes(), []);
    });

    it("an update's preview of a localization keeps the image URLs an update leaves alone, and only the changed image's unknown", async () => {
        fs.writeFileSync(path.join(p.dir(), "a.png"), solidPng(200, 30, [1, 2, 3]));
        fs.writeFileSync(path.join(p.dir(), "b.png"), solidPng(200, 30, [4, 5, 6]));
        const inputs = await checked(LOCALIZATION, { locale: "fr-FR", signInPageText: "Avant", bannerLogo: fileAsset("a.png") });
        const c = await p.client.create({ type: LOCALIZATION, properties: inputs });
        const url = c.properties.bannerLogoRelativeUrl;
        assert.equal(typeof url, "string");

        const text = await checked(LOCALIZATION, { locale: "fr-FR", signInPageText: "Après", bannerLogo: fileAsset("a.png") });
        const t = await p.client.update({ type: LOCALIZATION, id: c.id, olds: c.properties, news: text, oldInputs: inputs, preview: true });
        assert.equal(t.bannerLogoRelativeUrl, url);
        assert.deepEqual(t.cdnList, c.properties.cdnList);
        assert.equal(t.signInPageText, "Après");

        const image = await checked(LOCALIZATION, { locale: "fr-FR", signInPageText: "Avant", bannerLogo: fileAsset("b.png") });
        await fx.emu.admin.clearRequests();
        const i = await p.client.update({ type: LOCALIZATION, id: c.id, olds: c.properties, news: image, oldInputs: inputs, preview: true });
        assert.equal(i.bannerLogoRelativeUrl, UNKNOWN);
        assert.deepEqual(await writes(), []);
    });
});
