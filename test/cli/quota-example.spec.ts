/**
 * examples/quota-preflight/index.ts, as a user runs it, under the real CLI: `enforceQuotas` in the program stops
 * `pulumi preview` at the registration that breaks a limit, and `tenantkit-quota` reads the real `pulumi preview --json`
 * of the same Databricks plan. The Databricks resource plugin is the stand-in of harness/plugins/databricks
 * (previews only; the real plugin cannot be built here), so `up` and `stack export` of Databricks resources stay
 * unproven under the engine: test/cli/quota.spec.ts proves them on tenantkit's own datasets.
 */
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { CliStack, describeCli, ROOT, withDatabricksStandIn } from "./pulumi";

const EXAMPLE = path.join(ROOT, "examples", "quota-preflight");
const QUOTA_CLI = path.join(ROOT, "bin", "quota", "cli.js");
const WAREHOUSES = "sql-warehouses/total-number/workspace";
const HOST = "adb-1234567890123456.7.azuredatabricks.net";

describeCli("examples/quota-preflight under the real CLI", (binDir) => {
    const stacks: CliStack[] = [];
    afterEach(async () => {
        for (const s of stacks.splice(0)) await s.dispose();
    });
    /** The example's stack with `warehouses` SQL warehouses and `existing` counted outside it (`tenantkit:quotaExisting`). */
    const exampleStack = async (name: string, warehouses: number, existing: number): Promise<CliStack> => {
        const config = {
            "tenantkit-quota-preflight:warehouses": String(warehouses),
            "tenantkit:quotaExisting": JSON.stringify({ [WAREHOUSES]: { [HOST]: existing } }),
        };
        const s = await CliStack.create(binDir, { projectDir: EXAMPLE, stack: name, config, env: withDatabricksStandIn(binDir) });
        stacks.push(s);
        return s;
    };

    it("enforceQuotas stops pulumi preview at the SQL warehouse that breaks the workspace's limit", async () => {
        const s = await exampleStack("over", 6, 995);
        const r = await s.run(["preview", "--config-file", s.configFile]);
        assert.notEqual(r.code, 0, `the preview passed:\n${r.output}`);
        assert.match(r.output, /bi-5.*would exceed a limit/);
        assert.match(
            r.output,
            /6 SQL warehouses planned in workspace adb-1234567890123456\.7\.azuredatabricks\.net, 995 exist, limit 1000 \(fixed\): 1 over/,
        );
        assert.doesNotMatch(r.output, /bi-[0-4]\b.*would exceed/);
    });

    it("previews up to exactly the limit, warning once, at the registration that crosses warnAt (0.8 in the example)", async () => {
        const s = await exampleStack("within", 5, 995);
        const r = await s.run(["preview", "--config-file", s.configFile]);
        assert.equal(r.code, 0, r.output);
        assert.match(
            r.output,
            /databricks:index:SqlEndpoint \(bi-0\):\n\s+warning: quota: 1 SQL warehouse planned in workspace adb-\S+, 995 exist, limit 1000 \(fixed\): 99% used/,
        );
        assert.equal(r.output.match(/warning: quota:/g)?.length, 2, "one warning, shown in the progress and in the diagnostics");
    });

    it("tenantkit-quota reads the real pulumi preview --json of the example and fails over the limit", async () => {
        const s = await exampleStack("plan", 2, 0);
        const r = await s.ok(["preview", "--json", "--config-file", s.configFile]);
        const plan = path.join(s.work, "plan.json");
        fs.writeFileSync(plan, r.stdout);
        const existing = path.join(s.work, "existing.json");
        fs.writeFileSync(existing, JSON.stringify({ [WAREHOUSES]: { [HOST]: 999 } }));
        const cli = spawnSync(process.execPath, [QUOTA_CLI, "--existing", existing, plan], { encoding: "utf8" });
        assert.equal(cli.status, 1, cli.stdout + cli.stderr);
        assert.match(cli.stdout, /2 SQL warehouses planned in workspace adb-\S+, 999 exist, limit 1000 \(fixed\): 1 over/);
    });
});
