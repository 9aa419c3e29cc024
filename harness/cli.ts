/**
 * Running programs through the real Pulumi CLI, offline: a file backend and PULUMI_HOME in a folder of the stack's
 * own, the secrets provider over the Vault stand-in of vault.ts (or the passphrase one), no update check, no plugin
 * downloads (a program that needs a plugin the machine lacks fails loudly instead of fetching one). Used by
 * `npm start`, the benchmarks and the tests in test/cli.
 */
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { writeConfigFile } from "./configFile";
import { startVault, vaultEnv } from "./vault";
import type { StackConfig } from "./wire";

// Plain JavaScript (the installer, which `.ci/run` runs before `npm ci`, requires it too), so required rather than imported.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const tools: { installedBinDir(): string | undefined } = require("./pulumiTools.js");

/** The folder of the tools `npm run pulumi:install` built for this checkout (the CLI, the hosts, tenantkit-codegen), if built. */
export function installedBinDir(): string | undefined {
    return tools.installedBinDir();
}

/**
 * The folder that holds the `pulumi` to use, or why there is none: `TENANTKIT_PULUMI_BIN`, else a `pulumi` on PATH
 * with a Node.js language host beside it or on PATH, else the one `npm run pulumi:install` built.
 */
export function findPulumi(): { binDir: string } | { missing: string } {
    const fromEnv = process.env.TENANTKIT_PULUMI_BIN;
    if (fromEnv) {
        return fs.existsSync(path.join(fromEnv, "pulumi")) ? { binDir: fromEnv } : { missing: `TENANTKIT_PULUMI_BIN=${fromEnv} holds no pulumi` };
    }
    const dirs = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
    const onPath = dirs.find((d) => fs.existsSync(path.join(d, "pulumi")));
    if (
        onPath &&
        (fs.existsSync(path.join(onPath, "pulumi-language-nodejs")) || dirs.some((d) => fs.existsSync(path.join(d, "pulumi-language-nodejs"))))
    ) {
        return { binDir: onPath };
    }
    const installed = tools.installedBinDir();
    if (installed) return { binDir: installed };
    return { missing: "the Pulumi CLI is not installed (none on PATH, none built by `npm run pulumi:install`)" };
}

/** The folder that holds `pulumi`, or an error saying how to get it. */
export function requirePulumi(): string {
    const found = findPulumi();
    if ("missing" in found) throw new Error(`${found.missing}: run \`npm run pulumi:install\` first`);
    return found.binDir;
}

export interface CliResult {
    readonly code: number;
    readonly stdout: string;
    readonly stderr: string;
    /** stdout and stderr, in the order they arrived. */
    readonly output: string;
}

/** How one `pulumi` command runs. */
export interface RunOptions {
    readonly env?: Record<string, string>;
    /** A command that takes no stack (`plugin install`): run without `--stack` and the display flags. */
    readonly noStack?: boolean;
}

export interface CliStackOptions {
    /** The folder with Pulumi.yaml. */
    readonly projectDir: string;
    readonly stack: string;
    /** Where the backend, PULUMI_HOME and the stack's config file go; default: a new temporary folder. */
    readonly work?: string;
    /** Stack config as the engine harness takes it: namespaced keys, secrets wrapped with `secret()` (set with `--secret`). */
    readonly config?: Readonly<StackConfig>;
    /** Extra environment for every `pulumi` command (the program and the provider host inherit it). */
    readonly env?: Readonly<Record<string, string>>;
    /**
     * The stack's secrets provider: by default Pulumi's `hashivault://` provider over the stand-in of vault.ts, which
     * spares each command the passphrase's key derivation (~0.6 s of CPU); `"passphrase"` for a stack a person reads
     * afterwards with PULUMI_CONFIG_PASSPHRASE (`npm start`), and for the tests of the passphrase itself.
     */
    readonly secretsProvider?: "vault" | "passphrase";
}

/**
 * The stand-in Databricks resource plugin (plugins/databricks): the real one is a Go module the proxy does not serve.
 * It answers previews only; the engine finds it on PATH as it would an installed plugin binary ("using
 * pulumi-resource-databricks from $PATH"), so programs and examples it runs stay as users write them.
 */
export const DATABRICKS_STAND_IN = path.join(__dirname, "plugins", "databricks");

