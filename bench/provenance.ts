/**
 * Which code a figure of `bench/results.json` describes, and which figures the code has since moved past. A run
 * re-measures only what it is asked to, so without this the file mixes figures of different code and nothing says so.
 * Each benchmark declares the paths it measures (bench/run.ts `BENCHMARKS`): a figure is stale when any file under
 * them changed between the commit it was measured at and HEAD. A path written `!path` is left out of those above it
 * (git's `:(exclude)`): a folder inside a declared one that the benchmark provably never runs.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import type { MeasuredAt, RecordedResult } from "./lib";

const ROOT = path.resolve(__dirname, "..");

/** The results file and the table rendered from it are written during a run, so they do not make the measured code dirty. */
const NOT_CODE = ["bench/results.json", "bench/README.md"];

function git(args: readonly string[], cwd: string): string {
    return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/** The commit the working tree is at and whether it differs from it: taken once, when a run starts and builds. */
export function currentRevision(cwd = ROOT): { commit: string; dirty: boolean } {
    const commit = git(["rev-parse", "HEAD"], cwd);
    const changes = git(["status", "--porcelain", "--", ".", ...NOT_CODE.map((f) => `:(exclude)${f}`)], cwd);
    return { commit, dirty: changes !== "" };
}

/** What a figure measured now on `revision` records. */
export function measuredNow(revision: { commit: string; dirty: boolean }, now = new Date()): MeasuredAt {
    return { commit: revision.commit, date: now.toISOString(), ...(revision.dirty ? { dirty: true } : {}) };
}

/**
 * The files under `paths` that differ between `commit` and `head` (`git diff --name-only`), the results file and its
 * table aside; undefined when this clone does not know the commit (a figure measured on a commit since rewritten or
 * never pushed).
 */
export function gitChangedSince(commit: string, paths: readonly string[], head = "HEAD", cwd = ROOT): string[] | undefined {
    try {
        git(["cat-file", "-e", `${commit}^{commit}`], cwd);
    } catch {
        return undefined;
    }
    const pathspecs = paths.map((p) => (p.startsWith("!") ? `:(exclude)${p.slice(1)}` : p));
    const out = git(["diff", "--name-only", commit, head, "--", ...pathspecs, ...NOT_CODE.map((f) => `:(exclude)${f}`)], cwd);
    return out === "" ? [] : out.split("\n");
}

/** A stale figure and the changed files that make it so (none when it was measured on uncommitted code). */
export interface StaleEntry {
    entry: RecordedResult;
    changed: string[];
}

/** The figures to measure again, and the benchmarks to run for them. */
export interface Staleness {
    /** Measured before a change to their benchmark's declared paths, or on uncommitted changes (`dirty`). */
    stale: StaleEntry[];
    /** Measured on a commit this clone does not have: nothing says what they describe. */
    unknown: RecordedResult[];
    /** Entries whose benchmark no longer exists (nothing can measure them again). */
    orphaned: RecordedResult[];
    /** Benchmarks with no entry in the file. */
    missing: string[];
}

/**
 * Judges each entry against its benchmark's declared paths. `measures` gives a benchmark's paths (undefined: no such
 * benchmark); `changedSince` the files under paths changed between a commit and HEAD (undefined: unknown commit).
 */
export function staleEntries(
    entries: readonly RecordedResult[],
    measures: Readonly<Record<string, readonly string[]>>,
    changedSince: (commit: string, paths: readonly string[]) => string[] | undefined,
): Staleness {
    const out: Staleness = { stale: [], unknown: [], orphaned: [], missing: [] };
    for (const entry of entries) {
        const paths = Object.hasOwn(measures, entry.benchmark) ? measures[entry.benchmark] : undefined;
        if (paths === undefined) {
            out.orphaned.push(entry);
            continue;
        }
        const changed = changedSince(entry.commit, paths);
        if (changed === undefined) out.unknown.push(entry);
        else if (changed.length > 0 || entry.dirty === true) out.stale.push({ entry, changed });
    }
    out.missing = Object.keys(measures).filter((b) => !entries.some((e) => e.benchmark === b));
    return out;
}

/** The benchmarks a `--stale` run runs: those of stale or unknown entries, and those with no entry, in `order`. */
export function benchmarksToRerun(s: Staleness, order: readonly string[]): string[] {
    const wanted = new Set([...s.stale.map((x) => x.entry.benchmark), ...s.unknown.map((e) => e.benchmark), ...s.missing]);
    return order.filter((b) => wanted.has(b));
}

/** The lines a run ends with: which figures describe older code than what their benchmark measures now. */
export function formatStaleness(s: Staleness): string {
    const lines: string[] = [];
    const at = (e: RecordedResult): string => `  ${e.commit.slice(0, 7)} ${e.date.slice(0, 10)}  ${e.benchmark}: ${e.name}`;
    const why = (x: StaleEntry): string =>
        x.changed.length === 0
            ? "measured on uncommitted changes"
            : `${x.changed.slice(0, 3).join(", ")}${x.changed.length > 3 ? ` and ${x.changed.length - 3} more` : ""} changed since`;
    if (s.stale.length > 0) {
        lines.push(`${s.stale.length} entries describe older code than their benchmark's declared paths hold now:`);
        lines.push(...s.stale.map((x) => `${at(x.entry)}  (${why(x)})`));
    } else {
        lines.push("no entry predates a change to the paths its benchmark measures");
    }
    if (s.unknown.length > 0) {
        lines.push(`${s.unknown.length} entries measured on a commit this clone does not have:`);
        lines.push(...s.unknown.map(at));
    }
    if (s.orphaned.length > 0) {
        lines.push(`${s.orphaned.length} entries of benchmarks that no longer exist (remove them from bench/results.json):`);
        lines.push(...s.orphaned.map(at));
    }
    if (s.missing.length > 0) lines.push(`benchmarks with no entry yet: ${s.missing.join(", ")}`);
    if (s.stale.length + s.unknown.length + s.missing.length > 0) lines.push("`npm run bench -- --stale` measures them again");
    return lines.join("\n");
}
