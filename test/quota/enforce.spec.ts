/**
 * quota.enforceQuotas in a real program (examples/quota-preflight, `@pulumi/databricks` resources) run through
 * the lifecycle runner: no Databricks is needed, since a preview of another provider's resources only passes
 * their inputs through, and the quota transform acts before anything reaches the engine.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import * as util from "node:util";
import * as pulumi from "@pulumi/pulumi";
import { QuotaExceededError } from "../../provider/quota/enforce";
import type { Finding } from "../../provider/quota/types";
import { LifecycleRunner, type RunResult } from "../../harness/lifecycle";
import { useStateDir } from "../support/stacks";

const PROGRAM = path.resolve(__dirname, "..", "..", "examples", "quota-preflight", "index.ts");
const PROJECT = "tenantkit-quota-preflight";
const HOST = "adb-1234567890123456.7.azuredatabricks.net";

const created = (r: RunResult): string[] => r.steps.filter((s) => s.op === "create").map((s) => s.name);

/** Captures what the program logs (the SDK writes `pulumi.log` to the console when no engine is attached). */
async function capturingLogs<T>(run: () => Promise<T>): Promise<{ result: T; logs: string }> {
    const original = { warn: console.warn, error: console.error, log: console.log };
    let logs = "";
    const capture = (...args: unknown[]): void => {
        logs += `${args.map(String).join(" ")}\n`;
    };
    console.warn = capture;
    console.error = capture;
    console.log = capture;
    try {
        return { result: await run(), logs };
    } finally {
        Object.assign(console, original);
    }
}

describe("quota.enforceQuotas: a Databricks plan through the lifecycle runner", function () {
    this.timeout(60_000);
    const states = useStateDir("tk-quota-");

    const runner = (config: Record<string, string>): LifecycleRunner =>
        new LifecycleRunner({
            programPath: PROGRAM,
            statePath: states.statePath("dev"),
            project: PROJECT,
            config: Object.fromEntries(Object.entries(config).map(([k, v]) => [k.includes(":") ? k : `${PROJECT}:${k}`, v])),
        });

    it("previews a plan within every limit: all resources planned, no error", async () => {
        const result = await runner({}).preview();
        assert.deepEqual(result.errors, []);
        assert.deepEqual(
            created(result).filter((n) => /^(bi|orders)-/.test(n)),
            ["bi-0", "bi-1", "orders-0", "orders-1", "orders-2"],
        );
        assert.ok(created(result).includes("docs"));
    });

    it("stops at the registration that breaks a workspace limit, with the message, and plans nothing after it", async () => {
        const existing = JSON.stringify({ "sql-warehouses/total-number/workspace": { [HOST]: 999 } });
        const result = await runner({ warehouses: "3", "tenantkit:quotaExisting": existing }).preview();
        const message = result.errors.map((e) => e.message).join("\n");
        assert.match(message, /databricks:index\/sqlEndpoint:SqlEndpoint "bi-1" would exceed a limit/);
        assert.match(
            message,
            new RegExp(`2 SQL warehouses planned in workspace ${HOST.replace(/\./g, "\\.")}, 999 exist, limit 1000 \\(fixed\\): 1 over`),
        );
        assert.deepEqual(
            created(result).filter((n) => n.startsWith("bi-")),
            ["bi-0"],
            "bi-1 never reached the engine",
        );
        assert.ok(!created(result).includes("analytics"), "the program stopped at bi-1");
    });

    it("judges a scope taken from other resources' outputs once they resolve (tables in analytics.sales)", async () => {
        const existing = JSON.stringify({ "data-catalog/table/schema": { "analytics.sales": 9998 } });
        const result = await runner({ tables: "3", "tenantkit:quotaExisting": existing }).preview();
        const message = result.errors.map((e) => e.message).join("\n");
        assert.match(
            message,
            /SqlTable "orders-2" would exceed a limit: 3 tables planned in schema analytics\.sales, 9998 exist, limit 10000 \(can be raised through the account team\): 1 over/,
        );
        assert.deepEqual(
            created(result).filter((n) => n.startsWith("orders-")),
            ["orders-0", "orders-1"],
            "orders-2 was never registered",
        );
    });

    it("fails on a bound of the object itself: an embedding dimension above 4096", async () => {
        const result = await runner({ embeddingDimension: "8192" }).preview();
        assert.match(
            result.errors.map((e) => e.message).join("\n"),
            /VectorSearchIndex "docs" would exceed a limit: 8192 .* planned in index analytics\.sales\.docs_index, 0 exist, limit 4096/,
        );
    });

    it("counts an IP access list by its CIDR entries", async () => {
        const cidrs = JSON.stringify(Array.from({ length: 1001 }, (_, i) => `10.${Math.floor(i / 250)}.${i % 250}.0/24`));
        const result = await runner({ officeCidrs: cidrs }).preview();
        assert.match(
            result.errors.map((e) => e.message).join("\n"),
            /IpAccessList "office" would exceed a limit: 1001 .* planned in workspace .*limit 1000 \(fixed\): 1 over/,
        );
    });

    it("logs a warning once when a scope crosses warnAt, and still plans everything", async () => {
        const existing = JSON.stringify({ "sql-warehouses/total-number/workspace": { [HOST]: 797 } });
        const { result, logs } = await capturingLogs(() => runner({ warehouses: "5", "tenantkit:quotaExisting": existing }).preview());
        assert.deepEqual(result.errors, []);
        const warnings = logs.split("\n").filter((l) => /quota: .*SQL warehouses/.test(l));
        assert.equal(warnings.length, 1, logs);
        assert.match(warnings[0], /3 SQL warehouses planned in workspace .*, 797 exist, limit 1000 \(fixed\): 80% used/);
    });
});

