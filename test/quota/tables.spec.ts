import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { LIMIT_IDS, limitById, resourceLimits } from "../../provider/quota/limits";
import { quotaIds, rateLimits, rateLimitsFor } from "../../provider/quota/rateLimits";
import type { RateLimit, ResourceLimit } from "../../provider/quota/types";

// The package ships without the spec; this test is what keeps the hand-written tables equal to it (the spec's
// "Limits" section, kept verbatim as a fixture).
const SPEC = path.resolve(__dirname, "../fixtures/spec/limits.md");

/** The body rows of the markdown table under `heading`, as trimmed cells (header and separator dropped). */
function tableRows(markdown: string, heading: string): string[][] {
    const lines = markdown.split(/\r?\n/);
    const start = lines.indexOf(heading);
    assert.ok(start >= 0, `heading "${heading}" not found in the spec`);
    let i = start + 1;
    while (i < lines.length && !lines[i].startsWith("|")) i++;
    const rows: string[][] = [];
    for (; i < lines.length && lines[i].trim() !== ""; i++)
        rows.push(
            lines[i]
                .trim()
                .slice(1, -1)
                .split("|")
                .map((c) => c.trim()),
        );
    return rows.slice(2);
}

const UNIT_WORDS: Record<string, string> = {
    "": "count",
    MB: "MB",
    KB: "KB",
    bytes: "bytes",
    characters: "characters",
    elements: "elements",
    "queries per second": "queries per second",
    "words or 2-byte characters": "words or 2-byte characters",
    // The spec's own typo, kept in limitText; the unit is gigabits per second.
    "Gpbs (as given)": "Gbps",
    // Provisioned concurrency: a count, allowed once per endpoint and once per model.
    "per endpoint and per model": "count",
};

/** Every difference between the spec's resource limits rows and `limits`. */
function resourceRowProblems(rows: string[][], limits: readonly ResourceLimit[]): string[] {
    const problems: string[] = [];
    if (rows.length !== limits.length) problems.push(`${rows.length} rows in the spec, ${limits.length} entries`);
    rows.forEach(([resource, metric, limitText, scopeCell, fixed, notes], index) => {
        const name = `row ${index + 1} (${resource} / ${metric} / ${scopeCell})`;
        const found = limits.filter(
            (l) => l.resource === resource && l.metric === metric && l.scope + (l.byRegion ? " [by region]" : "") === scopeCell,
        );
        if (found.length !== 1) return problems.push(`${name}: ${found.length} entries`);
        const l = found[0];
        if (limits.indexOf(l) !== index) problems.push(`${name}: at position ${limits.indexOf(l) + 1}`);
        if (l.limitText !== limitText) problems.push(`${name}: limitText "${l.limitText}", spec "${limitText}"`);
        if (l.fixed !== (fixed === "Yes")) problems.push(`${name}: fixed ${l.fixed}, spec "${fixed}"`);
        if ((l.notes ?? "") !== notes) problems.push(`${name}: notes "${l.notes}", spec "${notes}"`);
        problems.push(...limitValueProblems(name, limitText, l));
        return undefined;
    });
    return problems;
}

function limitValueProblems(name: string, text: string, l: ResourceLimit): string[] {
    // "1M" and "500k" are multipliers; the M of "500 MB" is a unit.
    const number = /^(\d+)(?:([kM])(?![A-Za-z]))?\s*(.*)$/.exec(text);
    const dimension = [...text.matchAll(/about ([\d,]+) at (?:dimension )?(\d+)/g)];
    if (dimension.length > 0) {
        const points = dimension.map((m) => ({ dimension: Number(m[2]), value: Number(m[1].replace(/,/g, "")) }));
        if (l.limit.kind !== "byDimension") return [`${name}: not by dimension`];
        return JSON.stringify(l.limit.points) === JSON.stringify(points) ? [] : [`${name}: points ${JSON.stringify(l.limit.points)}`];
    }
    if (number) {
        const value = Number(number[1]) * (number[2] === "k" ? 1_000 : number[2] === "M" ? 1_000_000 : 1);
        const unit = UNIT_WORDS[number[3]];
        if (unit === undefined) return [`${name}: the test knows no unit "${number[3]}"`];
        if (l.limit.kind !== "number" || l.limit.value !== value || l.limit.unit !== unit) {
            return [`${name}: limit ${JSON.stringify(l.limit)}, spec ${value} ${unit}`];
        }
        return [];
    }
    return l.limit.kind === "reference" && l.limit.reference === text ? [] : [`${name}: limit ${JSON.stringify(l.limit)}, spec "${text}"`];
}

/** The operations a rate-limit cell names, short forms ("/ml/webhooks/create, get") written out in full. */
function operationsOf(cell: string): string[] {
    const items = cell
        .replace(/\s*\(.*\)$/, "")
        .replace(/ combined$/, "")
        .split(/, | and /);
    const base = items[0].slice(0, items[0].lastIndexOf("/") + 1);
    return items.map((item) => (item.startsWith("/") || /^[A-Z]+$/.test(item) || item === "all requests" ? item : base + item));
}

