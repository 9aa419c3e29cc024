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
import * as os from "node:os";
import * as path from "node:path";
import { IDS, useEmulator } from "../../support/emulator";
import { spawnPlugin, type Props, type RunningPlugin } from "./client";
import { DATASET, datasetInputs, LOCALIZATION, providerArgs } from "./fixtures";

const BRANDING = "tenantkit:entra:OrganizationalBranding";

describe("a replacement across plugin processes", () => {
    const fx = useEmulator();
    let dir = "";
    const plugins: RunningPlugin[] = [];
    beforeEach(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-protocol-replace-"));
    });
    afterEach(async () => {
        for (const p of plugins.splice(0)) await p.close();
        fs.rmSync(dir, { recursive: true, force: true });
    });

    /** A plugin process in the program's folder, configured as the engine configures a default provider. */
    const provider = async (args: Props = {}): Promise<RunningPlugin> => {
        const p = await spawnPlugin({ cwd: dir, env: { PATH: process.env.PATH ?? "", HOME: dir } });
        plugins.push(p);
        await p.client.configure({ args: { ...providerArgs(fx.emu.url), ...args } });
        return p;
    };
    const create = async (p: RunningPlugin, type: string, news: Props) => {
        const checked = await p.client.check({ type, news });
        assert.deepEqual(checked.failures, []);
        return { inputs: checked.inputs, ...(await p.client.create({ type, properties: checked.inputs })) };
    };
    const writes = async (service: "graph" | "powerbi") =>
        (await fx.emu.admin.requests({ service })).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
    const datasets = async () => (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name === "Held");

    it("a dataset: the old resource's delete in its own process leaves the dataset the replacement adopted; the replacement's delete deletes it", async () => {
        const old = await create(await provider(), DATASET, datasetInputs("Held"));
        const next = await create(await provider({ tenantId: IDS.tenantId.toUpperCase() }), DATASET, datasetInputs("Held"));
        assert.equal(next.id, old.id, "the replacement did not adopt the dataset of its name");

        await fx.emu.admin.clearRequests();
        await plugins[0]!.client.delete({ type: DATASET, id: old.id, properties: old.properties, oldInputs: old.inputs });
        assert.deepEqual(await writes("powerbi"), [], "the replaced resource's delete wrote to Power BI");
        assert.deepEqual(
            (await datasets()).map((d) => d.id),
            [old.id],
        );

        await plugins[1]!.client.delete({ type: DATASET, id: next.id, properties: next.properties, oldInputs: next.inputs });
        assert.deepEqual(await datasets(), []);
        assert.deepEqual(fs.readdirSync(path.join(dir, ".tenantkit", "holders")), [], "the holder record stayed behind");
    });

    it("a dataset: after a crash between the replacement's create and the old delete, the next process's delete leaves it too", async () => {
        const old = await create(await provider(), DATASET, datasetInputs("Held"));
        await create(await provider(), DATASET, datasetInputs("Held"));
        for (const p of plugins.splice(0)) await p.close();

        await fx.emu.admin.clearRequests();
        const next = await provider();
        await next.client.delete({ type: DATASET, id: old.id, properties: old.properties, oldInputs: old.inputs });
        assert.deepEqual(await writes("powerbi"), []);
        assert.equal((await datasets()).length, 1);
    });

    it("a dataset replaced delete-first is deleted, and the replacement is a new dataset", async () => {
        const old = await create(await provider(), DATASET, datasetInputs("Held"));
        await plugins[0]!.client.delete({ type: DATASET, id: old.id, properties: old.properties, oldInputs: old.inputs });
        const next = await create(await provider(), DATASET, datasetInputs("Held"));
        assert.notEqual(next.id, old.id);
        assert.deepEqual(
            (await datasets()).map((d) => d.id),
            [next.id],
        );
    });

    it("a localization: the old delete in its own process writes nothing; the replacement's delete gives back what was there before either", async () => {
        const old = await create(await provider(), LOCALIZATION, { locale: "fr-FR", signInPageText: "Bonjour" });
        const next = await create(await provider(), LOCALIZATION, { locale: "fr-FR", signInPageText: "Bienvenue" });

        await fx.emu.admin.clearRequests();
        await plugins[0]!.client.delete({ type: LOCALIZATION, id: old.id, properties: old.properties, oldInputs: old.inputs });
        assert.deepEqual(await writes("graph"), [], "the replaced resource's delete wrote to Graph");
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.localizations["fr-FR"]?.signInPageText, "Bienvenue");

        await plugins[1]!.client.delete({ type: LOCALIZATION, id: next.id, properties: next.properties, oldInputs: next.inputs });
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.localizations["fr-FR"], undefined, "the localization nobody had before stayed");
    });

    it("the default branding: the old delete writes nothing; the replacement's delete restores the tenant's own values", async () => {
        const original = (await fx.emu.admin.branding(IDS.tenantId))?.default.signInPageText;
        const old = await create(await provider(), BRANDING, { signInPageText: "Old text" });
        const next = await create(await provider(), BRANDING, { signInPageText: "New text" });

        await fx.emu.admin.clearRequests();
        await plugins[0]!.client.delete({ type: BRANDING, id: old.id, properties: old.properties, oldInputs: old.inputs });
        assert.deepEqual(await writes("graph"), []);
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.default.signInPageText, "New text");

        await plugins[1]!.client.delete({ type: BRANDING, id: next.id, properties: next.properties, oldInputs: next.inputs });
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.default.signInPageText, original);
    });
});
