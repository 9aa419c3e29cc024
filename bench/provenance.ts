/**
 * Which code a figure of `bench/results.json` describes, and which figures the provider has since moved past. A run
 * re-measures only what it is asked to, so without this the file mixes figures of different code and nothing says so.
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

/** The last commit that changed `provider/`: the code most figures describe. */
export function lastProviderChange(cwd = ROOT): string {
    return git(["log", "-1", "--format=%H", "--", "provider"], cwd);
}

/**
 * `git merge-base --is-ancestor`: true when `ancestor` is an ancestor of (or is) `of`, false when not, undefined
 * when this clone does not know the commit (a figure measured on a commit since rewritten or never pushed).
 */
export function gitIsAncestor(ancestor: string, of: string, cwd = ROOT): boolean | undefined {
    try {
        execFileSync("git", ["merge-base", "--is-ancestor", ancestor, of], { cwd, stdio: "ignore" });
        return true;
    } catch (err) {
        return (err as { status?: number }).status === 1 ? false : undefined;
    }
}

/** The figures that predate `lastChange`, and those whose commit the history does not know. */
export interface Staleness {
    stale: RecordedResult[];
    unknown: RecordedResult[];
}

/**
 * An entry is stale when its commit is a strict ancestor of `lastChange` (the last change to `provider/`): the code
 * it measured has changed since. Entries measured on `lastChange` or after it, or on a branch beside it, are not.
 */
export function staleEntries(
    entries: readonly RecordedResult[],
    lastChange: string,
    isAncestor: (ancestor: string, of: string) => boolean | undefined,
): Staleness {
    const out: Staleness = { stale: [], unknown: [] };
    for (const e of entries) {
        if (e.commit === lastChange) continue;
        const older = isAncestor(e.commit, lastChange);
        if (older === undefined) out.unknown.push(e);
        else if (older) out.stale.push(e);
    }
    return out;
}

/** The lines a run ends with: which figures it left describe older code than the provider's. */
export function formatStaleness(s: Staleness, lastChange: string): string {
    const lines: string[] = [];
    const at = (e: RecordedResult): string => `  ${e.commit.slice(0, 7)} ${e.date.slice(0, 10)}  ${e.name}`;
    if (s.stale.length > 0) {
        lines.push(`${s.stale.length} entries measured before the last change to provider/ (${lastChange.slice(0, 7)}); re-measure them:`);
        lines.push(...s.stale.map(at));
    } else {
        lines.push(`no entry predates the last change to provider/ (${lastChange.slice(0, 7)})`);
    }
    if (s.unknown.length > 0) {
        lines.push(`${s.unknown.length} entries measured on a commit this clone does not have:`);
        lines.push(...s.unknown.map(at));
    }
    return lines.join("\n");
}
