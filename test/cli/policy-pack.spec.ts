/**
 * `pulumi preview --policy-pack <dir>` with a Node.js policy pack (issue 19: the quota preflight as a policy pack).
 * The engine starts a pack folder through the language host of its runtime (RunPlugin), so these pin our host's
 * RunPlugin (tools/pulumi-cli/langhost) under the real CLI: a mandatory violation fails the preview with its message,
 * a clean program passes, `--policy-pack-config` reaches the pack, and what a pack sees for an input that is not
 * known yet. The pack (test/fixtures/policy/minimal) and the programs need no provider plugin and no emulator: two
 * pulumi.dynamic resources (test/fixtures/programs/policy), and a Pulumi YAML program that declares no resource
 * (test/fixtures/programs/yaml-minimal: any resource in YAML needs its provider's plugin, which the machine lacks).
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { CliStack, describeCli, ROOT, type CliResult } from "./pulumi";

const PACK = path.join(ROOT, "test", "fixtures", "policy", "minimal");
const PROGRAM = path.join(ROOT, "test", "fixtures", "programs", "policy");
const YAML_PROGRAM = path.join(ROOT, "test", "fixtures", "programs", "yaml-minimal");

describeCli("policy packs under the real CLI", (binDir) => {
    const stacks: CliStack[] = [];
    const stackOf = async (projectDir: string, name: string): Promise<CliStack> => {
        const s = await CliStack.create(binDir, { projectDir, stack: name });
        stacks.push(s);
        return s;
    };
    afterEach(async () => {
        for (const s of stacks.splice(0)) await s.dispose();
    });

    /** Writes the pack's config file (`--policy-pack-config`): policy name to its config. */
    const packConfig = (s: CliStack, config: Record<string, Record<string, unknown>>): string => {
        const file = path.join(s.work, "policy-config.json");
        fs.writeFileSync(file, JSON.stringify(config));
        return file;
    };
    const preview = (s: CliStack, extra: string[] = []): Promise<CliResult> =>
        s.run(["preview", "--config-file", s.configFile, "--policy-pack", PACK, ...extra]);

    it("a clean program previews with the pack loaded, and the pack reports its policies", async () => {
        const s = await stackOf(PROGRAM, "clean");
        const r = await preview(s);
        assert.equal(r.code, 0, r.output);
        assert.match(r.output, /tenantkit-minimal@v0\.0\.0 \(local: /);
        assert.doesNotMatch(r.output, /\[mandatory\]/);
    });

    it("a mandatory violation fails the preview, with the policy's message", async () => {
        const s = await stackOf(PROGRAM, "violation");
        await s.setConfig("firstLabel", "forbidden");
        const r = await preview(s);
        assert.notEqual(r.code, 0, `the preview passed:\n${r.output}`);
        assert.match(r.output, /\[mandatory\]\s+forbidden-label\s+\(pulumi-nodejs:dynamic:Resource: first\)/);
        assert.match(r.output, /first is labelled 'forbidden', which this pack forbids/);
    });

    it("--policy-pack-config reaches the pack: its forbidden word and its stack limit", async () => {
        const s = await stackOf(PROGRAM, "config");
        const config = packConfig(s, { "forbidden-label": { forbidden: "beta" }, "max-resources": { maxResources: 2 } });
        const r = await preview(s, ["--policy-pack-config", config]);
        assert.notEqual(r.code, 0, `the preview passed:\n${r.output}`);
        assert.match(r.output, /second is labelled 'beta', which this pack forbids/);
        assert.doesNotMatch(r.output, /first is labelled/);
        // The stack policy sees the stack, the two resources and the dynamic provider's default provider.
        assert.match(r.output, /the stack has 4 resources \(.*pulumi:pulumi:Stack.*\), more than 2/);
    });

    it("an input that is another resource's output is unknown to the pack in a preview, and known in up", async () => {
        const s = await stackOf(PROGRAM, "unknown");
        // The engine sends the unknown as the string sentinel 04da6b54-… (MarshalOptions{KeepUnknowns: true});
        // @pulumi/policy turns it into a value whose access throws UnknownValueError.
        const r = await preview(s);
        assert.equal(r.code, 0, r.output);
        assert.match(r.output, /upstream of second threw UnknownValueError: string value at \.upstream can't be known during preview/);
        const up = await s.ok([...s.upArgs(), "--policy-pack", PACK]);
        assert.match(up.output, /upstream of second is "echo:alpha"/);
    });

    it("a pack whose folder has no @pulumi/pulumi gets the engine's advice to install its dependencies", async () => {
        const s = await stackOf(PROGRAM, "no-sdk");
        const pack = fs.mkdtempSync(path.join(os.tmpdir(), "tk-pack-"));
        for (const f of fs.readdirSync(PACK)) fs.copyFileSync(path.join(PACK, f), path.join(pack, f));
        try {
            const r = await s.run(["preview", "--config-file", s.configFile, "--policy-pack", pack]);
            assert.notEqual(r.code, 0, `the preview passed:\n${r.output}`);
            assert.match(r.output, /the policy pack's dependencies are not installed; try running npm install/);
        } finally {
            fs.rmSync(pack, { recursive: true, force: true });
        }
    });

    it("runs a Pulumi YAML program (preview, up, outputs), and the pack's stack policy sees its stack", async () => {
        const s = await stackOf(YAML_PROGRAM, "yaml");
        const r = await s.preview();
        assert.match(r.output, /message: "hello, yaml"/);
        await s.up();
        assert.deepEqual(await s.outputs(), { message: "hello, yaml", project: "yamlprog" });

        const clean = await preview(s);
        assert.equal(clean.code, 0, clean.output);
        assert.match(clean.output, /tenantkit-minimal@v0\.0\.0/);
        const over = await preview(s, ["--policy-pack-config", packConfig(s, { "max-resources": { maxResources: 0 } })]);
        assert.notEqual(over.code, 0, `the preview passed:\n${over.output}`);
        assert.match(over.output, /the stack has 1 resources \(pulumi:pulumi:Stack\), more than 0/);
    });
});
