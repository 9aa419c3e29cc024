/**
 * The quota preflight as a policy pack (policy/, issue 19) under the real CLI: `pulumi preview --policy-pack policy`
 * checks a program that has no quota code, with its settings from `--policy-pack-config`. Here the resources are
 * tenantkit's own push datasets counted through a user's mapping, so these prove the config's `mappingsModule` and
 * `defaultMappings`; quota-policy-databricks.spec.ts runs the pack over Databricks programs.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { IDS, useEmulator } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, ROOT, type CliResult } from "./pulumi";

const PACK = path.join(ROOT, "policy");
const PROGRAM = path.join(ROOT, "test", "fixtures", "programs", "quota-plain");
const MAPPING = path.join(ROOT, "test", "fixtures", "programs", "quota", "datasetMapping.js");
const LIMIT = "sql-warehouses/total-number/workspace"; // 1,000 per workspace

describeCli("quota policy pack under the real engine", (binDir) => {
    const fx = useEmulator();
    const stacks: CliStack[] = [];
    afterEach(async () => {
        for (const s of stacks.splice(0)) await s.dispose();
    });

    /** A stack of `count` datasets and the pack's config file, with `existing` datasets counted outside it. */
    const stackWith = async (name: string, count: number, settings: Record<string, unknown>): Promise<{ s: CliStack; packArgs: string[] }> => {
        const s = await CliStack.create(binDir, {
            projectDir: PROGRAM,
            stack: name,
            config: { ...emulatorStackConfig(fx.emu.url), "quotaplain:count": String(count) },
        });
        stacks.push(s);
        const config = { mappingsModule: MAPPING, defaultMappings: false, ...settings };
        const file = path.join(s.work, "quota-policy.json");
        fs.writeFileSync(file, JSON.stringify({ "quota-limits": config, "quota-warnings": config }));
        return { s, packArgs: ["--config-file", s.configFile, "--policy-pack", PACK, "--policy-pack-config", file] };
    };
    const previewWith = async (name: string, count: number, settings: Record<string, unknown>): Promise<CliResult> => {
        const { s, packArgs } = await stackWith(name, count, settings);
        return s.run(["preview", ...packArgs]);
    };
    const quotaDatasets = async (): Promise<number> =>
        (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name.startsWith("Quota ")).length;

    it("fails the preview over a limit, naming the scope and the numbers", async () => {
        const r = await previewWith("over", 3, { existing: { [LIMIT]: { "my-workspace": 998 } } });
        assert.notEqual(r.code, 0, `the preview passed:\n${r.output}`);
        assert.match(r.output, /\[mandatory\]\s+quota-limits/);
        assert.match(r.output, /3 SQL warehouses planned in workspace my-workspace, 998 exist, limit 1000 \(fixed\): 1 over/);
    });

    it("passes exactly at the limit, with the advisory warning", async () => {
        const r = await previewWith("at", 2, { existing: { [LIMIT]: { "my-workspace": 998 } } });
        assert.equal(r.code, 0, r.output);
        assert.doesNotMatch(r.output, /\[mandatory\]/);
        assert.match(r.output, /\[advisory\]\s+quota-warnings/);
        assert.match(r.output, /2 SQL warehouses planned in workspace my-workspace, 998 exist, limit 1000 \(fixed\): 100% used/);
    });

    it("warns from warnAt and says nothing below it", async () => {
        const warned = await previewWith("warn", 2, { existing: { [LIMIT]: { "*": 898 } }, warnAt: 0.9 });
        assert.equal(warned.code, 0, warned.output);
        assert.match(warned.output, /2 SQL warehouses planned in workspace my-workspace, 898 exist, limit 1000 \(fixed\): 90% used/);
        const quiet = await previewWith("quiet", 2, { existing: { [LIMIT]: { "*": 897 } }, warnAt: 0.9 });
        assert.equal(quiet.code, 0, quiet.output);
        assert.doesNotMatch(quiet.output, /quota-warnings/);
    });

    it("pulumi up with the pack stops in its preview: nothing is created", async () => {
        const before = await quotaDatasets();
        const { s, packArgs } = await stackWith("up", 3, { existing: { [LIMIT]: { "my-workspace": 998 } } });
        const r = await s.run(["up", "--yes", ...packArgs]);
        assert.notEqual(r.code, 0, `the update passed:\n${r.output}`);
        assert.match(r.output, /3 SQL warehouses planned in workspace my-workspace, 998 exist, limit 1000 \(fixed\): 1 over/);
        assert.match(r.output, /error: preview failed/);
        assert.equal(await quotaDatasets(), before);
        assert.deepEqual((await s.exportState()).deployment.resources ?? [], []);
    });

    it("pulumi up --skip-preview with the pack creates first: the engine runs a stack policy at the end of an update", async () => {
        // Pulumi's behaviour, pinned because docs/quota.md warns of it: nothing but a preview runs the stack policy early.
        const before = await quotaDatasets();
        const { s, packArgs } = await stackWith("skip", 3, { existing: { [LIMIT]: { "my-workspace": 998 } } });
        const r = await s.run(["up", "--yes", "--skip-preview", ...packArgs]);
        assert.notEqual(r.code, 0, `the update passed:\n${r.output}`);
        assert.match(r.output, /3 SQL warehouses planned in workspace my-workspace, 998 exist, limit 1000 \(fixed\): 1 over/);
        assert.match(r.output, /error: update failed/);
        assert.equal(await quotaDatasets(), before + 3);
        await s.destroy();
        assert.equal(await quotaDatasets(), before);
    });
});
