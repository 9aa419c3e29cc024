/**
 * Every benchmark runs at toy sizes and returns well-formed results, so `npm run bench` cannot rot unnoticed.
 * Nothing here looks at a timing: benchmarks measure, tests do not (the figures are in bench/results.json).
 */
import { strict as assert } from "node:assert";
import type { BenchResult, RecordedResult } from "../../bench/lib";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { BENCHMARKS, formatTable, saveResults } from "../../bench/run";
import { findPulumi } from "../../harness/cli";

function findMissingCli(): string | undefined {
    const found = findPulumi();
    return "missing" in found ? found.missing : undefined;
}

/** The benchmarks that run the real CLI: skipped without one, except under CI=true (as test/cli does). */
const NEEDS_CLI = new Set(["cli-throttle", "cli-preview", "policy-pack", "quota-cli-preview", "plugin", "plugin-cost", "plugin-sea"]);

/**
 * What a benchmark's quick run must show beside well-formed results: that its comparison is like for like. Not a
 * timing: the sides are checked to do the same work.
 */
const LIKE_FOR_LIKE: Record<string, (r: BenchResult) => void> = {
    // The judged first check loads neither the HTTP client nor @azure/* (else the figure measures a regression).
    "host-start": (r) => assert.match(r.notes ?? "", /of them HTTP client or @azure\/\*: nothing\./),
    // The measured bare client sent the requests tenantkit sent, and neither side failed.
    throttle: (r) => {
        assert.match(r.notes ?? "", /The bare side's requests match tenantkit's/);
        assert.match(r.notes ?? "", /Failures 0 \(bare 0\), duplicates 0 \(bare 0\), missing 0 \(bare 0\)/);
    },
    // The bare program sent the requests tenantkit's up sent, and every dataset was made once on both sides.
    "cli-throttle": (r) => {
        assert.match(r.notes ?? "", /the bare side's match them/);
        assert.match(r.notes ?? "", / 0 runs with failures/);
    },
};

function assertWellFormed(r: BenchResult): void {
    assert.ok(r.name.length > 0);
    for (const n of [r.value, r.comparison.value, r.spread.runs, r.spread.min, r.spread.max]) assert.equal(typeof n, "number");
    assert.ok(r.spread.min <= r.value && r.value <= r.spread.max, `${r.name}: the median lies within its spread`);
    assert.ok(r.unit.length > 0 && r.comparison.name.length > 0 && r.goal.length > 0, `${r.name}: unit, comparison and goal named`);
    assert.equal(typeof r.met, "boolean");
    assert.ok(Number.isFinite(r.ratio), `${r.name}: a finite ratio`);
}

describe("benchmarks (quick mode: they run and report, timings are not judged)", function () {
    this.timeout(180_000);
    // The list `npm run bench` runs, so a benchmark added there is run here too.
    for (const [name, { load }] of Object.entries(BENCHMARKS)) {
        it(`${name} returns well-formed results`, async function () {
            const missing = NEEDS_CLI.has(name) && process.env.CI !== "true" ? findMissingCli() : undefined;
            if (missing) {
                console.log(`      skipped: ${missing}`);
                this.skip();
            }
            const run = await load();
            const results = await run({ quick: true, log: () => undefined });
            assert.ok(results.length >= 1);
            results.forEach(assertWellFormed);
            results.forEach((r) => LIKE_FOR_LIKE[name]?.(r));
            assert.match(formatTable(results), new RegExp(results[0].name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
        });
    }
});

describe("bench results file", () => {
    const entry = (name: string, value: number): BenchResult => ({
        name,
        value,
        unit: "ms",
        spread: { runs: 1, min: value, p25: value, p75: value, max: value },
        comparison: { name: "c", value: 1, unit: "ms", spread: { runs: 1, min: 1, p25: 1, p75: 1, max: 1 } },
        ratio: value,
        goal: "g",
        met: true,
    });

    it("keeps each finished benchmark's figures as it goes with the commit it was measured at, and the others' as they were", () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-bench-"));
        const file = path.join(dir, "results.json");
        try {
            const first = { commit: "a".repeat(40), date: "2026-01-01T00:00:00.000Z" };
            const second = { commit: "b".repeat(40), date: "2026-01-02T00:00:00.000Z", dirty: true };
            saveResults(file, "one", [entry("a", 1), entry("b", 2)], first);
            saveResults(file, "two", [entry("c", 3)], first);
            // "one" measured again reports b and d, no longer a: a goes, b keeps its place, d comes last; two's c stays.
            saveResults(file, "one", [entry("b", 4), entry("d", 5)], second);
            const saved = JSON.parse(fs.readFileSync(file, "utf8")) as RecordedResult[];
            assert.deepEqual(
                saved.map((r) => [
                    r.benchmark,
                    r.name,
                    r.value,
                    { commit: r.commit, date: r.date, ...(r.dirty === undefined ? {} : { dirty: r.dirty }) },
                ]),
                [
                    ["one", "b", 4, second],
                    ["two", "c", 3, first],
                    ["one", "d", 5, second],
                ],
            );
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
