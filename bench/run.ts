/**
 * `npm run bench`: runs every benchmark (or those named on the command line), writes `bench/results.json` and
 * prints a table. `--quick` runs them at toy sizes to prove they work; its results are not written. `--runs N`
 * sets the repetitions of the slow benchmarks. The file is written after each benchmark, so an interrupted run
 * keeps the figures it finished. Each entry records the commit and date it was measured at; a run replaces the
 * entries it measured, keeps the others, rewrites bench/README.md's table from the file, and ends by listing the entries
 * it kept that predate the last change to `provider/`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Benchmark, BenchResult, MeasuredAt, RecordedResult } from "./lib";
import { currentRevision, formatStaleness, gitIsAncestor, lastProviderChange, measuredNow, staleEntries } from "./provenance";
import { readResults, writeReadmeTable } from "./readme";

/** Every benchmark by the name `npm run bench -- <name>` takes; test/bench/smoke.spec.ts runs each in quick mode. */
export const BENCHMARKS: Record<string, () => Promise<Benchmark>> = {
    serialization: async () => (await import("./serialization")).run,
    "state-size": async () => (await import("./stateSize")).run,
    latency: async () => (await import("./latency")).run,
    "host-start": async () => (await import("./hostStart")).run,
    throttle: async () => (await import("./throttle")).run,
    preview: async () => (await import("./preview")).run,
    "quota-enforce": async () => (await import("./quotaEnforce")).run,
    "quota-cli": async () => (await import("./quotaCli")).run,
    "cli-throttle": async () => (await import("./cliThrottle")).run,
    "cli-preview": async () => (await import("./cliPreview")).run,
    "policy-pack": async () => (await import("./policyPack")).run,
    "quota-cli-preview": async () => (await import("./quotaCliPreview")).run,
    plugin: async () => (await import("./plugin")).run,
    "plugin-sea": async () => (await import("./pluginSea")).run,
    "branding-preview": async () => (await import("./brandingPreview")).run,
};

async function main(argv: string[]): Promise<number> {
    const quick = argv.includes("--quick");
    const runsAt = argv.indexOf("--runs");
    const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : undefined;
    if (runs !== undefined && !(Number.isInteger(runs) && runs > 0)) {
        console.error(`--runs takes a positive whole number, got ${argv[runsAt + 1] ?? "nothing"}`);
        return 2;
    }
    const names = argv.filter((a, i) => !a.startsWith("--") && !(runsAt >= 0 && i === runsAt + 1));
    const unknown = names.filter((n) => !(n in BENCHMARKS));
    if (unknown.length > 0) {
        console.error(`unknown benchmark ${unknown.join(", ")}; known: ${Object.keys(BENCHMARKS).join(", ")}`);
        return 2;
    }
    const file = path.join(__dirname, "results.json");
    // Taken before the first benchmark: `npm run bench` built this tree, so this is the code being measured.
    const revision = currentRevision();
    if (revision.dirty && !quick) console.error(`# the working tree has uncommitted changes: entries record dirty: true`);
    const results: BenchResult[] = [];
    for (const name of names.length > 0 ? names : Object.keys(BENCHMARKS)) {
        console.error(`# ${name}${quick ? " (quick)" : ""}`);
        const run = await BENCHMARKS[name]();
        const done = await run({ quick, runs, log: (l) => console.error(`  ${l}`) });
        results.push(...done);
        if (!quick) {
            saveResults(file, done, measuredNow(revision));
            writeReadmeTable(readResults(file));
            console.error(`  wrote ${path.relative(process.cwd(), file)} and bench/README.md's table`);
        }
    }
    console.log(formatTable(results));
    if (fs.existsSync(file)) {
        const last = lastProviderChange();
        console.log(`\n${formatStaleness(staleEntries(readResults(file), last, gitIsAncestor), last)}`);
    }
    return 0;
}

/**
 * Merges `done`, measured at `at`, into the results file: an entry of the same name is replaced in place (the table
 * keeps its order), new ones are appended, the others keep their figures and the commit they were measured at.
 */
export function saveResults(file: string, done: readonly BenchResult[], at: MeasuredAt): void {
    const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as RecordedResult[]) : [];
    const recorded = done.map((r): RecordedResult => ({ ...r, ...at }));
    const merged = previous.map((p) => recorded.find((r) => r.name === p.name) ?? p);
    merged.push(...recorded.filter((r) => !previous.some((p) => p.name === r.name)));
    fs.writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
}

/** The readable table: figure, comparison, ratio, goal, met. */
export function formatTable(results: readonly BenchResult[]): string {
    const rows = results.map((r) => [
        r.name,
        `${r.value} ${r.unit} (${r.spread.min}-${r.spread.max}, n=${r.spread.runs})`,
        `${r.comparison.value} ${r.comparison.unit} ${r.comparison.name}`,
        String(r.ratio),
        r.goal,
        r.met ? "yes" : "NO",
    ]);
    const head = ["benchmark", "median (min-max, runs)", "measured against", "ratio", "goal", "met"];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
    const line = (cells: string[]): string =>
        cells
            .map((c, i) => c.padEnd(widths[i]))
            .join(" | ")
            .trimEnd();
    return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

if (require.main === module) {
    main(process.argv.slice(2)).then(
        (code) => (process.exitCode = code),
        (err: unknown) => {
            console.error(err);
            process.exitCode = 1;
        },
    );
}
