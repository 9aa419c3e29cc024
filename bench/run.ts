/**
 * `npm run bench`: runs every benchmark (or those named on the command line, or with `--stale` those whose entries
 * are stale or missing), writes `bench/results.json` and prints a table. `--quick` runs them at toy sizes to prove
 * they work; its results are not written. `--runs N` sets the repetitions of the slow benchmarks. The file is written
 * after each benchmark, so an interrupted run keeps the figures it finished. Each entry records its benchmark and the
 * commit and date it was measured at; a run replaces the entries of the benchmarks it ran, keeps the others, rewrites
 * bench/README.md's table from the file, and ends by listing the entries that are stale: measured before a change to
 * a path their benchmark declares it measures.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Benchmark, BenchResult, MeasuredAt, RecordedResult } from "./lib";
import { benchmarksToRerun, currentRevision, formatStaleness, gitChangedSince, measuredNow, staleEntries, type Staleness } from "./provenance";
import { readResults, writeReadmeTable } from "./readme";

/** A benchmark `npm run bench -- <name>` runs: its module, and the paths whose change makes its figures stale. */
export interface RegisteredBenchmark {
    /** The repository paths it measures (files, or folders ending in `/`), its own module and bench/lib.ts first. */
    readonly measures: readonly string[];
    load(): Promise<Benchmark>;
}

/**
 * `bench/<file>.ts`, measuring `paths` beside its own module and bench/lib.ts (the statistics every figure goes
 * through). What a benchmark runs, on both sides of its comparison, is what it declares: the provider or the part of it
 * the figure exercises, the programs and bare references under bench/programs/, the harness that drives them, the
 * emulator they talk to, the scripts that build what they start.
 */
function benchmark(file: string, paths: readonly string[]): RegisteredBenchmark {
    // A path declared outright wins over the same path left out by a group (`!provider/fleet/` of PROVIDER).
    const kept = paths.filter((p) => !p.startsWith("!") || !paths.includes(p.slice(1)));
    return {
        measures: [...new Set([`bench/${file}.ts`, "bench/lib.ts", ...kept])],
        load: async () => ((await import(`./${file}`)) as { run: Benchmark }).run,
    };
}

/** The engine harness's provider host (harness/host.ts and what it loads), which the in-process figures drive. */
const HOST = [
    "harness/host.ts",
    "harness/host-process.ts",
    "harness/host-types.ts",
    "harness/grpc.ts",
    "harness/errors.ts",
    "harness/serialize.ts",
    "harness/wire.ts",
    "harness/emulatorStack.ts",
];
/** The harness's in-process lifecycle over that host (harness/lifecycle.ts and what it loads). */
const LIFECYCLE = [
    ...HOST,
    "harness/lifecycle.ts",
    "harness/monitor.ts",
    "harness/program.ts",
    "harness/state.ts",
    "harness/steps.ts",
    "harness/step-types.ts",
    "harness/display.ts",
];
/**
 * The provider: what the plugin, the dynamic resources and the package's entry point run. provider/fleet/ is the fleet
 * runner, which none of them loads (eslint.config.mjs fails any import of it from the rest of provider/): only the
 * fleet benchmark, which declares it, runs it.
 */
const PROVIDER = ["provider/", "!provider/fleet/"];
/** The code behind a dynamic resource's figures, and the emulator it talks to (whose sign-in page is branding-preview's). */
const DYNAMIC = [...PROVIDER, "emulator/", "branding-preview/"];
/** What builds the provider plugin the engine starts, and the Node.js SDK its TypeScript programs use. */
const PLUGIN_BUILD = [...PROVIDER, "schema.json", "scripts/plugin.ts", "bench/barePlugin.ts", "bench/programs/bare-plugin/"];
/**
 * What runs a CLI benchmark's stacks: CliStack and what it loads (harness/cli.ts), the language host and dynamic
 * provider launcher the CLI is built with (tools/pulumi-cli/), and the Databricks stand-in it may put on PATH.
 */
const CLI = [
    "bench/cliStacks.ts",
    "harness/cli.ts",
    "harness/configFile.ts",
    "harness/vault.ts",
    "harness/pulumiTools.js",
    "harness/emulatorStack.ts",
    "harness/wire.ts",
    "tools/pulumi-cli/",
    // harness/emulatorStack.ts reads the emulator's seed, which holds the branding preview's images.
    "emulator/",
    "branding-preview/",
];
/** The programs over the plugin (TypeScript over its packed Node.js SDK, and YAML), the plugins and what runs them. */
const PLUGIN_PROGRAMS = [
    "bench/programs/plugin/",
    "bench/yamlProgram.ts",
    "scripts/sdkPack.ts",
    "sdk/nodejs/",
    // bench/plugin.ts builds the bare plugin's executable as scripts/release/ builds tenantkit's.
    "scripts/release/",
    ...PLUGIN_BUILD,
    ...CLI,
    ...DYNAMIC,
];
/** The quota check: the package a program imports it from (provider/index.ts), which loads every area. */
const QUOTA = PROVIDER;

