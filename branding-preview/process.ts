/** A child process run to its end, asynchronously (the emulator a test runs answers from the same event loop). */
import { spawn } from "node:child_process";

/** What a process printed and how it ended. */
export interface ProcessResult {
    readonly code: number | null;
    readonly stdout: string;
    readonly stderr: string;
}

/**
 * Runs `command` in `cwd`, writing `input` to its stdin (secrets go this way, never as arguments, which other users
 * of the machine can see); rejects only when it cannot start.
 */
export function runProcess(command: string, args: readonly string[], options: { cwd?: string; input?: string } = {}): Promise<ProcessResult> {
    return new Promise((resolve, reject) => {
        const child = spawn(command, args, { cwd: options.cwd, stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
        let stdout = "";
        let stderr = "";
        child.stdout?.on("data", (d: Buffer) => (stdout += d.toString()));
        child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, stdout, stderr }));
        if (options.input !== undefined) child.stdin?.end(options.input);
    });
}
