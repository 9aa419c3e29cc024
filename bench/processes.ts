/**
 * The memory of this process and the processes under it while a benchmark runs, read from Linux's /proc every few
 * hundred milliseconds: the peak of their resident memory summed, and the most processes at once.
 */
import * as fs from "node:fs";

export interface ProcessWatch {
    /** The largest sum of resident memory (bytes) of this process and all under it at one sample. */
    peakBytes(): number;
    /** The most processes under this one at one sample. */
    peakProcesses(): number;
    stop(): void;
}

const PAGE = 4096;

interface Stat {
    ppid: number;
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
    return { ppid: Number(fields[1]), rssPages: Number(fields[21]) };
}

/** Watches the processes under this one every `intervalMs` until stopped. Linux only. */
export function watchProcesses(intervalMs = 200): ProcessWatch {
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
            if (pid !== process.pid) count++;
            stack.push(...(children.get(pid) ?? []));
        }
        peakBytes = Math.max(peakBytes, bytes);
        peakProcesses = Math.max(peakProcesses, count);
    };
    sample();
    const timer = setInterval(sample, intervalMs);
    return {
        peakBytes: () => peakBytes,
        peakProcesses: () => peakProcesses,
        stop: () => {
            clearInterval(timer);
            sample();
        },
    };
}
