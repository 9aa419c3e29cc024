/**
 * The policy pack's counting (provider/quota/policyPack.ts) on resources as @pulumi/policy passes them to a stack
 * policy: the same findings as tenantkit-quota, unknown values read through the policy SDK's proxy without tripping it.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { plannedFromPolicy, quotaPolicyReport, type PolicyResourceLike } from "../../provider/quota/policyPack";
import { UNKNOWN_INPUT } from "../../provider/quota/types";

const HOST = "https://adb-1.azuredatabricks.net";
const provider = { name: "ws1", props: { host: HOST } };

/** `count` SQL warehouses of one workspace, as a stack policy receives them. */
function warehouses(count: number): PolicyResourceLike[] {
    return Array.from({ length: count }, (_, i) => ({
        type: "databricks:index/sqlEndpoint:SqlEndpoint",
        name: `wh${i}`,
        urn: `urn:pulumi:dev::p::databricks:index/sqlEndpoint:SqlEndpoint::wh${i}`,
        props: { name: `wh${i}`, clusterSize: "2X-Small" },
        provider,
    }));
}

/** What @pulumi/policy's unknownCheckingProxy does: reading an unknown member throws. */
function strictProxy(target: Record<string, unknown>): Record<string, unknown> {
    return new Proxy(target, {
        get(obj, prop) {
            if (prop === "__getSpecialProxyTarget") return obj;
            const v = obj[prop as string];
            if (v === "04da6b54-80e4-46f7-96ec-b56ff0331ba9") throw new Error(`unknown value at ${String(prop)}`);
            return v;
        },
    });
}

describe("quota policy pack: counting the stack's resources", () => {
    it("reports an exceeded limit with the resource, the numbers and how far over", () => {
        const report = quotaPolicyReport(warehouses(12), {
            existing: { "sql-warehouses/total-number/workspace": { "adb-1.azuredatabricks.net": 995 } },
        });
        assert.deepEqual(report.exceeded, [
            "12 SQL warehouses planned in workspace adb-1.azuredatabricks.net, 995 exist, limit 1000 (fixed): 7 over. " +
                "The limit is fixed: remove 7 from the plan or delete 7 that exist.",
        ]);
    });

    it("passes at exactly the limit, with a warning from warnAt", () => {
        const report = quotaPolicyReport(warehouses(5), { existing: { "sql-warehouses/total-number/workspace": { "*": 995 } } });
        assert.deepEqual(report.exceeded, []);
        assert.equal(report.advisories.filter((m) => /SQL warehouses/.test(m)).length, 1);
    });

    it("says nothing below warnAt but the plan's API time", () => {
        const report = quotaPolicyReport(warehouses(2), { warnAt: 0.9 });
        assert.deepEqual(report.exceeded, []);
        assert.deepEqual(
            report.advisories.filter((m) => !/^API time/.test(m)),
            [],
        );
    });

    it("reads an unknown input through the proxy as unknown, without the proxy's error", () => {
        const [planned] = plannedFromPolicy([
            {
                type: "databricks:index/sqlEndpoint:SqlEndpoint",
                name: "wh",
                urn: "urn:x",
                props: strictProxy({ name: "04da6b54-80e4-46f7-96ec-b56ff0331ba9", tags: { custom: "6a19a0b0-7e62-4c92-b797-7f8e31da9cc2" } }),
                provider: { name: "ws", props: strictProxy({ host: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" }) },
            },
        ]);
        assert.deepEqual(planned!.inputs, { name: UNKNOWN_INPUT, tags: { custom: UNKNOWN_INPUT } });
        assert.deepEqual(planned!.provider, { name: "ws", inputs: { host: UNKNOWN_INPUT } });
    });

    it("keys a workspace whose host is unknown during preview by its provider, as enforceQuotas does", () => {
        const unknownHost = { name: "later", props: { host: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" } };
        const resources = [...warehouses(3), ...warehouses(2).map((r) => ({ ...r, provider: unknownHost }))];
        const report = quotaPolicyReport(resources, { existing: { "sql-warehouses/total-number/workspace": { "*": 996 } } });
        assert.deepEqual(report.exceeded, []);
        assert.deepEqual(report.advisories, [
            "2 SQL warehouses planned in workspace (provider later), 996 exist, limit 1000 (fixed): 99% used",
            "3 SQL warehouses planned in workspace adb-1.azuredatabricks.net, 996 exist, limit 1000 (fixed): 99% used",
        ]);
    });

    it("uses the mappings of the module the config names, resolved from the working directory", () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quota-policy-"));
        try {
            fs.writeFileSync(
                path.join(dir, "mappings.js"),
                `exports.mappings = [{ type: "acme:index:Widget", uses: (r) => [{ limit: "sql-warehouses/total-number/workspace", scope: "acme", amount: 600 }] }];`,
            );
            const widgets: PolicyResourceLike[] = [1, 2].map((i) => ({ type: "acme:index:Widget", name: `w${i}`, urn: `urn:w${i}`, props: {} }));
            const report = quotaPolicyReport(widgets, { mappingsModule: "mappings.js", defaultMappings: false }, dir);
            assert.equal(report.exceeded.length, 1);
            assert.match(report.exceeded[0]!, /1200/);
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
