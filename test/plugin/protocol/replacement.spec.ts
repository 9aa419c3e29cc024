/**
 * No replacement ends up holding what the resource it replaces holds, and no delete runs against what its replacement
 * holds, across plugin processes and with nothing but the state (issue 49). Each step runs in a compiled plugin process
 * of its own, and each process starts in a new program folder, as on a fresh CI runner: a create-first replacement (the
 * engine's order for `pulumi up --replace`, a provider change, a rename without an alias) is refused where it would
 * take over the replaced object, and the diff asks for delete-first where the object keeps its identity.
 *
 * Found in issue 49: the guards were records in the program's `.tenantkit/` folder, so from a fresh folder the replaced
 * resource's delete removed the dataset its replacement had adopted by name, and restored the tenant's earlier branding
 * over the replacement's.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { IDS, useEmulator } from "../../support/emulator";
import { spawnPlugin, type PluginCallError, type Props, type RunningPlugin } from "./client";
import { DATASET, datasetInputs, LOCALIZATION, pluginEnv, providerArgs } from "./fixtures";

const BRANDING = "tenantkit:entra:OrganizationalBranding";

describe("a replacement across plugin processes, each in a fresh folder", () => {
    const fx = useEmulator();
    const folders: string[] = [];
    const plugins: RunningPlugin[] = [];
    afterEach(async () => {
        for (const p of plugins.splice(0)) await p.close();
        for (const d of folders.splice(0)) fs.rmSync(d, { recursive: true, force: true });
    });
    /** A plugin process in a new folder, configured as the default provider. */
    const fresh = async (): Promise<RunningPlugin> => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-protocol-fresh-"));
        folders.push(dir);
        const p = await spawnPlugin({ cwd: dir, env: pluginEnv(dir) });
        plugins.push(p);
        await p.client.configure({ args: providerArgs(fx.emu.url) });
        return p;
    };
    const create = async (p: RunningPlugin, type: string, news: Props) => {
        const checked = await p.client.check({ type, news });
        assert.deepEqual(checked.failures, []);
        return { inputs: checked.inputs, ...(await p.client.create({ type, name: "r", properties: checked.inputs })) };
    };
    const failure = (p: Promise<unknown>) =>
        p.then(
            () => assert.fail("expected the call to fail"),
            (e: PluginCallError) => e,
        );
    const writes = async (service: "graph" | "powerbi") =>
        (await fx.emu.admin.requests({ service })).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
    const datasets = async () => (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name === "Held");
    const leftFolders = () => folders.filter((d) => fs.existsSync(path.join(d, ".tenantkit")));

    it("a dataset: a create-first replacement that keeps the name is refused, naming the dataset and deleteBeforeReplace, and writes nothing", async () => {
        const old = await create(await fresh(), DATASET, datasetInputs("Held"));
        await fx.emu.admin.clearRequests();
        const err = await failure(create(await fresh(), DATASET, datasetInputs("Held")));
        assert.match(err.details, new RegExp(`a dataset named "Held" already exists in workspace ${IDS.salesWorkspaceId} \\(id ${old.id}\\)`));
        assert.match(err.details, /set the resource option deleteBeforeReplace/);
        assert.match(err.details, new RegExp(`pulumi import tenantkit:powerbi:PushDataset r ${IDS.salesWorkspaceId}/${old.id}`));
        assert.deepEqual(await writes("powerbi"), []);
        assert.deepEqual(
            (await datasets()).map((d) => d.id),
            [old.id],
        );
    });

    it("a dataset: delete-first, the replaced resource's delete removes its dataset and the replacement makes a new one", async () => {
        const old = await create(await fresh(), DATASET, datasetInputs("Held"));
        await (await fresh()).client.delete({ type: DATASET, id: old.id, properties: old.properties, oldInputs: old.inputs });
        const next = await create(await fresh(), DATASET, datasetInputs("Held"));
        assert.notEqual(next.id, old.id);
        assert.deepEqual(
            (await datasets()).map((d) => d.id),
            [next.id],
        );
        assert.deepEqual(leftFolders(), [], "a step wrote into the program's folder");
    });

    it("a dataset renamed: create-first makes a new dataset, and the replaced resource's delete removes only its own", async () => {
        const old = await create(await fresh(), DATASET, datasetInputs("Held"));
        const next = await create(await fresh(), DATASET, datasetInputs("Held2"));
        await (await fresh()).client.delete({ type: DATASET, id: old.id, properties: old.properties, oldInputs: old.inputs });
        const left = (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name.startsWith("Held")).map((d) => d.id);
        assert.deepEqual(left, [next.id]);
    });

    it("a dataset: Diff answers delete-first for a replacement that keeps the name, create-first for one that does not", async () => {
        const p = await fresh();
        const old = await create(p, DATASET, datasetInputs("Held"));
        const diff = async (news: Props) => {
            const checked = await p.client.check({ type: DATASET, olds: old.inputs, news });
            return p.client.diff({ type: DATASET, id: old.id, olds: old.properties, news: checked.inputs, oldInputs: old.inputs });
        };
        const kept = await diff(datasetInputs("Held", { defaultRetentionPolicy: "basicFIFO" }));
        assert.deepEqual(kept.replaces, ["defaultRetentionPolicy"]);
        assert.equal(kept.deleteBeforeReplace, true);
        const renamed = await diff(datasetInputs("Held2"));
        assert.deepEqual(renamed.replaces, ["name"]);
        assert.equal(renamed.deleteBeforeReplace, false);
    });

    it("a dataset the program adopts: Diff refuses a replacement while adopt still names it", async () => {
        const p = await fresh();
        const made = await create(p, DATASET, datasetInputs("Held"));
        const adopted = await create(await fresh(), DATASET, datasetInputs("Held", { adopt: made.id }));
        assert.equal(adopted.id, made.id);
        const checked = await p.client.check({ type: DATASET, olds: adopted.inputs, news: datasetInputs("Held", { adopt: made.id, defaultRetentionPolicy: "basicFIFO" }) });
        const err = await failure(p.client.diff({ type: DATASET, id: made.id, olds: adopted.properties, news: checked.inputs, oldInputs: adopted.inputs }));
        assert.match(err.details, new RegExp(`adopt names dataset ${made.id}, which this resource holds`));
        assert.match(err.details, /Remove adopt from the program/);
    });

    it("a localization: a create-first replacement (the same texts) is refused, and the replaced resource's delete then gives back what was there before", async () => {
        const old = await create(await fresh(), LOCALIZATION, { locale: "fr-FR", signInPageText: "Bonjour" });
        await fx.emu.admin.clearRequests();
        const err = await failure(create(await fresh(), LOCALIZATION, { locale: "fr-FR", signInPageText: "Bonjour" }));
        assert.match(err.details, /the branding localization fr-FR already shows every value this resource sets \(signInPageText\)/);
        assert.match(err.details, /deleteBeforeReplace: true/);
        assert.match(err.details, /adopt: true/);
        assert.deepEqual(await writes("graph"), []);

        await (await fresh()).client.delete({ type: LOCALIZATION, id: old.id, properties: old.properties, oldInputs: old.inputs });
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.localizations["fr-FR"], undefined, "the localization nobody had before stayed");
    });

    it("a localization: delete-first, the replacement takes over from nothing, and its delete removes it again", async () => {
        const old = await create(await fresh(), LOCALIZATION, { locale: "fr-FR", signInPageText: "Bonjour" });
        await (await fresh()).client.delete({ type: LOCALIZATION, id: old.id, properties: old.properties, oldInputs: old.inputs });
        const next = await create(await fresh(), LOCALIZATION, { locale: "fr-FR", signInPageText: "Bonjour" });
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.localizations["fr-FR"]?.signInPageText, "Bonjour");
        await (await fresh()).client.delete({ type: LOCALIZATION, id: next.id, properties: next.properties, oldInputs: next.inputs });
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.localizations["fr-FR"], undefined);
        assert.deepEqual(leftFolders(), [], "a step wrote into the program's folder");
    });

    it("the default branding: Diff answers delete-first for a replacement; delete-first, destroy from another folder restores the tenant's own values", async () => {
        const original = (await fx.emu.admin.branding(IDS.tenantId))?.default;
        const p = await fresh();
        const old = await create(p, BRANDING, { signInPageText: "Managed", backgroundColor: "#102030" });
        const checked = await p.client.check({ type: BRANDING, olds: old.inputs, news: { signInPageText: "Managed", backgroundColor: "#102030", organizationId: IDS.fabrikamTenantId } });
        const diff = await p.client.diff({ type: BRANDING, id: old.id, olds: old.properties, news: checked.inputs, oldInputs: old.inputs });
        assert.deepEqual(diff.replaces, ["organizationId"]);
        assert.equal(diff.deleteBeforeReplace, true);

        await (await fresh()).client.delete({ type: BRANDING, id: old.id, properties: old.properties, oldInputs: old.inputs });
        const next = await create(await fresh(), BRANDING, { signInPageText: "Managed", backgroundColor: "#102030" });
        await (await fresh()).client.delete({ type: BRANDING, id: next.id, properties: next.properties, oldInputs: next.inputs });
        const after = (await fx.emu.admin.branding(IDS.tenantId))?.default;
        assert.equal(after?.signInPageText, original?.signInPageText);
        assert.equal(after?.backgroundColor, original?.backgroundColor);
    });
});