/** `env` for a CliStack whose program has Databricks resources: the stand-in plugin first on PATH. */
export function withDatabricksStandIn(binDir: string): Record<string, string> {
    return { PATH: [DATABRICKS_STAND_IN, binDir, process.env.PATH ?? ""].join(path.delimiter) };
}

/** Environment variables of a developer's shell that would change what a program under test talks to. */
const AMBIENT = /^(TENANTKIT_|AZURE_|PULUMI_|MSAL_|IDENTITY_ENDPOINT$|MSI_|VAULT_)/;

/**
 * The environment of `pulumi` commands (and of programs that run it, such as an Automation API driver) working in
 * `work`: the CLI of `binDir` first on PATH, a file backend and PULUMI_HOME of their own in `work`, no plugin
 * downloads, the passphrase and the Vault stand-in's address (once a stack has started it) for either secrets provider,
 * and none of the developer's variables that would change what a program talks to.
 */
export function isolatedEnv(binDir: string, work: string): NodeJS.ProcessEnv {
    const base: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!AMBIENT.test(k)) base[k] = v;
    fs.mkdirSync(path.join(work, "backend"), { recursive: true });
    return {
        ...base,
        PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`,
        PULUMI_HOME: path.join(work, "home"),
        PULUMI_BACKEND_URL: `file://${path.join(work, "backend")}`,
        PULUMI_CONFIG_PASSPHRASE: CliStack.PASSPHRASE,
        ...vaultEnv(),
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        NO_COLOR: "1",
    };
}

/**
 * One stack of one program, on a file backend of its own. Its config file lives in the work folder
 * (`--config-file`), so running an example never writes into it.
 */
export class CliStack {
    static readonly PASSPHRASE = "tenantkit-local";
    readonly work: string;
    readonly configFile: string;
    private readonly env: NodeJS.ProcessEnv;

    private constructor(
        readonly binDir: string,
        readonly opts: CliStackOptions,
    ) {
        this.work = opts.work ?? fs.mkdtempSync(path.join(os.tmpdir(), `tk-cli-${opts.stack}-`));
        fs.mkdirSync(path.join(this.work, "backend"), { recursive: true });
        this.configFile = path.join(this.work, `Pulumi.${opts.stack}.yaml`);
        this.env = { ...isolatedEnv(binDir, this.work), ...opts.env };
    }

    /**
     * Creates the stack as `pulumi stack init` would, without running it: its empty checkpoint in the file backend
     * (a `.pulumi/meta.yaml` of version 1, project-scoped stacks, and `.pulumi/stacks/<project>/<stack>.json` under the
     * one organization a file backend has; pkg/backend/diy in pulumi/pulumi), and its config file as
     * `pulumi config set-all` writes it, naming the stack's secrets provider (configFile.ts). `stack init` costs ~0.8 s of
     * CPU, mostly deriving the passphrase's key; the CLI reads what this writes on the stack's first command, so a
     * mistake here fails loudly.
     */
    static async create(binDir: string, opts: CliStackOptions): Promise<CliStack> {
        // Before the environment is made, which holds the stand-in's address.
        if (opts.secretsProvider !== "passphrase") await startVault();
        const stack = new CliStack(binDir, opts);
        const project = projectName(opts.projectDir);
        const bookkeeping = path.join(stack.work, "backend", ".pulumi");
        const checkpointFile = path.join(bookkeeping, "stacks", project, `${opts.stack}.json`);
        // As `stack init` refuses a stack that exists: a second create must not empty a stack's state.
        if (fs.existsSync(checkpointFile)) throw new Error(`stack ${opts.stack} exists already in ${stack.work} (EEXIST)`);
        const provider = opts.secretsProvider === "passphrase" ? { passphrase: CliStack.PASSPHRASE } : "vault";
        const secretsProvider = await writeConfigFile(stack.configFile, project, opts.config ?? {}, provider);
        // What `stack init` writes: an empty deployment whose manifest the engine checks (magic: the SHA-256 of the
        // CLI's version; pkg/resource/deploy/manifest.go), with the stack's secrets provider.
        const version = await cliVersion(binDir);
        const manifest = { time: new Date().toISOString(), magic: createHash("sha256").update(version).digest("hex"), version };
        const latest = { manifest, secrets_providers: secretsProvider, metadata: {} };
        fs.mkdirSync(path.dirname(checkpointFile), { recursive: true });
        fs.writeFileSync(path.join(bookkeeping, "meta.yaml"), "version: 1\n");
        fs.writeFileSync(checkpointFile, JSON.stringify({ version: 3, checkpoint: { stack: `organization/${project}/${opts.stack}`, latest } }), {
            flag: "wx",
        });
        return stack;
    }