/** Every benchmark by the name `npm run bench -- <name>` takes; test/bench/smoke.spec.ts runs each in quick mode. */
export const BENCHMARKS: Record<string, RegisteredBenchmark> = {
    serialization: benchmark("serialization", [...PROVIDER, "harness/serialize.ts"]),
    "state-size": benchmark("stateSize", ["bench/serialization.ts", "bench/programs/state-size/", ...LIFECYCLE, ...DYNAMIC]),
    latency: benchmark("latency", [...HOST, ...DYNAMIC]),
    "host-start": benchmark("hostStart", ["bench/latency.ts", "bench/programs/bare-handler/", ...HOST, ...DYNAMIC]),
    throttle: benchmark("throttle", [
        "bench/latency.ts",
        "bench/cliThrottle.ts",
        "bench/cliStacks.ts",
        "bench/programs/datasets-bare/requests.js",
        ...HOST,
        ...CLI,
        ...DYNAMIC,
    ]),
    preview: benchmark("preview", ["bench/previewPhases.ts", "bench/programs/preview/", "bench/programs/preview-bare/", ...LIFECYCLE, ...DYNAMIC]),
    "quota-enforce": benchmark("quotaEnforce", ["bench/programs/quota-enforce/", ...QUOTA]),
    "quota-cli": benchmark("quotaCli", QUOTA),
    "cli-throttle": benchmark("cliThrottle", ["bench/programs/datasets/", "bench/programs/datasets-bare/", ...CLI, ...DYNAMIC]),
    "cli-preview": benchmark("cliPreview", ["bench/programs/preview/", "bench/programs/preview-bare/", ...CLI, ...DYNAMIC]),
    "policy-pack": benchmark("policyPack", [
        "policy/",
        "bench/programs/policy-empty/",
        "bench/programs/quotaMapping.js",
        "bench/programs/datasets/",
        "bench/programs/databricks/",
        "harness/plugins/databricks/",
        ...CLI,
        ...DYNAMIC,
    ]),
    "quota-cli-preview": benchmark("quotaCliPreview", ["bench/programs/quota-enforce/", "harness/plugins/databricks/", ...CLI, ...QUOTA]),
    plugin: benchmark("plugin", ["bench/programs/preview/", ...PLUGIN_PROGRAMS]),
    "plugin-cost": benchmark("pluginCost", ["bench/plugin.ts", "bench/programs/preview/inputs.ts", ...PLUGIN_PROGRAMS]),
    "plugin-sea": benchmark("pluginSea", ["bench/plugin.ts", "bench/programs/preview/inputs.ts", "scripts/release.ts", ...PLUGIN_PROGRAMS]),
    "branding-preview": benchmark("brandingPreview", ["branding-preview/"]),
    fleet: benchmark("fleet", ["provider/fleet/", "bench/processes.ts", "examples/branding/assets/banner.png", ...PLUGIN_BUILD, ...CLI, ...DYNAMIC]),
};

/** Each benchmark's declared paths, by name. */
export function declaredPaths(): Record<string, readonly string[]> {
    return Object.fromEntries(Object.entries(BENCHMARKS).map(([name, b]) => [name, b.measures]));
}

/** The entries of `file` judged against HEAD through git. */
export function staleness(file: string): Staleness {
    return staleEntries(fs.existsSync(file) ? readResults(file) : [], declaredPaths(), (commit, paths) => gitChangedSince(commit, paths));
}

async function main(argv: string[]): Promise<number> {
    const quick = argv.includes("--quick");
    const runsAt = argv.indexOf("--runs");
    const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : undefined;
    if (runs !== undefined && !(Number.isInteger(runs) && runs > 0)) {
        console.error(`--runs takes a positive whole number, got ${argv[runsAt + 1] ?? "nothing"}`);
        return 2;
    }
    const file = path.join(__dirname, "results.json");
    const named = argv.filter((a, i) => !a.startsWith("--") && !(runsAt >= 0 && i === runsAt + 1));
    const unknown = named.filter((n) => !Object.hasOwn(BENCHMARKS, n));
    if (unknown.length > 0) {
        console.error(`unknown benchmark ${unknown.join(", ")}; known: ${Object.keys(BENCHMARKS).join(", ")}`);
        return 2;
    }
    const stale = argv.includes("--stale");
    if (stale && named.length > 0) {
        console.error("--stale picks the benchmarks itself: name none beside it");
        return 2;
    }
    const names = stale ? benchmarksToRerun(staleness(file), Object.keys(BENCHMARKS)) : named.length > 0 ? named : Object.keys(BENCHMARKS);
    if (stale) console.error(`# stale or missing: ${names.length > 0 ? names.join(", ") : "none, nothing to run"}`);
    // Taken before the first benchmark: `npm run bench` built this tree, so this is the code being measured.
    const revision = currentRevision();
    if (revision.dirty && !quick) console.error(`# the working tree has uncommitted changes: entries record dirty: true`);
    const results: BenchResult[] = [];
    for (const name of names) {
        console.error(`# ${name}${quick ? " (quick)" : ""}`);
        const run = await BENCHMARKS[name].load();
        const done = await run({ quick, runs, log: (l) => console.error(`  ${l}`) });
        results.push(...done);
        if (!quick) {
            saveResults(file, name, done, measuredNow(revision));
            writeReadmeTable(readResults(file));
            console.error(`  wrote ${path.relative(process.cwd(), file)} and bench/README.md's table`);
        }
    }
    console.log(formatTable(results));
    if (fs.existsSync(file)) console.log(`\n${formatStaleness(staleness(file))}`);
    return 0;
}

/**
 * Merges `done`, measured by `benchmark` at `at`, into the results file: an entry of the same name is replaced in place
 * (the table keeps its order), new ones are appended, entries `benchmark` no longer reports are dropped, the other
 * benchmarks' entries keep their figures and the commit they were measured at.
 */
export function saveResults(file: string, benchmark: string, done: readonly BenchResult[], at: MeasuredAt): void {
    const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as RecordedResult[]) : [];
    // The benchmark's name right after the entry's, where a reader of the file looks for it.
    const recorded = done.map(({ name, ...r }): RecordedResult => ({ name, benchmark, ...r, ...at }));
    const merged = previous
        .filter((p) => p.benchmark !== benchmark || recorded.some((r) => r.name === p.name))
        .map((p) => recorded.find((r) => r.name === p.name) ?? p);
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
