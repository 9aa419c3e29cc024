/**
 * bench/results.json says which code each figure describes, bench/README.md shows the file's figures and no others, and a
 * run can tell which figures the provider has moved past.
 */
import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { RecordedResult } from "../../bench/lib";
import { benchmarksToRerun, currentRevision, formatStaleness, gitChangedSince, staleEntries } from "../../bench/provenance";
import { BENCH_PAGE, benchTable, quantity, readmeSection, readResults, renderedSection } from "../../bench/readme";
import { BENCHMARKS, declaredPaths, staleness } from "../../bench/run";

const ROOT = path.resolve(__dirname, "..", "..");
const HEX40 = /^[0-9a-f]{40}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?(Z|[+-]\d{2}:\d{2})$/;

function entry(name: string, commit: string, benchmark = "b"): RecordedResult {
    const spread = { runs: 3, min: 1, p25: 1, p75: 1, max: 1 };
    return {
        name,
        benchmark,
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

    it("says which benchmark measured each entry, one `npm run bench` knows, so a stale entry can be measured again", () => {
        for (const r of results)
            assert.ok(Object.hasOwn(BENCHMARKS, r.benchmark), `${r.name}: benchmark ${JSON.stringify(r.benchmark)} is in bench/run.ts`);
    });

    it("is judged stale by the paths each benchmark declares (listed here, not failed: `npm run bench -- --stale` re-measures them)", () => {
        const s = staleness(path.join(ROOT, "bench", "results.json"));
        assert.deepEqual(s.orphaned, []);
        console.log(formatStaleness(s).replace(/^/gm, "      "));
    });
});

