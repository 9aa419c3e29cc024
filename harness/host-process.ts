/**
 * Launching the real dynamic provider host the way the engine launches the `pulumi-resource-pulumi-nodejs`
 * plugin (pulumi/pulumi `sdk/go/common/resource/plugin/provider_plugin.go` `NewProvider`, `plugin.go`).
 */
import { ChildProcess, spawn } from "node:child_process";
import { HOST_SCRIPT } from "./grpc";
import { StackConfig, isSecret } from "./wire";

/** How to launch a host. */
export interface HostProcessOptions {
    /** The program's folder: the host resolves `require` in `__provider` from here. */
    cwd: string;
    /** Project name, exported as `PULUMI_NODEJS_PROJECT` and `PULUMI_PROJECT` (default `project`). */
    project?: string;
    /** Stack config; only its `pulumi-nodejs:*` keys reach `PULUMI_CONFIG`, as the engine does. */
    config?: StackConfig;
    /** Extra environment on top of this process's (the engine passes its own environment to plugins). */
    env?: Record<string, string>;
    /** Print the host's output lines as they arrive. */
    echo?: boolean;
}

/** A running host process and its output, line by line (the port line excluded). */
export interface HostProcess {
    proc: ChildProcess;
    port: number;
    stdout: string[];
    stderr: string[];
}

/** `PULUMI_CONFIG` for the plugin: the `pulumi-nodejs:` keys without their namespace (upstream `TestPulumiConfig`). */
export function pluginConfigEnv(config: StackConfig | undefined): string {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(config ?? {})) {
        if (!key.startsWith("pulumi-nodejs:")) continue;
        out[key.slice("pulumi-nodejs:".length)] = isSecret(value) ? value.value : value;
    }
    return JSON.stringify(out);
}

/** Spawns the host and resolves once it printed its port (its first stdout line). */
export function spawnHost(opts: HostProcessOptions): Promise<HostProcess> {
    const project = opts.project ?? "project";
    const env: NodeJS.ProcessEnv = {
        ...process.env,
        PULUMI_NODEJS_PROJECT: project,
        PULUMI_PROJECT: project,
        PULUMI_CONFIG: pluginConfigEnv(opts.config),
        ...opts.env,
    };
    // The host requires an engine address argument but never dials it (measured: docs/engine-notes.md 1.1).
    const proc = spawn(process.execPath, [HOST_SCRIPT, "127.0.0.1:1"], {
        cwd: opts.cwd,
        env,
        stdio: ["ignore", "pipe", "pipe"],
    });
    const stdout: string[] = [];
    const stderr: string[] = [];
    return new Promise<HostProcess>((resolve, reject) => {
        let port: number | undefined;
        const onStdoutLine = (line: string): void => {
            if (port === undefined) {
                port = Number(line.trim());
                if (Number.isInteger(port) && port > 0) return resolve({ proc, port, stdout, stderr });
                proc.kill("SIGTERM");
                reject(new Error(`provider host printed ${JSON.stringify(line)} instead of its port`));
                return;
            }
            stdout.push(line);
            if (opts.echo) console.log(`  [host stdout] ${line}`);
        };
        const onStderrLine = (line: string): void => {
            stderr.push(line);
            if (opts.echo) console.log(`  [host stderr] ${line}`);
        };
        readLines(proc.stdout, onStdoutLine);
        readLines(proc.stderr, onStderrLine);
        proc.once("error", reject);
        proc.once("exit", (code, signal) => {
            if (port === undefined) {
                reject(new Error(`provider host exited (${code ?? signal}) before printing its port:\n${stderr.join("\n")}`));
            }
        });
    });
}

/** Stops the host as the engine does when a deployment ends, and waits for the process to be gone. */
export async function killHost(proc: ChildProcess): Promise<void> {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
    proc.kill("SIGTERM");
    await exited;
}

function readLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
    if (!stream) return;
    let buffer = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
        buffer += chunk;
        let nl: number;
        while ((nl = buffer.indexOf("\n")) >= 0) {
            const line = buffer.slice(0, nl).replace(/\r$/, "");
            buffer = buffer.slice(nl + 1);
            if (line.length > 0) onLine(line);
        }
    });
    stream.on("end", () => {
        if (buffer.length > 0) onLine(buffer);
        buffer = "";
    });
}
