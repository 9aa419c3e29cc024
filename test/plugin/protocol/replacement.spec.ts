/**
 * No replacement deletes what its replacement holds, across processes (issue 37 item 2). The engine replaces
 * create-first: the replacement's create, in the new provider's plugin process, takes over the dataset of that name or
 * the branding of that locale; the replaced resource's delete comes after, in the old provider's process, or in the
 * next `up`'s after a crash. Each step below runs in a compiled plugin process of its own, in one program folder.
 *
 * Found in issue 37: the guards lived in one process's memory (`Handovers`, the dataset directory's "taken over"
 * mark), so after a provider change the old delete removed the dataset the replacement had adopted, and restored the
 * tenant's prior branding over the replacement's.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { IDS, useEmulator } from "../../support/emulator";
import type { Props, RunningPlugin } from "./client";
import { DATASET, datasetInputs, LOCALIZATION, usePluginProcesses } from "./fixtures";

const BRANDING = "tenantkit:entra:OrganizationalBranding";

describe("a replacement across plugin processes", () => {
    const fx = useEmulator();
    const { provider, dir } = usePluginProcesses(fx, "replace");
    const create = async (p: RunningPlugin, type: string, news: Props) => {
        const checked = await p.client.check({ type, news });
        assert.deepEqual(checked.failures, []);
        return { inputs: checked.inputs, ...(await p.client.create({ type, properties: checked.inputs })) };
    };
    const writes = async (service: "graph" | "powerbi") =>
        (await fx.emu.admin.requests({ service })).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
    const datasets = async () => (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name === "Held");

    it("a dataset: the old resource's delete in its own process leaves the dataset the replacement adopted; the replacement's delete deletes it", async () => {
        // The replaced resource's create came in an earlier deployment, before the replacement's process started.
        const a = await provider();
        const old = await create(a, DATASET, datasetInputs("Held"));
        const b = await provider({ tenantId: IDS.tenantId.toUpperCase() });
        const next = await create(b, DATASET, datasetInputs("Held"));
        assert.equal(next.id, old.id, "the replacement did not adopt the dataset of its name");

        await fx.emu.admin.clearRequests();
        await a.client.delete({ type: DATASET, id: old.id, properties: old.properties, oldInputs: old.inputs });
        assert.deepEqual(await writes("powerbi"), [], "the replaced resource's delete wrote to Power BI");
        assert.deepEqual(
            (await datasets()).map((d) => d.id),
            [old.id],
        );

        await b.client.delete({ type: DATASET, id: next.id, properties: next.properties, oldInputs: next.inputs });
        assert.deepEqual(await datasets(), []);
        assert.deepEqual(fs.readdirSync(path.join(dir(), ".tenantkit", "holders")), [], "the holder record stayed behind");
    });

    it("a dataset: after a crash between the replacement's create and the old delete, the next process's delete leaves it too", async () => {
        const a = await provider();
        const old = await create(a, DATASET, datasetInputs("Held"));
        const b = await provider();
        await create(b, DATASET, datasetInputs("Held"));
        await a.close();
        await b.close();

        await fx.emu.admin.clearRequests();
        const next = await provider();
        await next.client.delete({ type: DATASET, id: old.id, properties: old.properties, oldInputs: old.inputs });
        assert.deepEqual(await writes("powerbi"), []);
        assert.equal((await datasets()).length, 1);
    });

    it("a dataset replaced delete-first is deleted, and the replacement is a new dataset", async () => {
        const a = await provider();
        const old = await create(a, DATASET, datasetInputs("Held"));
        await a.client.delete({ type: DATASET, id: old.id, properties: old.properties, oldInputs: old.inputs });
        const next = await create(await provider(), DATASET, datasetInputs("Held"));
        assert.notEqual(next.id, old.id);
        assert.deepEqual(
            (await datasets()).map((d) => d.id),
            [next.id],
        );
    });

    it("a localization: the old delete in its own process writes nothing; the replacement's delete gives back what was there before either", async () => {
        const a = await provider();
        const old = await create(a, LOCALIZATION, { locale: "fr-FR", signInPageText: "Bonjour" });
        const b = await provider();
        const next = await create(b, LOCALIZATION, { locale: "fr-FR", signInPageText: "Bienvenue" });

        await fx.emu.admin.clearRequests();
        await a.client.delete({ type: LOCALIZATION, id: old.id, properties: old.properties, oldInputs: old.inputs });
        assert.deepEqual(await writes("graph"), [], "the replaced resource's delete wrote to Graph");
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.localizations["fr-FR"]?.signInPageText, "Bienvenue");

        await b.client.delete({ type: LOCALIZATION, id: next.id, properties: next.properties, oldInputs: next.inputs });
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.localizations["fr-FR"], undefined, "the localization nobody had before stayed");
    });

    it("the default branding: the old delete writes nothing; the replacement's delete restores the tenant's own values", async () => {
        const original = (await fx.emu.admin.branding(IDS.tenantId))?.default.signInPageText;
        const a = await provider();
        const old = await create(a, BRANDING, { signInPageText: "Old text" });
        const b = await provider();
        const next = await create(b, BRANDING, { signInPageText: "New text" });

        await fx.emu.admin.clearRequests();
        await a.client.delete({ type: BRANDING, id: old.id, properties: old.properties, oldInputs: old.inputs });
        assert.deepEqual(await writes("graph"), []);
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.default.signInPageText, "New text");

        await b.client.delete({ type: BRANDING, id: next.id, properties: next.properties, oldInputs: next.inputs });
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.default.signInPageText, original);
    });
});