/** Every difference between the spec's API rate limits rows and `entries`. */
function rateRowProblems(rows: string[][], entries: readonly RateLimit[]): string[] {
    const problems: string[] = [];
    const sources = new Set(entries.map((e) => JSON.stringify(e.source)));
    if (sources.size !== rows.length) problems.push(`${rows.length} rows in the spec, ${sources.size} distinct source rows`);
    const quotaRows = new Map<string, number>();
    rows.forEach(([api, operation, limit, scope, fixed], index) => {
        const name = `row ${index + 1} (${api} / ${operation} / ${scope})`;
        const mine = entries.filter((e) => JSON.stringify(e.source) === JSON.stringify({ api, operation, limit, scope, fixed }));
        if (mine.length === 0) return problems.push(`${name}: no entry has these cells`);
        const rate = /^(\d+) per (second|minute)( each)?$/.exec(limit);
        if (!rate) return problems.push(`${name}: the test cannot read the limit "${limit}"`);
        for (const e of mine) {
            if (e.api !== api || e.scope !== scope || e.limit !== Number(rate[1]) || e.per !== rate[2] || e.fixed !== (fixed === "Yes")) {
                problems.push(`${name}: entry ${e.operation} has ${e.limit} per ${e.per}, fixed ${e.fixed}`);
            }
            const last = e.operation.split("/").pop() ?? "";
            if (!operation.includes(last)) problems.push(`${name}: "${last}" of ${e.operation} is not in the cell`);
            const otherRow = quotaRows.get(e.quota);
            if (otherRow !== undefined && otherRow !== index) problems.push(`${name}: quota ${e.quota} also used by row ${otherRow + 1}`);
            quotaRows.set(e.quota, index);
        }
        const ops = mine.map((e) => e.operation);
        if (JSON.stringify(ops) !== JSON.stringify(operationsOf(operation))) problems.push(`${name}: operations ${ops.join(" ")}`);
        const quotas = new Set(mine.map((e) => e.quota)).size;
        if (rate[3] && quotas !== mine.length) problems.push(`${name}: "each" but ${quotas} quotas for ${mine.length} operations`);
        if (!rate[3] && quotas !== 1) problems.push(`${name}: ${quotas} quotas where the row has one`);
        const sharing = !rate[3] && mine.length > 1 && !/shared|combined/.test(operation) ? "assumed" : "stated";
        if (mine.some((e) => e.sharing !== sharing)) problems.push(`${name}: sharing should be ${sharing}`);
        return undefined;
    });
    return problems;
}

const spec = readFileSync(SPEC, "utf8");
const resourceRows = tableRows(spec, "### Resource limits");
const rateRows = tableRows(spec, "### API rate limits");

describe("quota tables against the spec", () => {
    it("has every resource limits row once, in order, with the spec's cells and values", () => {
        assert.ok(resourceRows.length > 90, `only ${resourceRows.length} rows parsed from the spec`);
        assert.deepEqual(resourceRowProblems(resourceRows, resourceLimits), []);
        assert.equal(resourceLimits.length, resourceRows.length);
    });

    it("has every API rate limits row expanded to its operations with the spec's limit, period and scope", () => {
        assert.ok(rateRows.length > 40, `only ${rateRows.length} rows parsed from the spec`);
        assert.deepEqual(rateRowProblems(rateRows, rateLimits), []);
    });

    it("reports a changed cell, a missing row and an extra row, so the drift check is not vacuous", () => {
        const changed = resourceRows.map((r) => [...r]);
        const sql = changed.findIndex((r) => r[0] === "SQL warehouses");
        changed[sql][2] = "1001";
        assert.ok(resourceRowProblems(changed, resourceLimits).some((p) => p.includes("SQL warehouses") && p.includes("1001")));
        changed[sql][2] = "1000";
        changed[sql][4] = "No";
        assert.ok(resourceRowProblems(changed, resourceLimits).some((p) => p.includes("SQL warehouses") && p.includes("fixed")));
        assert.ok(resourceRowProblems(resourceRows.slice(1), resourceLimits).some((p) => p.includes("rows in the spec")));

        const rate = rateRows.map((r) => [...r]);
        const jobs = rate.findIndex((r) => r[1].startsWith("/jobs/create"));
        rate[jobs][2] = "25 per second each";
        assert.ok(rateRowProblems(rate, rateLimits).some((p) => p.includes("/jobs/create") && p.includes("no entry")));
        const entries = rateLimits.map((e) => (e.operation === "/jobs/get" ? { ...e, limit: 25 } : e));
        assert.ok(rateRowProblems(rateRows, entries).some((p) => p.includes("/jobs/get has 25 per second")));
        const merged = rateLimits.map((e) => (e.operation === "/jobs/get" ? { ...e, quota: "Jobs API|Workspace|/jobs/create" } : e));
        assert.ok(rateRowProblems(rateRows, merged).some((p) => p.includes('"each" but 6 quotas for 7 operations')));
        assert.ok(rateRowProblems([...rateRows, ["X API", "/x", "1 per second", "Workspace", "Yes"]], rateLimits).some((p) => p.includes("X API")));
    });
});