describe("quota.enforceQuotas: providers, scopes and users' own mappings", function () {
    this.timeout(60_000);
    const states = useStateDir("tk-quota-scopes-");
    const PROGRAM_PATH = path.resolve(__dirname, "..", "fixtures", "quota", "program", "index.ts");
    const run = (config: Record<string, string>): Promise<RunResult> =>
        new LifecycleRunner({ programPath: PROGRAM_PATH, statePath: states.statePath("dev"), project: "quotafx", config }).preview();
    const appsFull = (scope: string, n: number): string => JSON.stringify({ "apps/app/workspace": { [scope]: n } });

    it("takes the workspace of a child from the providers of its component parent", async () => {
        const result = await run({ "quotafx:blueApps": "3", "tenantkit:quotaExisting": appsFull("adb-2222.2.azuredatabricks.net", 98) });
        assert.match(
            result.errors.map((e) => e.message).join("\n"),
            /App "blue-app-2" would exceed a limit: 3 apps planned in workspace adb-2222\.2\.azuredatabricks\.net, 98 exist/,
        );
    });

    it("takes the default provider's workspace from stack config databricks:host", async () => {
        const config = {
            "databricks:host": "https://adb-3333.3.azuredatabricks.net",
            "quotafx:defaultApps": "2",
            "tenantkit:quotaExisting": appsFull("adb-3333.3.azuredatabricks.net", 99),
        };
        const result = await run(config);
        assert.match(
            result.errors.map((e) => e.message).join("\n"),
            /App "default-app-1" would exceed a limit: 2 apps planned in workspace adb-3333\.3\.azuredatabricks\.net, 99 exist/,
        );
        const fine = await run({ ...config, "quotafx:blueApps": "1", "tenantkit:quotaExisting": appsFull("adb-2222.2.azuredatabricks.net", 99) });
        assert.deepEqual(fine.errors, [], "two workspaces are two scopes");
    });

    it("a broken limit's error is a RunError with no stack frames, so the SDK's coloured formatting of it returns its message", () => {
        // The SDK formats every uncaught error with util.inspect(err, { colors: true }), and Node loops in that call on
        // the frame `node_modules/@pulumi/resource.ts:475:26` that an error thrown in a resource's constructor has
        // (nodejs/node#64011): a quota preview took half a minute of CPU before it failed.
        const finding = { message: "3 SQL warehouses planned in workspace w, 998 exist, limit 1000 (fixed): 1 over." } as Finding;
        const err = new QuotaExceededError(finding, 'databricks:index/sqlEndpoint:SqlEndpoint "bi-1"', {} as pulumi.Resource);
        assert.ok(pulumi.RunError.isInstance(err));
        assert.equal(err.name, "QuotaExceededError");
        assert.equal(err.stack, `QuotaExceededError: ${err.message}`);
        assert.match(util.inspect(err, { colors: true }), /SqlEndpoint "bi-1" would exceed a limit: 3 SQL warehouses/);
    });

    it("refuses a second enforceQuotas in one program, which would count everything twice", async () => {
        const result = await run({ "quotafx:enforceTwice": "true" });
        assert.match(result.errors.map((e) => e.message).join("\n"), /enforceQuotas was already called in this program/);
    });

    it("counts a type of the user's own mapping", async () => {
        const result = await run({ "quotafx:widgets": "3", "tenantkit:quotaExisting": appsFull("adb-2222.2.azuredatabricks.net", 96) });
        assert.match(
            result.errors.map((e) => e.message).join("\n"),
            /myco:index:Widget "widget-2" would exceed a limit: 5 apps planned in workspace adb-2222\.2\.azuredatabricks\.net, 96 exist/,
        );
    });
});

describe("quota.enforceQuotas: a scope not known until apply", function () {
    this.timeout(60_000);
    const states = useStateDir("tk-quota-unknown-");
    const PROGRAM_PATH = path.resolve(__dirname, "..", "fixtures", "quota", "program", "index.ts");

    it("counts tables whose schema is a computed output against the fullest schema, and says how to avoid it", async () => {
        const config = {
            "quotafx:unknownSchemaTables": "2",
            "tenantkit:quotaExisting": JSON.stringify({ "data-catalog/table/schema": { "main.known": 9999 } }),
        };
        const result = await new LifecycleRunner({
            programPath: PROGRAM_PATH,
            statePath: states.statePath("dev"),
            project: "quotafx",
            config,
        }).preview();
        const message = result.errors.map((e) => e.message).join("\n");
        assert.match(
            message,
            /SqlTable "unknown-1" would exceed a limit: 0 tables planned in schema main\.known, 9999 exist, 2 more whose schema is not known until apply \(counted here as the worst case\), limit 10000/,
        );
        assert.match(message, /Make the schema known at preview/);
    });

    it("judges a table whose columns hold outputs in its constructor: only the count of columns is read", async () => {
        const config = {
            "quotafx:commentedTables": "2",
            "tenantkit:quotaExisting": JSON.stringify({ "data-catalog/table/schema": { "main.known": 9999 } }),
        };
        const result = await new LifecycleRunner({
            programPath: PROGRAM_PATH,
            statePath: states.statePath("dev"),
            project: "quotafx",
            config,
        }).preview();
        assert.match(
            result.errors.map((e) => e.message).join("\n"),
            /SqlTable "commented-1" would exceed a limit: 2 tables planned in schema main\.known, 9999 exist, limit 10000/,
        );
        const created = result.steps.filter((st) => st.op === "create").map((st) => st.name);
        assert.ok(created.includes("commented-0") && !created.includes("commented-1"), created.join(", "));
        // Had commented-1 waited for its column's comment, the program would have gone on past it.
        assert.ok(!created.includes("after-tables"), "the program stopped at commented-1's constructor");
    });
});