describe("the paths each benchmark declares it measures", () => {
    it("name its own module, bench/lib.ts, and only paths the repository holds", () => {
        const tracked = new Set(execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n"));
        const exists = (p: string): boolean =>
            p.endsWith("/") ? [...tracked].some((f) => f.startsWith(p)) || fs.existsSync(path.join(ROOT, p)) : fs.existsSync(path.join(ROOT, p));
        for (const [name, paths] of Object.entries(declaredPaths())) {
            assert.match(paths[0], /^bench\/\w+\.ts$/, `${name}: its own module first`);
            assert.ok(fs.existsSync(path.join(ROOT, paths[0])), `${name}: ${paths[0]} exists`);
            assert.equal(paths[1], "bench/lib.ts");
            for (const p of paths) assert.ok(exists(p.replace(/^!/, "")), `${name} declares ${p}, which the repository does not hold`);
        }
    });

    it("cover every file of the repository a benchmark's module imports, directly or through others (but run.ts, which only records)", () => {
        for (const [name, paths] of Object.entries(declaredPaths())) {
            const under = (file: string, p: string) => (p.endsWith("/") ? file.startsWith(p) : file === p);
            const covered = (file: string) =>
                paths.some((p) => !p.startsWith("!") && under(file, p)) && !paths.some((p) => p.startsWith("!") && under(file, p.slice(1)));
            const missing = [...importedFiles(paths[0])].filter((f) => !covered(f));
            assert.deepEqual(missing, [], `${name} imports these but does not declare them`);
        }
    });
});

/**
 * The repository's files that `entry` imports, and those they import in turn (relative `import ... from`, `export ...
 * from`, `require(...)` and `import(...)` with a literal path), outside node_modules: what a benchmark's module loads.
 * A file of bin/ counts as its source, which a change makes stale.
 */
function importedFiles(entry: string): Set<string> {
    const seen = new Set<string>();
    const queue = [entry];
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        if (seen.has(file)) continue;
        seen.add(file);
        const src = fs.readFileSync(path.join(ROOT, file), "utf8");
        for (const m of src.matchAll(/(?:\bfrom\s+|\brequire\(\s*|\bimport\(\s*)"(\.\.?\/[^"]+)"/g)) {
            const base = path.join(path.dirname(file), m[1]!);
            const found = [base, `${base}.ts`, `${base}.js`, path.join(base, "index.ts"), path.join(base, "index.js")].find(
                (f) => fs.existsSync(path.join(ROOT, f)) && fs.statSync(path.join(ROOT, f)).isFile(),
            );
            if (found && !found.includes("node_modules") && /\.(ts|js)$/.test(found)) queue.push(sourceOf(found.split(path.sep).join("/")));
        }
    }
    seen.delete(entry);
    return seen;
}

/** The source a file of bin/ is compiled from (tsconfig.build.json and emulator/tsconfig.json); any other file itself. */
function sourceOf(file: string): string {
    if (!file.startsWith("bin/")) return file;
    const rest = file.slice("bin/".length).replace(/\.js$/, ".ts");
    return /^(emulator|branding-preview)\//.test(rest) ? rest : `provider/${rest}`;
}

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
    const measures = { prov: ["bench/prov.ts", "provider/"], brand: ["bench/brand.ts", "branding-preview/"] };
    // What changed between each made-up commit and HEAD; "x" is a commit this clone does not have.
    const changes: Record<string, string[]> = {
        a: ["provider/core/dynamic.ts", "branding-preview/page.ts"],
        b: ["branding-preview/page.ts"],
        c: [],
    };
    const changedSince = (commit: string, paths: readonly string[]): string[] | undefined =>
        changes[commit]?.filter((f) => paths.some((p) => (p.endsWith("/") ? f.startsWith(p) : f === p)));

    it("are those measured before a change under their own benchmark's paths, not under another's", () => {
        const entries = [
            entry("prov at a", "a", "prov"),
            entry("prov at b", "b", "prov"),
            entry("brand at b", "b", "brand"),
            entry("brand at c", "c", "brand"),
        ];
        const s = staleEntries(entries, measures, changedSince);
        assert.deepEqual(
            s.stale.map((x) => [x.entry.name, x.changed]),
            [
                ["prov at a", ["provider/core/dynamic.ts"]],
                ["brand at b", ["branding-preview/page.ts"]],
            ],
        );
        assert.deepEqual(s.unknown, []);
        assert.deepEqual(s.missing, []);
        assert.deepEqual(benchmarksToRerun(s, ["brand", "prov"]), ["brand", "prov"]);
        assert.match(formatStaleness(s), /2 entries describe older code .*\n.*prov: prov at a {2}\(provider\/core\/dynamic\.ts changed since\)/);
    });

    it("include figures measured on uncommitted changes, on a commit the clone lacks, and benchmarks with no figure", () => {
        const s = staleEntries([{ ...entry("dirty", "c", "prov"), dirty: true }, entry("gone", "x", "prov")], measures, changedSince);
        assert.deepEqual(
            s.stale.map((x) => x.entry.name),
            ["dirty"],
        );
        assert.deepEqual(
            s.unknown.map((e) => e.name),
            ["gone"],
        );
        assert.deepEqual(s.missing, ["brand"]);
        assert.deepEqual(benchmarksToRerun(s, ["prov", "brand"]), ["prov", "brand"]);
        const listing = formatStaleness(s);
        assert.match(listing, /dirty {2}\(measured on uncommitted changes\)/);
        assert.match(listing, /1 entries measured on a commit this clone does not have:\n.*gone/);
        assert.match(listing, /benchmarks with no entry yet: brand\n`npm run bench -- --stale` measures them again/);
    });

    it("leave out entries of a benchmark that no longer exists, and say so", () => {
        const s = staleEntries([entry("old", "a", "removed")], measures, changedSince);
        assert.deepEqual(
            s.orphaned.map((e) => e.name),
            ["old"],
        );
        assert.deepEqual(benchmarksToRerun(s, ["prov", "brand"]), ["prov", "brand"]);
        assert.match(formatStaleness(s), /1 entries of benchmarks that no longer exist/);
    });

    it("are decided by this repository's history through git", () => {
        const git = (...args: string[]): string => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
        const head = currentRevision().commit;
        assert.match(head, HEX40);
        // The last commit that changed bench/lib.ts: an entry measured on its parent is stale for a benchmark declaring
        // bench/lib.ts, one measured on it is not, and one measured on a commit git does not know is unknown.
        const last = git("log", "-1", "--format=%H", "--", "bench/lib.ts");
        const before = git("rev-parse", `${last}^`);
        assert.deepEqual(gitChangedSince(last, ["bench/lib.ts"]), []);
        assert.ok(gitChangedSince(before, ["bench/lib.ts"])!.includes("bench/lib.ts"));
        assert.deepEqual(gitChangedSince(before, ["no/such/path/"]), []);
        assert.equal(gitChangedSince("0".repeat(40), ["bench/lib.ts"]), undefined);
    });

    it("leave out a folder declared `!path`: a change to the fleet runner alone stales only the fleet benchmark", () => {
        const git = (...args: string[]): string => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
        const before = git("rev-parse", `${git("log", "-1", "--format=%H", "--", "provider/fleet/")}^`);
        const fleetFiles = (files: string[] | undefined) => (files ?? []).filter((f) => f.startsWith("provider/fleet/"));
        assert.ok(fleetFiles(gitChangedSince(before, ["provider/"])).length > 0);
        assert.deepEqual(fleetFiles(gitChangedSince(before, ["provider/", "!provider/fleet/"])), []);
        for (const [name, paths] of Object.entries(declaredPaths())) {
            if (name === "fleet") assert.ok(paths.includes("provider/fleet/") && !paths.includes("!provider/fleet/"), "fleet declares the runner");
            else if (paths.includes("provider/")) assert.ok(paths.includes("!provider/fleet/"), `${name} leaves the fleet runner out`);
        }
    });
});
