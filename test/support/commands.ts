/**
 * A command the packaging and upgrade suites run (npm, git, tar, tsc), with npm's notices off, failing with the
 * command, its exit status and everything it printed.
 */
import { execFile, execFileSync } from "node:child_process";

const ENV = { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };

function failure(cmd: string, args: string[], cwd: string, e: unknown): Error {
    const err = e as { status?: number; code?: number; stdout: string; stderr: string };
    return new Error(`${cmd} ${args.join(" ")} exited ${err.status ?? err.code} in ${cwd}:\n${err.stdout}\n${err.stderr}`, { cause: e });
}

export function run(cmd: string, args: string[], cwd: string): string {
    try {
        return execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: ENV });
    } catch (e) {
        throw failure(cmd, args, cwd, e);
    }
}

/** {@link run} without blocking, so that commands that wait on the network (npm install) can overlap. */
export function runAsync(cmd: string, args: string[], cwd: string): Promise<string> {
    return new Promise((resolve, reject) => {
        execFile(cmd, args, { cwd, encoding: "utf8", env: ENV, maxBuffer: 64 * 1024 * 1024 }, (e, stdout, stderr) =>
            e ? reject(failure(cmd, args, cwd, Object.assign(e, { stdout, stderr }))) : resolve(stdout),
        );
    });
}
