/**
 * The provider plugin's configuration under the real CLI, from a Pulumi YAML program (issue 37 items 1 and 3).
 *
 * Found in issue 37: after `pulumi config set tenantkit:cloud Global` (the default) and the tenant written another way,
 * `preview --expect-no-changes` showed `+-2 to replace [diff: ~provider]`, and `up` deleted the dataset and the
 * localization in the tenant while the state still named the deleted dataset: DiffConfig compared raw strings, the
 * engine replaced create-first, the replacements adopted the objects in one plugin process and the old resources'
 * deletes, in another, removed them. And a client secret set without `--secret` passed a YAML program's preview.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { defaultSeed } from "../../emulator/seeds/default";
import { useEmulator, IDS, T0 } from "../support/emulator";
import { useYamlPluginStacks } from "./yamlPluginStack";
import { CliStack, describeCli, emulatorStackConfig, programOutsideRepo, ROOT } from "./pulumi";

/** A YAML program over the plugin with one push dataset in the seed's Sales workspace (its id in every tenant here). */
const YAML_DATASET = path.join(ROOT, "test", "fixtures", "programs", "plugin-yaml-dataset");

describeCli("the provider plugin's configuration, under the real CLI", (binDir) => {
    const fx = useEmulator();
    const yaml = useYamlPluginStacks(binDir, fx);
    const yamlStack = (name: string) => yaml.stack(name);

    /** The default seed, with a Sales workspace in fabrikam too (the same id) that fabrikam's app may write. */
    async function seedFabrikamWorkspace(): Promise<void> {
        const seed = defaultSeed(T0);
        const fabrikam = seed.tenants.find((t) => t.id === IDS.fabrikamTenantId)!;
        fabrikam.clients[0]!.permissions.powerbi = ["Dataset.ReadWrite.All"];
        fabrikam.powerbi = { workspaces: [{ id: IDS.salesWorkspaceId, name: "Sales", members: [IDS.fabrikamClientId] }], datasets: [] };
        await fx.emu.admin.seed(seed);
    }

    it("the same tenant said another way (its id in upper case for its domain, cloud Global for unset) changes nothing and loses nothing", async () => {
        const s = await yamlStack("respelled");
        await s.up();
        const before = await fx.emu.admin.powerBi(IDS.tenantId);
        assert.equal(before.datasets.length, 1);

        await s.setConfig("tenantkit:cloud", "Global");
        await s.setConfig("tenantkit:tenantId", IDS.tenantId.toUpperCase());
        const preview = await s.expectNoChanges();
        assert.doesNotMatch(preview.output, /to replace/);
        await fx.emu.admin.clearRequests();
        const up = await s.up();
        assert.doesNotMatch(up.output, /replaced/);

        const writes = (await fx.emu.admin.requests()).filter((r) => !["GET", "HEAD"].includes(r.method) && r.service !== "login");
        assert.deepEqual(writes, [], "the up wrote to the tenant");
        const after = await fx.emu.admin.powerBi(IDS.tenantId);
        assert.deepEqual(
            after.datasets.map((d) => d.id),
            before.datasets.map((d) => d.id),
        );
        const { deployment } = await s.exportState();
        const recorded = (deployment.resources ?? []).filter((r) => r.type === "tenantkit:powerbi:PushDataset");
        assert.deepEqual(
            recorded.map((r) => r.id),
            [before.datasets[0]!.id],
        );
        const branding = await fx.emu.admin.branding(IDS.tenantId);
        assert.equal(branding?.localizations["fr-FR"]?.signInPageText, "Bienvenue chez Contoso", "the localization is gone");
    });

    // Found in issue 37: Configure answered supportsPreview false, so the engine previewed every output of an update as
    // unknown, and a localization whose text reads the dataset's id previewed as changed when a column changed type.
    it("an update's preview keeps the dataset's id known: a localization that reads it previews as unchanged", async () => {
        const s = await yamlStack("dependent");
        const program = path.join(yaml.dir(), "Pulumi.yaml");
        fs.writeFileSync(
            program,
            fs
                .readFileSync(program, "utf8")
                .replace("      signInPageText: Bienvenue chez Contoso", "      signInPageText: Dataset ${sales.datasetId}"),
        );
        await s.up();
        await s.setConfig("tenantkit-yaml:idType", "Double");
        const preview = await s.preview(["--json", "--show-sames"]);
        const steps = (JSON.parse(preview.stdout) as { steps: { op: string; urn: string }[] }).steps;
        const op = (name: string) => steps.find((st) => st.urn.endsWith(`::${name}`))?.op;
        assert.equal(op("sales"), "update");
        assert.equal(op("french"), "same", "the localization that reads the dataset's id previews as changed");
    });

    // Issue 49, defect 7: DiffConfig filled the old side's unset tenant from the new run's environment, which no longer
    // had it, and took the same tenant for another: every resource was replaced.
    it("the tenant moved from AZURE_TENANT_ID to tenantkit:tenantId (its domain) replaces nothing and deletes nothing", async () => {
        const s = await yamlStack("moved-tenant");
        await s.ok(["config", "rm", "tenantkit:tenantId", "--config-file", s.configFile]);
        await s.ok(s.upArgs(), { env: { AZURE_TENANT_ID: IDS.tenantId } });
        const before = await fx.emu.admin.powerBi(IDS.tenantId);
        assert.equal(before.datasets.length, 1);

        await s.setConfig("tenantkit:tenantId", IDS.domain);
        await fx.emu.admin.clearRequests();
        const up = await s.up();
        assert.doesNotMatch(up.output, /replaced|deleted/);
        const writes = (await fx.emu.admin.requests()).filter((r) => !["GET", "HEAD"].includes(r.method) && r.service !== "login");
        assert.deepEqual(writes, [], "the up wrote to the tenant");
        const after = await fx.emu.admin.powerBi(IDS.tenantId);
        assert.deepEqual(
            after.datasets.map((d) => d.id),
            before.datasets.map((d) => d.id),
        );
    });

    // Issue 49 (C): DiffConfig's replacement is delete-before-replace, so the engine deletes the provider's resources
    // (with the old provider's recorded settings) before it creates them again with the new one
    // (`calculateDependentReplacements`). The create-first order left old deletes running after the new creates.
    it("another tenant replaces the provider's resources delete-first: the old tenant's DELETE comes before the new tenant's POST", async () => {
        await seedFabrikamWorkspace();
        const dir = programOutsideRepo(YAML_DATASET);
        const s = await CliStack.create(binDir, { projectDir: dir, stack: "tenant-moved", config: emulatorStackConfig(fx.emu.url) });
        try {
            await s.installPlugin();
            await s.up();
            await s.setConfig("tenantkit:tenantId", IDS.fabrikamDomain);
            await s.setConfig("tenantkit:clientId", IDS.fabrikamClientId);
            await s.setConfig("tenantkit:clientSecret", IDS.fabrikamClientSecret, { secret: true });
            await fx.emu.admin.clearRequests();
            await s.up();
            const writes = (await fx.emu.admin.requests({ service: "powerbi" })).filter((r) => r.method !== "GET").map((r) => r.method);
            assert.deepEqual(writes, ["DELETE", "POST"]);
            assert.deepEqual((await fx.emu.admin.powerBi(IDS.tenantId)).datasets, []);
            assert.equal((await fx.emu.admin.powerBi(IDS.fabrikamTenantId)).datasets.length, 1);
        } finally {
            await s.dispose();
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });

    // The engine's other path, pinned: a resource that moves to another provider goes through `providerChanged`
    // (step_generator.go), which takes DiffConfig's `replaces` alone and replaces create-first.
    it("a resource moved to an explicit provider of another tenant is replaced create-first, whatever DiffConfig answers", async () => {
        await seedFabrikamWorkspace();
        const dir = programOutsideRepo(YAML_DATASET);
        const s = await CliStack.create(binDir, { projectDir: dir, stack: "moved-provider", config: emulatorStackConfig(fx.emu.url) });
        try {
            await s.installPlugin();
            await s.up();
            const program = path.join(dir, "Pulumi.yaml");
            const explicit =
                `resources:\n  fab:\n    type: pulumi:providers:tenantkit\n    properties:\n      emulator: ${fx.emu.url}\n` +
                `      tenantId: ${IDS.fabrikamDomain}\n      clientId: ${IDS.fabrikamClientId}\n      clientSecret:\n        fn::secret: ${IDS.fabrikamClientSecret}\n`;
            fs.writeFileSync(program, fs.readFileSync(program, "utf8").replace("resources:\n", explicit) + "    options:\n      provider: ${fab}\n");
            await fx.emu.admin.clearRequests();
            await s.up();
            const writes = (await fx.emu.admin.requests({ service: "powerbi" })).filter((r) => r.method !== "GET").map((r) => r.method);
            assert.deepEqual(writes, ["POST", "DELETE"]);
        } finally {
            await s.dispose();
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });

    it("a client secret in the stack config in plain text fails a YAML program's preview, with the command that stores it as a secret", async () => {
        const s = await yamlStack("plaintext");
        await s.setConfig("tenantkit:clientSecret", IDS.quickstartClientSecret);
        const r = await s.run(["preview", "--config-file", s.configFile]);
        assert.notEqual(r.code, 0, r.output);
        assert.match(r.output, /tenantkit:clientSecret is stored in plain text/);
        assert.match(r.output, /pulumi config set --secret tenantkit:clientSecret/);
        assert.ok(!r.output.includes(IDS.quickstartClientSecret), "the secret is shown");
    });
});
