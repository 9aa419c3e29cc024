/**
 * The quota policy pack (policy/, issue 19) over Databricks programs under the real CLI: a TypeScript program of the
 * real @pulumi/databricks SDK (test/fixtures/programs/quota-databricks) and the Pulumi YAML example
 * (examples/quota-preflight/yaml), neither with any quota code, each previewed with
 * `pulumi preview --policy-pack policy --policy-pack-config <file>`. The Databricks resource plugin is the stand-in of
 * harness/plugins/databricks (the real one cannot be built here): the engine, the YAML language host, the SDK's
 * type tokens and inputs and the pack are the real ones.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { CliStack, describeCli, ROOT, withDatabricksStandIn, type CliResult } from "./pulumi";

const PACK = path.join(ROOT, "policy");
const TS_PROGRAM = path.join(ROOT, "test", "fixtures", "programs", "quota-databricks");
const YAML_EXAMPLE = path.join(ROOT, "examples", "quota-preflight", "yaml");
const WAREHOUSES = "sql-warehouses/total-number/workspace"; // 1,000 per workspace
const TABLES = "data-catalog/table/schema"; // 10,000 per schema
const HOST = "adb-1234567890123456.7.azuredatabricks.net";

/** The pack's settings, given to both of its policies as `--policy-pack-config` expects. */
interface Settings {
    existing?: Record<string, Record<string, number>>;
    warnAt?: number;
}

describeCli("quota policy pack over Databricks programs under the real CLI", (binDir) => {
    const stacks: CliStack[] = [];
    afterEach(async () => {
        for (const s of stacks.splice(0)) await s.dispose();
    });

    const preview = async (projectDir: string, name: string, settings: Settings, config: Record<string, string> = {}): Promise<CliResult> => {
        const s = await CliStack.create(binDir, { projectDir, stack: name, config, env: withDatabricksStandIn(binDir) });
        stacks.push(s);
        const file = path.join(s.work, "quota-policy.json");
        fs.writeFileSync(file, JSON.stringify({ "quota-limits": settings, "quota-warnings": settings }));
        return s.run(["preview", "--config-file", s.configFile, "--policy-pack", PACK, "--policy-pack-config", file]);
    };
    const warehouses = (existing: number): Settings["existing"] => ({ [WAREHOUSES]: { [HOST]: existing } });

    describe("a TypeScript program of @pulumi/databricks resources", () => {
        const previewTs = (name: string, count: number, settings: Settings): Promise<CliResult> =>
            preview(TS_PROGRAM, name, settings, { "quotadatabricks:warehouses": String(count) });

        it("fails the preview over a limit with the mandatory violation naming the workspace and the numbers", async () => {
            const r = await previewTs("over", 12, { existing: warehouses(995) });
            assert.notEqual(r.code, 0, `the preview passed:\n${r.output}`);
            assert.match(r.output, /using pulumi-resource-databricks from \$PATH/); // the stand-in, not a plugin of the cache
            assert.match(r.output, /\[mandatory\]\s+quota-limits\s+\(pulumi:pulumi:Stack: quotadatabricks-over\)/);
            assert.match(
                r.output,
                /12 SQL warehouses planned in workspace adb-1234567890123456\.7\.azuredatabricks\.net, 995 exist, limit 1000 \(fixed\): 7 over\. The limit is fixed: remove 7 from the plan or delete 7 that exist\./,
            );
        });

        it("passes exactly at the limit, with the advisory warning at 100%", async () => {
            const r = await previewTs("at", 5, { existing: warehouses(995) });
            assert.equal(r.code, 0, r.output);
            assert.doesNotMatch(r.output, /\[mandatory\]/);
            assert.match(r.output, /\[advisory\]\s+quota-warnings/);
            assert.match(r.output, /5 SQL warehouses planned in workspace adb-\S+, 995 exist, limit 1000 \(fixed\): 100% used/);
        });

        it("warns from warnAt, and not below it", async () => {
            const warned = await previewTs("warn", 2, { existing: warehouses(898), warnAt: 0.9 });
            assert.equal(warned.code, 0, warned.output);
            assert.match(warned.output, /2 SQL warehouses planned in workspace adb-\S+, 898 exist, limit 1000 \(fixed\): 90% used/);
            const quiet = await previewTs("quiet", 2, { existing: warehouses(897), warnAt: 0.9 });
            assert.equal(quiet.code, 0, quiet.output);
            assert.doesNotMatch(quiet.output, /SQL warehouses planned/);
        });

        it("counts a table whose schema is unknown during preview in every schema it could be in (the worst case)", async () => {
            // The table's schema name comes from the schema's id, which the engine sends the pack as unknown.
            const r = await previewTs("unknown", 1, { existing: { [TABLES]: { "analytics.other": 10_000, "*": 10 } } });
            assert.notEqual(r.code, 0, `the preview passed:\n${r.output}`);
            assert.match(
                r.output,
                /0 tables planned in schema analytics\.other, 10000 exist, 1 more whose schema is not known until apply \(counted here as the worst case\), limit 10000 \(can be raised through the account team\): 1 over/,
            );
            assert.match(r.output, /Make the schema known at preview/);
        });
    });

    describe("the Pulumi YAML example (examples/quota-preflight/yaml)", () => {
        it("fails the preview over a limit with the mandatory violation", async () => {
            const r = await preview(YAML_EXAMPLE, "over", { existing: warehouses(998) });
            assert.notEqual(r.code, 0, `the preview passed:\n${r.output}`);
            assert.match(r.output, /\[mandatory\]\s+quota-limits/);
            assert.match(r.output, /3 SQL warehouses planned in workspace adb-\S+, 998 exist, limit 1000 \(fixed\): 1 over/);
        });

        it("passes exactly at the limit, with the advisory warning and the plan's minimum API time", async () => {
            const r = await preview(YAML_EXAMPLE, "at", { existing: warehouses(997) });
            assert.equal(r.code, 0, r.output);
            assert.doesNotMatch(r.output, /\[mandatory\]/);
            assert.match(r.output, /3 SQL warehouses planned in workspace adb-\S+, 997 exist, limit 1000 \(fixed\): 100% used/);
            assert.match(
                r.output,
                /API time: at least 0\.1 s under the rate limits; slowest: 1 call of \/jobs\/create in workspace adb-\S+ at 20 per second/,
            );
        });

        it("warns from warnAt, and not below it", async () => {
            const warned = await preview(YAML_EXAMPLE, "warn", { existing: warehouses(897), warnAt: 0.9 });
            assert.equal(warned.code, 0, warned.output);
            assert.match(warned.output, /3 SQL warehouses planned in workspace adb-\S+, 897 exist, limit 1000 \(fixed\): 90% used/);
            const quiet = await preview(YAML_EXAMPLE, "quiet", { existing: warehouses(896), warnAt: 0.9 });
            assert.equal(quiet.code, 0, quiet.output);
            assert.doesNotMatch(quiet.output, /SQL warehouses planned/);
        });
    });
});