    /**
     * The same stack (backend, PULUMI_HOME, config file, environment) run from the program in another folder: a step of
     * a scenario that a fresh CI runner would run, where only the program and the stack's state travel.
     */
    inFolder(projectDir: string): CliStack {
        return new CliStack(this.binDir, { ...this.opts, projectDir, work: this.work });
    }

    async setConfig(key: string, value: string, o: { secret?: boolean } = {}): Promise<void> {
        await this.ok(["config", "set", ...(o.secret ? ["--secret"] : []), "--config-file", this.configFile, key, value]);
    }

    /** Runs `pulumi <args>` in the project's folder and returns whatever happened. */
    run(args: readonly string[], o: RunOptions = {}): Promise<CliResult> {
        return this.start(args, o).done;
    }

    /** Starts `pulumi <args>`: its process id (a test may kill it) and what it printed once it ended. */
    start(args: readonly string[], o: RunOptions = {}): { pid: number | undefined; done: Promise<CliResult> } {
        const stackArgs = o.noStack ? [] : ["--non-interactive", "--color", "never", "--stack", this.opts.stack];
        const child = spawn(path.join(this.binDir, "pulumi"), [...args, ...stackArgs], {
            cwd: this.opts.projectDir,
            env: { ...this.env, ...o.env },
            stdio: ["ignore", "pipe", "pipe"],
        });
        const done = new Promise<CliResult>((resolve, reject) => {
            let stdout = "";
            let stderr = "";
            let output = "";
            child.stdout.on("data", (d: Buffer) => {
                stdout += d.toString();
                output += d.toString();
            });
            child.stderr.on("data", (d: Buffer) => {
                stderr += d.toString();
                output += d.toString();
            });
            child.on("error", reject);
            child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 128 : -1), stdout, stderr, output }));
        });
        return { pid: child.pid, done };
    }

    /** Runs `pulumi <args>` and fails with its whole output when it exits non-zero. */
    async ok(args: readonly string[], o: RunOptions = {}): Promise<CliResult> {
        const r = await this.run(args, o);
        if (r.code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${r.code}:\n${r.output}`);
        return r;
    }

    private withConfig(args: readonly string[]): string[] {
        return [...args, "--config-file", this.configFile];
    }

    preview(extra: readonly string[] = []): Promise<CliResult> {
        return this.ok(this.withConfig(["preview", ...extra]));
    }
    up(extra: readonly string[] = []): Promise<CliResult> {
        return this.ok(this.upArgs(extra));
    }
    /** The arguments of `up` with this stack's config file, for {@link start}. */
    upArgs(extra: readonly string[] = []): string[] {
        return this.withConfig(["up", "--yes", "--skip-preview", ...extra]);
    }
    refresh(extra: readonly string[] = []): Promise<CliResult> {
        return this.ok(this.withConfig(["refresh", "--yes", "--skip-preview", ...extra]));
    }
    destroy(extra: readonly string[] = []): Promise<CliResult> {
        return this.ok(this.withConfig(["destroy", "--yes", "--skip-preview", ...extra]));
    }
    /** `preview --expect-no-changes --diff`: fails when the plan has any change, and shows it. */
    expectNoChanges(): Promise<CliResult> {
        return this.ok(this.withConfig(["preview", "--expect-no-changes", "--diff"]));
    }

    /** The stack's outputs (secrets as "[secret]" unless asked). */
    async outputs(o: { showSecrets?: boolean } = {}): Promise<Record<string, unknown>> {
        const r = await this.ok(["stack", "output", "--json", ...(o.showSecrets ? ["--show-secrets"] : [])]);
        return JSON.parse(r.stdout) as Record<string, unknown>;
    }

    /** `pulumi stack export`: the checkpoint as the engine wrote it. */
    async exportState(): Promise<{ text: string; deployment: StateDeployment }> {
        const r = await this.ok(["stack", "export"]);
        return { text: r.stdout, deployment: (JSON.parse(r.stdout) as { deployment: StateDeployment }).deployment };
    }

    /**
     * `pulumi plugin install resource tenantkit <version> --file plugin/`, as docs/installation-configuration.md says: the built plugin
     * folder (`npm run build`) copied into this stack's plugin cache. `from` installs another build of the same version
     * (an earlier release's); `reinstall` replaces the one installed, which the CLI otherwise keeps without a word.
     */
    async installPlugin(from = PLUGIN_DIR, o: { reinstall?: boolean } = {}): Promise<CliResult> {
        const args = ["plugin", "install", "resource", "tenantkit", TENANTKIT_VERSION, "--file", from, ...(o.reinstall ? ["--reinstall"] : [])];
        return this.ok(args, { noStack: true });
    }

    /** tenantkit's folder in this stack's plugin cache, where the engine runs it from. */
    installedPlugin(): string {
        return path.join(this.work, "home", "plugins", `resource-tenantkit-v${TENANTKIT_VERSION}`);
    }

    /**
     * Removes the stack as `pulumi stack rm` would, without paying for one more command: its work folder (its backend,
     * PULUMI_HOME and config file).
     */
    async dispose(): Promise<void> {
        fs.rmSync(this.work, { recursive: true, force: true });
    }
}

/**
 * The `name` of the project in `dir` (its Pulumi.yaml), which namespaces its own config keys and the stack's place in
 * the backend: a top-level `name:` line, or the `name` of a Pulumi.yaml written as JSON (which YAML reads too).
 */
function projectName(dir: string): string {
    const file = ["Pulumi.yaml", "Pulumi.yml"].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
    const text = file ? fs.readFileSync(file, "utf8") : "";
    let name = /^name:\s*["']?([^"'\s#]+)/m.exec(text)?.[1];
    if (!name && text.trimStart().startsWith("{")) {
        const parsed = JSON.parse(text) as { name?: unknown };
        if (typeof parsed.name === "string") name = parsed.name;
    }
    if (!name) throw new Error(`${dir} has no Pulumi.yaml naming its project`);
    return name;
}

const versions = new Map<string, Promise<string>>();

/** `pulumi version` of the CLI in `binDir`, asked once per process (not blocking: the emulator may run here). */
function cliVersion(binDir: string): Promise<string> {
    let version = versions.get(binDir);
    if (version === undefined) {
        const env = { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" };
        version = promisify(execFile)(path.join(binDir, "pulumi"), ["version"], { encoding: "utf8", env }).then((r) => r.stdout.trim());
        versions.set(binDir, version);
    }
    return version;
}

/** The provider plugin's folder as `npm run build` leaves it (scripts/plugin.ts). */
export const PLUGIN_DIR = path.resolve(__dirname, "..", "plugin");

/** tenantkit's version, which the plugin reports and installs as. */
export const TENANTKIT_VERSION = (JSON.parse(fs.readFileSync(path.resolve(__dirname, "..", "package.json"), "utf8")) as { version: string }).version;

/**
 * A copy of the program folder `from` in a new temporary folder, as a user would have it: outside this repository, so
 * that nothing resolves through the checkout's package.json or node_modules.
 */
export function programOutsideRepo(from: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tk-program-${path.basename(from)}-`));
    fs.cpSync(from, dir, { recursive: true });
    return dir;
}

/** The parts of an exported checkpoint that callers read. */
export interface StateDeployment {
    readonly resources?: ReadonlyArray<StateResource>;
    readonly pending_operations?: ReadonlyArray<{ readonly type: string; readonly resource: { readonly urn: string } }>;
}

export interface StateResource {
    readonly urn: string;
    readonly type: string;
    readonly id?: string;
    readonly inputs?: Record<string, unknown>;
    readonly outputs?: Record<string, unknown>;
    readonly initErrors?: string[];
}

/** The resources of a dynamic type (its token, e.g. `tenantkit:PushDataset`) in an exported state. */
export function resourcesOfType(d: StateDeployment, token: string): StateResource[] {
    return (d.resources ?? []).filter((r) => r.type === `pulumi-nodejs:dynamic/${token}`);
}
