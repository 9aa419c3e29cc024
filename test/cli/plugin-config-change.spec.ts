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
import { useEmulator, IDS } from "../support/emulator";
import { useYamlPluginStacks } from "./yamlPluginStack";
import { describeCli } from "./pulumi";

describeCli("the provider plugin's configuration, under the real CLI", (binDir) => {
    const fx = useEmulator();
    const yaml = useYamlPluginStacks(binDir, fx);
    const yamlStack = (name: string) => yaml.stack(name);

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