describe("quota.resourceLimits", () => {
    it("gives every row a unique slug id of resource, metric and scope", () => {
        assert.equal(new Set(LIMIT_IDS).size, resourceLimits.length);
        for (const id of LIMIT_IDS) assert.match(id, /^[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*){2}$/);
        for (const id of [
            "sql-warehouses/total-number/workspace",
            "data-catalog/table/schema",
            "cidr-notation/ip-access/account",
            "network-connectivity-configuration/private-endpoints-per-region/region",
        ]) {
            assert.equal(limitById(id).id, id);
        }
        assert.equal(limitById("network-connectivity-configuration/private-endpoints-per-region/region").byRegion, true);
        assert.equal(limitById("sql-warehouses/total-number/workspace").noun, "SQL warehouses");
        assert.ok(resourceLimits.every((l) => l.noun.trim() === l.noun && l.noun.length > 0));
    });

    it("throws an error naming an unknown limit id", () => {
        assert.throws(() => limitById("sql-warehouses/total/workspace"), /no resource limit has the id "sql-warehouses\/total\/workspace"/);
    });

    it("scales the Delta Sync embedding limit inversely with the dimension", () => {
        const limit = limitById("vector-search/embeddings-delta-sync-index/endpoint").limit;
        assert.equal(limit.kind, "byDimension");
        if (limit.kind !== "byDimension") return;
        assert.equal(limit.at(768), 320_000_000);
        assert.equal(limit.at(1536), 160_000_000);
        assert.equal(limit.at(3072), 80_000_000);
        const between = limit.at(1000);
        assert.ok(between < 320_000_000 && between > 160_000_000, `at(1000) = ${between}`);
        assert.equal(limit.at(384), 640_000_000);
        assert.throws(() => limit.at(0), /positive/);
    });
});

describe("quota.rateLimitsFor", () => {
    const quotasOf = (op: string, api?: string): string[] => rateLimitsFor(op, api).map((e) => e.quota);

    it("gives /jobs/runs/output and /jobs/runs/get-output one shared quota", () => {
        assert.equal(quotasOf("/jobs/runs/output").length, 1);
        assert.deepEqual(quotasOf("/jobs/runs/output"), quotasOf("/jobs/runs/get-output"));
    });

    it("gives /jobs/create and /jobs/get a quota each", () => {
        const [create] = rateLimitsFor("/jobs/create");
        const [get] = rateLimitsFor("/jobs/get");
        assert.equal(create.limit, 20);
        assert.equal(get.limit, 20);
        assert.notEqual(create.quota, get.quota);
    });

    it("finds the /repos/* entry for a path under /repos", () => {
        assert.deepEqual(
            rateLimitsFor("/repos/123").map((e) => e.operation),
            ["/repos/*"],
        );
        assert.deepEqual(rateLimitsFor("/repository"), []);
    });

    it("finds the 5 per second entry for POST on the Account SCIM API", () => {
        const found = rateLimitsFor("POST", "Account SCIM API");
        assert.deepEqual(
            found.map((e) => [e.limit, e.per, e.sharing]),
            [[5, "second", "assumed"]],
        );
        assert.deepEqual(quotasOf("DELETE", "Account SCIM API"), quotasOf("POST", "Account SCIM API"));
    });

    it("applies both the workspace and the IP address limits to one path", () => {
        assert.deepEqual(
            rateLimitsFor("/catalog/shares").map((e) => `${e.limit} per ${e.per} ${e.scope}`),
            ["400 per minute Workspace", "10 per second IP address"],
        );
    });

    it("applies an API's all-requests limit to any of its operations", () => {
        assert.deepEqual(
            rateLimitsFor("/secrets/put", "Secrets API").map((e) => e.limit),
            [1100],
        );
        assert.deepEqual(rateLimitsFor("/secrets/put"), []);
    });

    it("matches a model id against {model_id} but prefers the literal /ml/logged-models/search", () => {
        assert.deepEqual(
            rateLimitsFor("/ml/logged-models/m-1/tags").map((e) => e.operation),
            ["/ml/logged-models/{model_id}/tags"],
        );
        assert.deepEqual(
            rateLimitsFor("/ml/logged-models/search").map((e) => e.limit),
            [7],
        );
    });

    it("lists each quota id once", () => {
        const ids = quotaIds();
        assert.equal(new Set(ids).size, ids.length);
        assert.deepEqual(new Set(ids), new Set(rateLimits.map((e) => e.quota)));
    });
});
