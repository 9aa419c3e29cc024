/**
 * The smoke test of the benchmarks, shared by smoke.spec.ts (those that run in this process) and smoke-cli.spec.ts
 * (those that drive the real CLI): two files, so that mocha's parallel workers run them side by side. Every benchmark
 * runs at toy sizes and returns well-formed results, so `npm run bench` cannot rot unnoticed. Nothing here looks at a
 * timing: benchmarks measure, tests do not (the figures are in bench/results.json). Not a spec file.
 */
import { strict as assert } from "node:assert";
import type { BenchResult } from "../../bench/lib";
import { BENCHMARKS, formatTable } from "../../bench/run";
import { findPulumi } from "../../harness/cli";

function findMissingCli(): string | undefined {
    const found = findPulumi();
    return "missing" in found ? found.missing : undefined;
}

/** The benchmarks that run the real CLI: skipped without one, except under CI=true (as test/cli does). */
export const NEEDS_CLI = new Set(["cli-throttle", "cli-preview", "policy-pack", "quota-cli-preview", "plugin", "plugin-cost", "plugin-sea", "fleet"]);

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
    // Every tenant's time was split (its stack command and plugin seen), and its requests attributed to it.
    fleet: (r) => {
        if (r.name.includes("peak memory")) return;
        assert.match(r.notes ?? "", /A tenant's median time at --parallel \d+: workspace [\d.]+ s, CLI start [\d.]+ s, plugin [\d.]+ s, sign-in/);
        for (const m of (r.notes ?? "").matchAll(/\(total [\d.]+ s; (\d+) of the (\d+) tenants split\)/g))
            assert.equal(m[1], m[2], "a tenant's time was not split");
        if (r.name.startsWith("fleet: up ")) assert.doesNotMatch(r.notes ?? "", /sign-in 0\.00 s/, "the up's token requests were not attributed");
    },
};

/** The entries a benchmark's quick run reports, in order: its shape, which a change must not lose unnoticed. */
const ENTRIES: Record<string, RegExp[]> = {
    plugin: [/^plugin: pulumi up /, /^plugin: pulumi preview /, /^plugin: YAML preview /, /^plugin: state bytes/, /^plugin: start to first answer$/],
    "plugin-cost": [/^plugin-cost: TypeScript up /, /^plugin-cost: TypeScript preview /, /^plugin-cost: YAML up /, /^plugin-cost: YAML preview /],
    "plugin-sea": [/^plugin-sea: start to first answer$/, /^plugin-sea: start to first answer against a bare plugin built alike$/],
    fleet: [/^fleet: preview of /, /^fleet: up of /, /^fleet: preview of the converged fleet /, /^fleet: peak memory of the up /],
};

function assertWellFormed(r: BenchResult): void {
    assert.ok(r.name.length > 0);
    for (const n of [r.value, r.comparison.value, r.spread.runs, r.spread.min, r.spread.max]) assert.equal(typeof n, "number");
    assert.ok(r.spread.min <= r.value && r.value <= r.spread.max, `${r.name}: the median lies within its spread`);
    assert.ok(r.unit.length > 0 && r.comparison.name.length > 0 && r.goal.length > 0, `${r.name}: unit, comparison and goal named`);
    assert.equal(typeof r.met, "boolean");
    assert.ok(Number.isFinite(r.ratio), `${r.name}: a finite ratio`);
}

/** One test per benchmark of `names` (those of bench/run.ts that `pick` selects, so one added there is run here too). */
export function quickRuns(pick: (name: string) => boolean): void {
    describe("benchmarks (quick mode: they run and report, timings are not judged)", function () {
        this.timeout(180_000);
        for (const [name, { load }] of Object.entries(BENCHMARKS).filter(([n]) => pick(n))) {
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
                if (ENTRIES[name]) {
                    assert.equal(results.length, ENTRIES[name].length, `${name}: ${results.map((r) => r.name).join("; ")}`);
                    ENTRIES[name].forEach((re, i) => assert.match(results[i].name, re));
                }
                assert.match(formatTable(results), new RegExp(results[0].name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
            });
        }
    });
}
