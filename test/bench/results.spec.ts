/**
 * bench/results.json says which code each figure describes, bench/README.md shows the file's figures and no others, and a
 * run can tell which figures the provider has moved past.
 */
import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RecordedResult } from "../../bench/lib";
import { currentRevision, formatStaleness, gitIsAncestor, lastProviderChange, staleEntries } from "../../bench/provenance";
import { BENCH_PAGE, benchTable, quantity, readmeSection, readResults, renderedSection } from "../../bench/readme";

const ROOT = path.resolve(__dirname, "..", "..");
const HEX40 = /^[0-9a-f]{40}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?(Z|[+-]\d{2}:\d{2})$/;

function entry(name: string, commit: string): RecordedResult {
    const spread = { runs: 3, min: 1, p25: 1, p75: 1, max: 1 };
    return {
        name,
        value: 1,
        unit: "ms",
        spread,
        comparison: { name: "c", value: 1, unit: "ms", spread },
        ratio: 1,
        goal: "g",
        met: true,
        commit,
        date: "2026-01-01T00:00:00.000Z",
    };
}

describe("bench/results.json", () => {
    const results = readResults();

    it("records, for every entry, the commit and the date it was measured at", () => {
        assert.ok(results.length > 0);
        for (const r of results) {
            assert.match(r.commit, HEX40, `${r.name}: commit is a full commit id`);
            assert.match(r.date, ISO, `${r.name}: date is an ISO 8601 time`);
            assert.ok(!Number.isNaN(Date.parse(r.date)), `${r.name}: date parses`);
            assert.ok(r.dirty === undefined || typeof r.dirty === "boolean", `${r.name}: dirty is a flag`);
        }
    });

    it("names each benchmark once", () => {
        const names = results.map((r) => r.name);
        assert.deepEqual(names, [...new Set(names)]);
    });
});

describe("bench/README.md's benchmark table", () => {
    it("is what bench/results.json renders (npm run bench:readme rewrites it)", () => {
        const current = readmeSection(fs.readFileSync(BENCH_PAGE, "utf8"));
        assert.ok(current !== undefined, "bench/README.md has the benchmark table markers");
        assert.equal(current, renderedSection(readResults()));
    });

    it("shows each row's commit (short) and date, and long times in seconds", () => {
        const table = benchTable([
            {
                ...entry("a | b", "0123456789abcdef0123456789abcdef01234567"),
                value: 1234.5,
                commit: "0123456789abcdef0123456789abcdef01234567",
                date: "2026-02-03T04:05:06.000Z",
                dirty: true,
            },
        ]);
        const row = table.split("\n")[2];
        assert.match(row, /^\| a \\\| b \| 1\.2 s \(/);
        assert.match(row, /\| `0123456` 2026-02-03 \(uncommitted changes\) \|$/);
        assert.equal(quantity(3837.33, "bytes/resource"), "3,837 bytes/resource");
        assert.equal(quantity(8.1, "ms"), "8.1 ms");
    });
});

describe("stale benchmark entries", () => {
    // A small history: a <- b <- c (c last changed provider/), and d on a branch from a.
    const parents: Record<string, string | undefined> = { a: undefined, b: "a", c: "b", d: "a" };
    const isAncestor = (ancestor: string, of: string): boolean | undefined => {
        if (!(ancestor in parents) || !(of in parents)) return undefined;
        for (let at: string | undefined = of; at !== undefined; at = parents[at]) if (at === ancestor) return true;
        return false;
    };

    it("are those measured on a strict ancestor of the last change to provider/", () => {
        const entries = ["a", "b", "c", "d", "x"].map((c) => entry(`at ${c}`, c));
        const s = staleEntries(entries, "c", isAncestor);
        assert.deepEqual(
            s.stale.map((e) => e.name),
            ["at a", "at b"],
        );
        assert.deepEqual(
            s.unknown.map((e) => e.name),
            ["at x"],
        );
        const listing = formatStaleness(s, "c");
        assert.match(listing, /2 entries measured before the last change to provider\/ \(c\)/);
        assert.match(listing, /at a\n.*at b/);
        assert.match(listing, /1 entries measured on a commit this clone does not have:\n.*at x/);
        assert.equal(formatStaleness(staleEntries([entry("now", "c")], "c", isAncestor), "c"), "no entry predates the last change to provider/ (c)");
    });

    it("are decided by this repository's history through git", () => {
        const git = (...args: string[]): string => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
        const head = currentRevision().commit;
        const root = git("rev-list", "--max-parents=0", "HEAD").split("\n")[0]!;
        const last = lastProviderChange();
        assert.match(head, HEX40);
        assert.match(last, HEX40);
        assert.equal(gitIsAncestor(last, head), true, "the last change to provider/ is in HEAD's history");
        assert.equal(gitIsAncestor(root, head), true);
        if (root !== head) assert.equal(gitIsAncestor(head, root), false);
        assert.equal(gitIsAncestor("0".repeat(40), head), undefined);
        const s = staleEntries([entry("at root", root), entry("at last", last)], last, gitIsAncestor);
        assert.deepEqual(
            s.stale.map((e) => e.name),
            root === last ? [] : ["at root"],
        );
    });
});
