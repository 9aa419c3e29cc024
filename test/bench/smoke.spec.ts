/**
 * The benchmarks that run in this process, in quick mode (test/bench/quick.ts; smoke-cli.spec.ts runs the others),
 * and the results file a run writes.
 */
import { strict as assert } from "node:assert";
import type { BenchResult, RecordedResult } from "../../bench/lib";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { saveResults } from "../../bench/run";
import { NEEDS_CLI, quickRuns } from "./quick";

quickRuns((name) => !NEEDS_CLI.has(name));

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
