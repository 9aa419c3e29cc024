/**
 * A command the packaging and upgrade suites run (npm, git, tar, tsc), with npm's notices off, failing with the
 * command, its exit status and everything it printed.
 */
import { execFileSync } from "node:child_process";

export function run(cmd: string, args: string[], cwd: string): string {
    try {
        return execFileSync(cmd, args, {
            cwd,
            encoding: "utf8",
            stdio: ["ignore", "pipe", "pipe"],
            env: { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" },
        });
    } catch (e) {
        const err = e as { status: number; stdout: string; stderr: string };
        throw new Error(`${cmd} ${args.join(" ")} exited ${err.status} in ${cwd}:\n${err.stdout}\n${err.stderr}`, { cause: e });
    }
}
