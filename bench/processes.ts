/**
 * What the processes under this one do while a benchmark runs, read from Linux's /proc: the peak of their resident
 * memory summed, and when each started (the kernel's own start time, so a process is timed to the clock tick however
 * seldom it is sampled). The fleet benchmark splits a tenant's time at its plugin's start with it.
 */
import * as fs from "node:fs";

/** A process seen under this one. */
export interface SeenProcess {
    readonly pid: number;
    readonly ppid: number;
    /** Wall-clock start (ms since the epoch), to the kernel's clock tick (10 ms). */
    readonly startedMs: number;
    /** Its command line, arguments joined by spaces. */
    readonly command: string;
}

export interface ProcessWatch {
    /** Every process seen under this one since the watch began, by pid (a reused pid keeps its first). */
    readonly seen: ReadonlyMap<number, SeenProcess>;
    /** The largest sum of resident memory (bytes) of this process and all under it at one sample. */
    peakBytes(): number;
    /** The most processes under this one at one sample. */
    peakProcesses(): number;
    stop(): void;
}

const PAGE = 4096;
// The unit of /proc/<pid>/stat's start time (`getconf CLK_TCK`, 100 on Linux's common builds).
const TICKS_PER_SECOND = 100;

interface Stat {
    ppid: number;
    startTicks: number;
    rssPages: number;
}

function readStat(pid: number): Stat | undefined {
    let text: string;
    try {
        text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
        return undefined; // ended between the listing and the read
    }
    // The command name is in parentheses and may hold spaces: the fields are counted after its closing one.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), startTicks: Number(fields[19]), rssPages: Number(fields[21]) };
}

function commandOf(pid: number): string {
    try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
    } catch {
        return "";
    }
}

/** Watches the processes under this one every `intervalMs` until stopped. Linux only. */
export function watchProcesses(intervalMs = 200): ProcessWatch {
    const uptimeSeconds = Number(fs.readFileSync("/proc/uptime", "utf8").split(" ")[0]);
    const bootMs = Date.now() - uptimeSeconds * 1000;
    const seen = new Map<number, SeenProcess>();
    let peakBytes = 0;
    let peakProcesses = 0;
    const sample = () => {
        const stats = new Map<number, Stat>();
        for (const name of fs.readdirSync("/proc")) {
            if (!/^\d+$/.test(name)) continue;
            const stat = readStat(Number(name));
            if (stat) stats.set(Number(name), stat);
        }
        const children = new Map<number, number[]>();
        for (const [pid, s] of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
        let bytes = 0;
        let count = 0;
        const stack = [process.pid];
        while (stack.length > 0) {
            const pid = stack.pop()!;
            const s = stats.get(pid);
            if (!s) continue;
            bytes += s.rssPages * PAGE;
            if (pid !== process.pid) {
                count++;
                if (!seen.has(pid))
                    seen.set(pid, { pid, ppid: s.ppid, startedMs: bootMs + (s.startTicks * 1000) / TICKS_PER_SECOND, command: commandOf(pid) });
            }
            stack.push(...(children.get(pid) ?? []));
        }
        peakBytes = Math.max(peakBytes, bytes);
        peakProcesses = Math.max(peakProcesses, count);
    };
    sample();
    const timer = setInterval(sample, intervalMs);
    return {
        seen,
        peakBytes: () => peakBytes,
        peakProcesses: () => peakProcesses,
        stop: () => {
            clearInterval(timer);
            sample();
        },
    };
}
