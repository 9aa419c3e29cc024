/**
 * tenantkit's provider plugin under the real CLI, from a Pulumi YAML program (the real YAML language host) in a
 * folder outside the repository: installed with `pulumi plugin install --file` as docs/installation-configuration.md says, then the
 * lifecycle a user runs, with the emulator's state checked after each step.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { useEmulator, IDS } from "../support/emulator";
import { provesLifecycle } from "./pluginPrograms";
import { useYamlPluginStacks } from "./yamlPluginStack";
import { CliStack, cliRunner, describeCli, emulatorStackConfig, programOutsideRepo, ROOT } from "./pulumi";

const YAML_PROGRAM = path.join(ROOT, "test", "fixtures", "programs", "plugin-yaml");

describeCli("the provider plugin, from a Pulumi YAML program", (binDir) => {
    const fx = useEmulator();
    const yaml = useYamlPluginStacks(binDir, fx);
    const yamlStack = (name: string) => yaml.stack(name);

    const datasets = async () => (await fx.emu.admin.powerBi(IDS.tenantId)).datasets;

    it("runs preview, up, a preview with no changes, refresh, an update and destroy, the tenant matching each step", async () => {
        const s = await yamlStack("lifecycle");
        await provesLifecycle(fx, cliRunner(s, "tenantkit-yaml"));
    });

    it("a column's data type written as a number fails the preview with the path, the value and the data types", async () => {
        const s = await yamlStack("badtype");
        const file = path.join(yaml.dir(), "Pulumi.yaml");
        const program = fs.readFileSync(file, "utf8");
        assert.match(program, /dataType: string\n/);
        fs.writeFileSync(file, program.replace("dataType: string\n", "dataType: 42\n"));
        const r = await s.run(["preview", "--config-file", s.configFile]);
        assert.notEqual(r.code, 0);
        assert.match(
            r.output,
            /PushDataset resource 'sales' has a problem: tables\[0\]\.columns\[1\]\.dataType is 42: must be one of Int64, Double, Decimal, Boolean, DateTime, String \(any letter case\)/,
        );
        assert.doesNotMatch(r.output, /<nil>/);
    });

    it("a misspelled data type fails the preview with the data types and the one it most likely meant", async () => {
        const s = await yamlStack("typo");
        const file = path.join(yaml.dir(), "Pulumi.yaml");
        fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("dataType: string\n", "dataType: Int46\n"));
        const r = await s.run(["preview", "--config-file", s.configFile]);
        assert.notEqual(r.code, 0);
        assert.match(
            r.output,
            /PushDataset resource 'sales' has a problem: tables\[0\]\.columns\[1\]\.dataType is "Int46": must be one of Int64, Double, Decimal, Boolean, DateTime, String \(any letter case\); did you mean Int64\?/,
        );
    });

    it("imports a dataset, the default branding and a localization that exist, writing nothing, and the code it generates previews with no changes", async () => {
        const owner = await yamlStack("owner");
        await owner.up();
        const [dataset] = await datasets();
        const organizationId = IDS.tenantId;
        // A second project that starts empty, as a team adopting what exists would have it.
        const adopter = programOutsideRepo(YAML_PROGRAM);
        fs.writeFileSync(path.join(adopter, "Pulumi.yaml"), "name: tenantkit-adopt\nruntime: yaml\n");
        const s = await CliStack.create(binDir, { projectDir: adopter, stack: "adopt", config: emulatorStackConfig(fx.emu.url) });
        try {
            await s.installPlugin();
            const importFile = path.join(adopter, "import.json");
            fs.writeFileSync(
                importFile,
                JSON.stringify({
                    resources: [
                        { type: "tenantkit:powerbi:PushDataset", name: "sales", id: `${IDS.salesWorkspaceId}/${dataset!.id}` },
                        { type: "tenantkit:entra:OrganizationalBranding", name: "branding", id: organizationId },
                        { type: "tenantkit:entra:OrganizationalBrandingLocalization", name: "french", id: `${organizationId}/fr-FR` },
                    ],
                }),
            );
            await fx.emu.admin.clearRequests();
            const code = path.join(adopter, "generated.yaml");
            await s.ok(["import", "--file", importFile, "--out", code, "--yes", "--config-file", s.configFile]);
            const writes = (await fx.emu.admin.requests()).filter((r) => !["GET", "HEAD"].includes(r.method) && r.service !== "login");
            assert.deepEqual(writes, [], "an import wrote to the tenant");

            const generated = fs.readFileSync(code, "utf8");
            assert.match(generated, /signInPageText: Welcome to Contoso/);
            assert.match(generated, /locale: fr-FR/);
            assert.match(generated, /name: SalesMarketing/);
            // The generated resources become the program, as the CLI's advice says; workspaceId is the program's input.
            fs.appendFileSync(path.join(adopter, "Pulumi.yaml"), generated);
            const preview = await s.expectNoChanges();
            assert.match(preview.output, /3 unchanged|4 unchanged/);
        } finally {
            await s.dispose();
            fs.rmSync(adopter, { recursive: true, force: true });
        }
    });
});
