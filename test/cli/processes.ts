/**
 * The processes a `pulumi` command starts, for the suites that kill one mid-operation (crash.spec.ts, the fresh-runner
 * suites): its descendants, whether one still runs, and SIGKILL for those left. Not a spec file.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";

/** Waits (polling, never a fixed sleep) until `probe` holds. */
export async function until(probe: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 120_000;
    while (!(await probe())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
    }
}

/** The process ids under `root` whose command line matches `pattern`. */
export function descendants(root: number, pattern: RegExp): number[] {
    const rows = execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" })
        .split("\n")
        .map((l) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(l))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
    const under = new Set([root]);
    for (let grew = true; grew;) {
        grew = false;
        for (const r of rows) {
            if (under.has(r.ppid) && !under.has(r.pid)) {
                under.add(r.pid);
                grew = true;
            }
        }
    }
    return rows.filter((r) => under.has(r.pid) && r.pid !== root && pattern.test(r.args)).map((r) => r.pid);
}

/** Whether process `pid` still runs (a zombie counts as gone). */
export function isAlive(pid: number): boolean {
    try {
        return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
    } catch {
        return false;
    }
}

/** Sends SIGKILL to each of `pids` still running. */
export function killAll(pids: readonly number[]): void {
    for (const pid of pids) {
        try {
            process.kill(pid, "SIGKILL");
        } catch {
            // Gone already.
        }
    }
}
