import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { main } from "../../provider/quota/cli";
import { checkPlan } from "../../provider/quota/checkPlan";
import { checkUsage } from "../../provider/quota/check";
import { readPlanFile } from "../../provider/quota/planFile";
import { UNKNOWN_INPUT } from "../../provider/quota/types";

const FIXTURES = path.resolve(__dirname, "..", "fixtures", "quota");
const fixture = (name: string): string => path.join(FIXTURES, name);
const HOST = "adb-1234567890123456.7.azuredatabricks.net";

function run(...argv: string[]): { status: number; out: string; err: string } {
    let out = "";
    let err = "";
    const status = main(
        argv,
        (s) => (out += `${s}\n`),
        (s) => (err += `${s}\n`),
    );
    return { status, out, err };
}

describe("plan files: secrets and order", () => {
    const SIG = "4dabf18193072939515e22adb298388d";
    const SECRET = "1b47061264138c4ac30d75fd1eb44270";
    const step = (name: string, inputs: Record<string, unknown>) => ({
        op: "create",
        urn: `urn:pulumi:dev::p::databricks:index/sqlTable:SqlTable::${name}`,
        newState: {
            urn: `urn:pulumi:dev::p::databricks:index/sqlTable:SqlTable::${name}`,
            type: "databricks:index/sqlTable:SqlTable",
            custom: true,
            inputs,
        },
    });

    it("reads shown secrets as their value and hidden ones as unknown, at any depth, without changing the file's objects", () => {
        const plain = { catalogName: "main", schemaName: "sales", name: "t", columns: [{ name: "id" }] };
        const secretInside = {
            catalogName: { [SIG]: SECRET, value: "main" },
            schemaName: "[secret]",
            name: "u",
            columns: [{ name: { [SIG]: SECRET } }],
        };
        const doc = JSON.parse(JSON.stringify({ steps: [step("a", plain), step("b", secretInside)] })) as {
            steps: Array<{ newState: { inputs: Record<string, unknown> } }>;
        };
        const before = JSON.stringify(doc);
        const [a, b] = readPlanFile(doc).resources;
        assert.equal(a.inputs, doc.steps[0].newState.inputs, "inputs without a secret are read as they are, not copied");
        assert.deepEqual(b.inputs, { catalogName: "main", schemaName: UNKNOWN_INPUT, name: "u", columns: [{ name: UNKNOWN_INPUT }] });
        assert.equal(JSON.stringify(doc), before, "the parsed file is not changed");
    });

    it("keeps an own __proto__ key of the file a key when a secret sits under it", () => {
        const doc = JSON.parse(
            `{"steps":[{"op":"create","urn":"urn:pulumi:dev::p::x:y:Z::a","newState":{"urn":"urn:pulumi:dev::p::x:y:Z::a","type":"x:y:Z","custom":true,"inputs":{"name":"a","__proto__":{"k":"[secret]"}}}}]}`,
        ) as unknown;
        const [r] = readPlanFile(doc).resources;
        assert.equal(Object.getPrototypeOf(r.inputs), Object.prototype);
        assert.deepEqual(Object.getOwnPropertyDescriptor(r.inputs, "__proto__")?.value, { k: UNKNOWN_INPUT });
    });

    it("orders findings exceeded, warning, ok, then by limit id and scope in code-unit order", () => {
        const usage = [
            { limit: "apps/app/workspace", scope: "b", planned: 1 },
            { limit: "apps/app/workspace", scope: "B", planned: 1 },
            { limit: "apps/app/workspace", scope: "a", planned: 200 },
            { limit: "secrets/scopes/workspace", scope: "a", planned: 1 },
            { limit: "apps/app/workspace", scope: "c", planned: 90 },
        ];
        assert.deepEqual(
            checkUsage(usage).map((f) => [f.status, f.limit.id, f.scope]),
            [
                ["exceeded", "apps/app/workspace", "a"],
                ["warning", "apps/app/workspace", "c"],
                ["ok", "apps/app/workspace", "B"],
                ["ok", "apps/app/workspace", "b"],
                ["ok", "secrets/scopes/workspace", "a"],
            ],
        );
    });
});

