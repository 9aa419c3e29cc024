/**
 * The quota preflight under the real engine, on tenantkit's own push datasets counted through a user's mapping
 * (test/fixtures/programs/quota/datasetMapping.js): they can go through `up` and `stack export`, which the stand-in
 * Databricks plugin of quota-example.spec.ts cannot (previews only). `enforceQuotas` must stop a real
 * `pulumi preview`, and `tenantkit-quota` must read what the real `pulumi preview --json` and `pulumi stack export`
 * print (its other tests read hand-written files in the documented shapes). Two defects the harness hid were found
 * here: the quota error and warnings were lost (the resource had no URN yet when the SDK logged them), and a preview
 * without --show-sames leaves out what the stack already has.
 */
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { useEmulator, IDS } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, ROOT, useStackUpOnce, type StackConfig } from "./pulumi";

const PROGRAM = path.join(ROOT, "test", "fixtures", "programs", "quota");
const MAPPING = path.join(PROGRAM, "datasetMapping.js");
const LIMIT = "sql-warehouses/total-number/workspace"; // 1,000 per workspace
const QUOTA_CLI = path.join(ROOT, "bin", "quota", "cli.js");

interface QuotaJson {
    kind: string;
    resources: number;
    mapped: number;
    findings: { status: string; limit: string; scope: string | null; planned: number; existing: number; total: number }[];
}

/** Runs `tenantkit-quota --json` on a plan file; its exit status, parsed output and standard error. */
function quotaCli(file: string, ...args: string[]): { code: number; out: QuotaJson; stderr: string } {
    const r = spawnSync(process.execPath, [QUOTA_CLI, "--json", "--mappings", MAPPING, ...args, file], { encoding: "utf8" });
    if (r.status !== 0 && r.status !== 1) throw new Error(`tenantkit-quota exited ${r.status}: ${r.stderr}`);
    return { code: r.status, out: JSON.parse(r.stdout) as QuotaJson, stderr: r.stderr };
}

describeCli("quota preflight under the real engine", (binDir) => {
    const fx = useEmulator();
    const stacks: CliStack[] = [];
    const stackOf = async (name: string, count: number, existing?: number): Promise<CliStack> => {
        const config: StackConfig = { ...emulatorStackConfig(fx.emu.url), "quotaprog:count": String(count) };
        if (existing !== undefined) config["tenantkit:quotaExisting"] = JSON.stringify({ [LIMIT]: { "my-workspace": existing } });
        const s = await CliStack.create(binDir, { projectDir: PROGRAM, stack: name, config });
        stacks.push(s);
        return s;
    };
    afterEach(async () => {
        for (const s of stacks.splice(0)) await s.dispose();
    });

    it("enforceQuotas stops pulumi preview at the dataset that breaks the limit, naming it and the limit", async () => {
        const s = await stackOf("enforce", 3, 998);
        const r = await s.run(["preview", "--config-file", s.configFile]);
        assert.notEqual(r.code, 0, `the preview passed:\n${r.output}`);
        assert.match(r.output, /ds-2.*would exceed a limit/);
        assert.match(r.output, /SQL warehouses/);
        assert.match(r.output, /1 over/);
        assert.doesNotMatch(r.output, /ds-[01].*would exceed/);
    });

    it("enforceQuotas in pulumi up --skip-preview stops before the dataset that breaks the limit: that one is never created", async () => {
        const names = async (): Promise<string[]> => (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.map((d) => d.name);
        const s = await stackOf("skip-preview", 3, 998);
        const r = await s.run(["up", "--yes", "--skip-preview", "--config-file", s.configFile]);
        assert.notEqual(r.code, 0, `the update passed:\n${r.output}`);
        assert.match(
            r.output,
            /ds-2" would exceed a limit: 3 SQL warehouses planned in workspace my-workspace, 998 exist, limit 1000 \(fixed\): 1 over/,
        );
        // ds-0 and ds-1 are within the limit: the engine may create them (registered before ds-2) before the program's error.
        assert.ok(!(await names()).includes("Quota 2"), "the dataset over the limit was created");
    });

    it("tenantkit-quota reads the real pulumi preview --json: counts the planned creates and fails over the limit", async () => {
        const s = await stackOf("plan", 3);
        const r = await s.ok(["preview", "--json", "--config-file", s.configFile]);
        const file = path.join(s.work, "plan.json");
        fs.writeFileSync(file, r.stdout);
        const existing = path.join(s.work, "existing.json");
        fs.writeFileSync(existing, JSON.stringify({ [LIMIT]: { "my-workspace": 998 } }));
        const { code, out, stderr } = quotaCli(file, "--existing", existing);
        assert.equal(code, 1);
        assert.equal(stderr, "", "a new stack's preview has nothing unchanged to leave out");
        assert.equal(out.kind, "preview");
        assert.equal(out.mapped, 3);
        const finding = out.findings.find((f) => f.limit === LIMIT);
        assert.deepEqual(finding && { status: finding.status, scope: finding.scope, planned: finding.planned, total: finding.total }, {
            status: "exceeded",
            scope: "my-workspace",
            planned: 3,
            total: 1001,
        });
    });

    // These read one stack: a preview and an export change nothing, so one up serves them all.
    describe("after up of two datasets", () => {
        const shared = useStackUpOnce((f) =>
            CliStack.create(binDir, {
                projectDir: PROGRAM,
                stack: "after-up",
                config: { ...emulatorStackConfig(f.emu.url), "quotaprog:count": "2" },
            }),
        );

        it("tenantkit-quota reads the real pulumi stack export", async () => {
            assert.equal((await shared.fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name.startsWith("Quota ")).length, 2);
            const exported = path.join(shared.stack.work, "export.json");
            fs.writeFileSync(exported, (await shared.stack.exportState()).text);
            const { code, out } = quotaCli(exported, "--all");
            assert.equal(code, 0);
            assert.equal(out.kind, "export");
            assert.equal(out.findings.find((f) => f.limit === LIMIT)?.planned, 2);
        });

        it("pulumi preview --json --show-sames still counts the datasets the stack has", async () => {
            const s = shared.stack;
            const plan = path.join(s.work, "plan-show-sames.json");
            fs.writeFileSync(plan, (await s.ok(["preview", "--json", "--show-sames", "--config-file", s.configFile])).stdout);
            const { code, out, stderr } = quotaCli(plan, "--all");
            assert.equal(code, 0);
            assert.equal(out.mapped, 2);
            assert.equal(stderr, "");
        });

        it("a preview made without --show-sames (the CLI then leaves out unchanged resources) gets a note saying so", async () => {
            const s = shared.stack;
            const plan = path.join(s.work, "plan-no-sames.json");
            fs.writeFileSync(plan, (await s.ok(["preview", "--json", "--config-file", s.configFile])).stdout);
            const { out, stderr } = quotaCli(plan, "--all");
            assert.equal(out.mapped, 0, "the real CLI lists the unchanged datasets without --show-sames now: drop the note");
            assert.match(stderr, /--show-sames/);
        });
    });
});
