/**
 * What only a real provider can do, under the real CLI, from small Pulumi YAML programs written to folders outside the
 * repository: per-property diffs (`--diff`, `replaceOnChanges`), resource options, two tenants through two explicit
 * provider resources, and secrets that never reach state or output in plain text.
 */
import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { solidPng } from "../../emulator/seeds/png";
import { rotateQuickstartSecret, useEmulator, IDS } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, ROOT, secret, type StackConfig } from "./pulumi";

/** A dataset whose column type and resource options come from the program's config. */
function datasetProgram(options: string): string {
    return `name: tkplugin
runtime: yaml
config:
  idType:
    type: string
    default: Int64
  datasetName:
    type: string
    default: SalesMarketing
resources:
  sales:
    type: tenantkit:powerbi:PushDataset
    properties:
      name: \${datasetName}
      tables:
        - name: Product
          columns:
            - name: ProductID
              dataType: \${idType}
    options:
${options
    .split("\n")
    .map((l) => `      ${l}`)
    .join("\n")}
outputs:
  datasetId: \${sales.datasetId}
`;
}

describeCli("the provider plugin: per-property diffs, options, providers, secrets", (binDir) => {
    const fx = useEmulator();
    const stacks: CliStack[] = [];
    afterEach(async () => {
        for (const s of stacks.splice(0)) {
            await s.dispose();
            fs.rmSync(s.opts.projectDir, { recursive: true, force: true });
        }
    });
    const datasets = async () => (await fx.emu.admin.powerBi(IDS.tenantId)).datasets;

    async function yamlStack(name: string, program: string, config: StackConfig = emulatorStackConfig(fx.emu.url)): Promise<CliStack> {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tk-plugin-${name}-`));
        fs.writeFileSync(path.join(dir, "Pulumi.yaml"), program);
        const stack = await CliStack.create(binDir, { projectDir: dir, stack: name, config });
        stacks.push(stack);
        await stack.installPlugin();
        return stack;
    }

    it("`preview --diff` marks the property that forces a replacement, and the JSON names it as the replace reason", async () => {
        const stack = await yamlStack("diff", datasetProgram("{}"));
        await stack.up();
        await stack.setConfig("tkplugin:datasetName", "SalesRenamed");
        await stack.setConfig("tkplugin:idType", "Double");
        const json = await stack.ok(["preview", "--json", "--config-file", stack.configFile]);
        const step = (
            JSON.parse(json.stdout) as {
                steps: { op: string; urn: string; replaceReasons?: string[]; detailedDiff?: Record<string, { kind: string }> }[];
            }
        ).steps.find((s) => s.urn.endsWith("::sales"));
        assert.equal(step?.op, "replace");
        assert.deepEqual(step?.replaceReasons, ["name"]);
        assert.deepEqual(step?.detailedDiff, { name: { kind: "update-replace", inputDiff: true }, tables: { kind: "update", inputDiff: true } });
        const diff = await stack.preview(["--diff"]);
        assert.match(diff.stdout, /\+-tenantkit:powerbi:PushDataset: \(replace\)/);
        assert.match(diff.stdout, /~ name {2}: "SalesMarketing" => "SalesRenamed"/);
        assert.match(diff.output, /replacing deletes this dataset and every row pushed to it.*Forced by name/);
    });

    it("replaceOnChanges: a column type change, which updates in place, replaces delete-first: a new dataset has the new type", async () => {
        const stack = await yamlStack("replace-on", datasetProgram("replaceOnChanges:\n  - tables"));
        await stack.up();
        const first = (await datasets())[0]!.id;
        await stack.setConfig("tkplugin:idType", "Double");
        assert.match((await stack.preview()).stdout, /\+-1 to replace/);
        await fx.emu.admin.clearRequests();
        assert.match((await stack.up()).stdout, /\+-1 replaced/);
        // The name is kept, so the diff answers delete-first, which the engine takes for the replacement replaceOnChanges makes.
        const writes = (await fx.emu.admin.requests({ service: "powerbi" })).filter((r) => r.method !== "GET").map((r) => r.method);
        assert.deepEqual(writes, ["DELETE", "POST"]);
        const after = await datasets();
        assert.equal(after.length, 1);
        assert.notEqual(after[0]!.id, first);
        assert.equal(after[0]!.tables[0]!.columns[0]!.dataType, "Double");
    });

    it("ignoreChanges: a changed column type neither previews nor sends an update", async () => {
        const stack = await yamlStack("ignore", datasetProgram("ignoreChanges:\n  - tables"));
        await stack.up();
        await stack.setConfig("tkplugin:idType", "String");
        await stack.expectNoChanges();
        await fx.emu.admin.clearRequests();
        await stack.up();
        assert.deepEqual(
            (await fx.emu.admin.requests({ service: "powerbi" })).filter((r) => r.method !== "GET"),
            [],
        );
    });

    it("protect refuses destroy; retainOnDelete leaves the dataset in the workspace", async () => {
        const stack = await yamlStack("protect", datasetProgram("protect: true"));
        await stack.up();
        const refused = await stack.run(["destroy", "--yes", "--skip-preview", "--config-file", stack.configFile]);
        assert.notEqual(refused.code, 0);
        assert.match(refused.output, /protected/);
        fs.writeFileSync(path.join(stack.opts.projectDir, "Pulumi.yaml"), datasetProgram("retainOnDelete: true"));
        await stack.up();
        await stack.destroy();
        assert.equal((await datasets()).length, 1, "retainOnDelete deleted the dataset");
    });

    it("deleteBeforeReplace with replaceOnChanges: the old dataset is deleted before a new, empty one is created", async () => {
        const stack = await yamlStack("dbr", datasetProgram("deleteBeforeReplace: true\nreplaceOnChanges:\n  - tables"));
        await stack.up();
        await stack.setConfig("tkplugin:idType", "Double");
        await fx.emu.admin.clearRequests();
        await stack.up();
        const writes = (await fx.emu.admin.requests({ service: "powerbi" })).filter((r) => r.method === "DELETE" || r.method === "POST");
        assert.deepEqual(
            writes.map((r) => r.method),
            ["DELETE", "POST"],
        );
    });

    it("two tenants through two explicit provider resources, each used alone; no credential in state or output in plain text", async () => {
        const program = `name: tktenants
runtime: yaml
config:
  emulator:
    type: string
  fabrikamSecret:
    type: string
    secret: true
resources:
  contoso:
    type: pulumi:providers:tenantkit
    properties:
      emulator: \${emulator}
      tenantId: ${IDS.domain}
      clientId: ${IDS.quickstartClientId}
      clientSecret: ${IDS.quickstartClientSecret}
  fabrikam:
    type: pulumi:providers:tenantkit
    properties:
      emulator: \${emulator}
      tenantId: ${IDS.fabrikamDomain}
      clientId: ${IDS.fabrikamClientId}
      clientSecret: \${fabrikamSecret}
  contosoText:
    type: tenantkit:entra:OrganizationalBrandingLocalization
    properties:
      locale: de-DE
      signInPageText: Willkommen bei Contoso
    options:
      provider: \${contoso}
  fabrikamBranding:
    type: tenantkit:entra:OrganizationalBranding
    properties:
      signInPageText: Welcome to Fabrikam
    options:
      provider: \${fabrikam}
`;
        // No stack config of the tenantkit namespace: each provider has its arguments alone.
        const stack = await yamlStack("tenants", program, {
            "tktenants:emulator": fx.emu.url,
            "tktenants:fabrikamSecret": secret(IDS.fabrikamClientSecret),
        });
        const up = await stack.up();
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.localizations["de-DE"]?.signInPageText, "Willkommen bei Contoso");
        assert.equal((await fx.emu.admin.branding(IDS.fabrikamTenantId))?.default.signInPageText, "Welcome to Fabrikam");
        const { text } = await stack.exportState();
        const refresh = await stack.refresh();
        for (const [where, output] of [
            ["stack export", text],
            ["up", up.output],
            ["refresh", refresh.output],
        ] as const) {
            assert.ok(!output.includes(IDS.fabrikamClientSecret), `${where} holds fabrikam's secret`);
            assert.ok(!output.includes(IDS.quickstartClientSecret), `${where} holds contoso's secret, written in plain text in the program`);
        }
        await stack.destroy();
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.localizations["de-DE"], undefined);
    });

    it("refresh after the client secret was rotated: the engine configures the plugin with the config saved at the last up, and the error says to use --run-program", async () => {
        const stack = await yamlStack("rotated", datasetProgram("{}"));
        await stack.up();
        const ROTATED = "rotated-secret-after-up";
        await rotateQuickstartSecret(fx.emu, stack, ROTATED);

        const refresh = await stack.run(["refresh", "--yes", "--skip-preview", "--config-file", stack.configFile]);
        assert.notEqual(refresh.code, 0, "refresh signed in although the saved secret was rotated");
        assert.match(refresh.output, /401 invalid_client\/AADSTS7000215/);
        assert.match(refresh.output, /tenantkit:powerbi:PushDataset \(dataset "SalesMarketing"/);
        assert.match(refresh.output, /sign in with the config saved at that up, so run them with `--run-program`/);
        assert.ok(!refresh.output.includes(ROTATED) && !refresh.output.includes(IDS.quickstartClientSecret));

        await stack.refresh(["--run-program"]);
        await stack.destroy(["--run-program"]);
        assert.deepEqual(await datasets(), []);
    });

    it("an image as a file asset: uploaded at up, kept in state by its SHA-256 and size, and a new file is an update", async () => {
        const program = `name: tkimage
runtime: yaml
resources:
  branding:
    type: tenantkit:entra:OrganizationalBranding
    properties:
      bannerLogo:
        fn::fileAsset: ./banner.png
outputs:
  bannerLogoRelativeUrl: \${branding.bannerLogoRelativeUrl}
`;
        const stack = await yamlStack("image", program);
        const banner = fs.readFileSync(path.join(ROOT, "examples", "branding", "assets", "banner.png"));
        fs.writeFileSync(path.join(stack.opts.projectDir, "banner.png"), banner);
        await stack.up();
        const uploaded = (await fx.emu.admin.branding(IDS.tenantId))?.default.bannerLogo;
        assert.equal(uploaded?.sha256, createHash("sha256").update(banner).digest("hex"));
        assert.equal(typeof (await stack.outputs()).bannerLogoRelativeUrl, "string");
        const { deployment } = await stack.exportState();
        const state = deployment.resources?.find((r) => r.type === "tenantkit:entra:OrganizationalBranding");
        assert.deepEqual(Object.keys(state?.outputs?.bannerLogo as object).sort(), ["contentType", "height", "path", "sha256", "size", "width"]);
        assert.ok(!JSON.stringify(state?.outputs?.bannerLogo).includes(banner.toString("base64")), "state holds the image's bytes");
        await stack.expectNoChanges();

        // Another logo under the same file name: the diff sees the content, not the path.
        fs.writeFileSync(path.join(stack.opts.projectDir, "banner.png"), solidPng(200, 30, [0x10, 0x20, 0x30]));
        const preview = await stack.preview();
        assert.match(preview.stdout, /~ 1 to update/);
    });

    it("an input not known in the preview (another resource's output) previews, and up applies its value", async () => {
        const program = `name: tkunknown
runtime: yaml
resources:
  sales:
    type: tenantkit:powerbi:PushDataset
    properties:
      name: SalesMarketing
      tables:
        - name: Product
          columns:
            - name: ProductID
              dataType: Int64
  french:
    type: tenantkit:entra:OrganizationalBrandingLocalization
    properties:
      locale: fr-FR
      signInPageText: Dataset \${sales.datasetId}
`;
        const stack = await yamlStack("unknown", program);
        const preview = await stack.preview(["--diff"]);
        assert.match(preview.stdout, /signInPageText: output<string>|signInPageText: \[unknown\]/);
        await stack.up();
        const [dataset] = await datasets();
        assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.localizations["fr-FR"]?.signInPageText, `Dataset ${dataset!.id}`);
        await stack.expectNoChanges();
    });
});