describe("tenantkit-quota on preview and stack-export JSON", () => {
    it("counts what the stack holds after the plan: same and created, not deleted or read", () => {
        const result = checkPlan(JSON.parse(fs.readFileSync(fixture("preview-warehouses.json"), "utf8")));
        const warehouses = result.findings.find((f) => f.limit.id === "sql-warehouses/total-number/workspace");
        assert.equal(warehouses?.scope, HOST, "the workspace key is the provider's host");
        assert.equal(warehouses?.planned, 12, "bi-0 (same) and bi-1..bi-11 (create); the deleted and the read one are not");
        const jobs = result.findings.filter((f) => f.limit.id.startsWith("jobs/")).map((f) => [f.limit.id, f.planned]);
        assert.deepEqual(
            jobs.sort(),
            [
                ["jobs/created-per-hour/workspace", 1],
                ["jobs/saved-jobs/workspace", 1],
            ],
            "a replaced job is one object, created once",
        );
        const tables = result.findings.find((f) => f.limit.id === "data-catalog/table/schema");
        assert.equal(tables?.scope, null, "a schema unknown during preview has no scope key");
        assert.equal(tables?.unknownScope, 3);
    });

    it("prints the table and exits 1 when a limit is exceeded, with the message to act on", () => {
        const r = run("--existing", fixture("existing.json"), fixture("preview-warehouses.json"));
        assert.equal(r.status, 1, r.err);
        assert.match(r.out, /^preview: \d+ resources, \d+ counted against limits/);
        assert.match(
            r.out,
            /EXCEEDED\s+SQL warehouses: Total number per workspace\s+adb-1234567890123456\.7\.azuredatabricks\.net\s+12\s+995\s+0\s+1007\s+1000\s+7 over\s+yes/,
        );
        assert.match(
            r.out,
            /- 12 SQL warehouses planned in workspace adb-1234567890123456\.7\.azuredatabricks\.net, 995 exist, limit 1000 \(fixed\): 7 over\./,
        );
        assert.match(r.out, /API time: at least .* under the rate limits; slowest: .*\/jobs\/create/);
    });

    it("exits 0 within the limits, listing passing checks with --all", () => {
        const r = run("--all", fixture("preview-warehouses.json"));
        assert.equal(r.status, 0, r.err);
        assert.match(r.out, /OK\s+SQL warehouses: Total number per workspace/);
        assert.match(r.out, /0 exceeded/);
    });

    it("reads a stack export: resources pending deletion are left out, encrypted secrets never read", () => {
        const r = run("--json", fixture("stack-export.json"));
        assert.equal(r.status, 0, r.err);
        const doc = JSON.parse(r.out) as { kind: string; findings: Array<{ limit: string; scope: string; planned: number }> };
        assert.equal(doc.kind, "export");
        assert.deepEqual(
            doc.findings.map((f) => [f.limit, f.scope, f.planned]),
            [["secrets/scopes/workspace", HOST, 40]],
        );
        const over = run("--existing", writeTemp({ "secrets/scopes/workspace": { "*": 961 } }), fixture("stack-export.json"));
        assert.equal(over.status, 1);
        assert.match(over.out, /40 secret scopes planned in workspace .*, 961 exist, limit 1000 \(can be raised through the account team\): 1 over/);
    });

    it("exits 2 on input it cannot read, saying what it expected", () => {
        const notPlan = run(writeTemp({ hello: "world" }));
        assert.equal(notPlan.status, 2);
        assert.match(notPlan.err, /expected the JSON of `pulumi preview --json`/);
        const missing = run(path.join(os.tmpdir(), "no-such-plan.json"));
        assert.equal(missing.status, 2);
        assert.match(missing.err, /cannot read plan .*no-such-plan\.json: ENOENT/);
        assert.match(run("--warn-at").err, /--warn-at needs a value/);
        assert.equal(run("--warn-at", "2", fixture("stack-export.json")).status, 2);
    });

    it("answers --help and -h with the usage on standard output and exit status 0, as the package's bin", () => {
        const bin = path.resolve(__dirname, "..", "..", "bin", "quota", "cli.js");
        for (const flag of ["--help", "-h"]) {
            const r = spawnSync(process.execPath, [bin, flag], { encoding: "utf8" });
            assert.equal(r.status, 0, `${flag}: ${r.stderr}`);
            assert.match(r.stdout, /^usage: tenantkit-quota \[options\] <plan\.json \| ->\n/, flag);
            assert.match(r.stdout, /--existing <file>.*\n[^]*exit status: 0 no limit exceeded, 1 a limit exceeded, 2 bad input\n$/, flag);
            assert.equal(r.stderr, "", flag);
        }
    });

    it("exits 2 on an unknown option with the usage on standard error and nothing on standard output", () => {
        const bin = path.resolve(__dirname, "..", "..", "bin", "quota", "cli.js");
        const r = spawnSync(process.execPath, [bin, "--hepl"], { encoding: "utf8" });
        assert.equal(r.status, 2);
        assert.match(r.stderr, /^tenantkit-quota: unknown option --hepl\nusage: tenantkit-quota /);
        assert.equal(r.stdout, "");
    });

    it("runs as the package's bin from compiled JS, reading the plan from standard input", () => {
        const bin = path.resolve(__dirname, "..", "..", "bin", "quota", "cli.js");
        const r = spawnSync(process.execPath, [bin, "--existing", fixture("existing.json"), "-"], {
            input: fs.readFileSync(fixture("preview-warehouses.json")),
            encoding: "utf8",
        });
        assert.equal(r.status, 1, r.stderr);
        assert.match(r.stdout, /7 over/);
    });
});

function writeTemp(value: unknown): string {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tk-quota-cli-")), "file.json");
    fs.writeFileSync(file, JSON.stringify(value));
    return file;
}
