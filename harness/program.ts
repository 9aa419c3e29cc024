/**
 * Running a real Pulumi program in this process, the way the Node.js language host does
 * (`@pulumi/pulumi/cmd/run/run.js`): stack config set with `setAllConfig`, then the program required inside
 * `runInPulumiStack`, so the root `Stack` resource exists and `registerStackTransformation` works.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as runtimeConfig from "@pulumi/pulumi/runtime/config";
import * as settings from "@pulumi/pulumi/runtime/settings";
import * as sdkState from "@pulumi/pulumi/runtime/state";
import { runInPulumiStack } from "@pulumi/pulumi/runtime/stack";
import { MockMonitor } from "@pulumi/pulumi/runtime/mocks";
import { StackConfig, isSecret } from "./wire";

/** What a program run needs. */
export interface ProgramRunOptions {
    programPath: string;
    project: string;
    stack: string;
    config: StackConfig;
    preview: boolean;
    monitor: MockMonitor;
    /** Resolves when a step failed: the engine stops waiting for the program then. */
    aborted: Promise<void>;
}

/** The SDK's internal settings and store fields the harness must reset (not in the published typings). */
interface SdkInternals {
    waitForRPCs(): Promise<void>;
    _reset(): void;
}
interface SdkStore {
    terminated: boolean;
    supportsSecrets: boolean;
    supportsResourceReferences: boolean;
    leakCandidates: Set<Promise<unknown>>;
}

const sdk = settings as unknown as SdkInternals;
const getStore = (sdkState as unknown as { getStore(): SdkStore }).getStore;

/** Modules each program loaded on its previous runs (absolute paths), so the next run gets fresh copies. */
const loadedByProgram = new Map<string, Set<string>>();

/**
 * Runs the program; resolves with the error that stopped it, if any. Stack outputs are not returned here:
 * the monitor receives them through `RegisterResourceOutputs`, as the engine does.
 */
export async function runProgram(opts: ProgramRunOptions): Promise<Error | undefined> {
    ensureTypeScript(opts.programPath);
    forgetProgramModules(opts.programPath);
    const plain: Record<string, string> = {};
    const secretKeys: string[] = [];
    for (const [key, value] of Object.entries(opts.config)) {
        plain[key] = isSecret(value) ? value.value : value;
        if (isSecret(value)) secretKeys.push(key);
    }
    runtimeConfig.setAllConfig(plain, secretKeys);
    settings.setMockOptions(opts.monitor, opts.project, opts.stack, opts.preview);
    const store = getStore();
    // As `setMocks` does; `terminated` survives from an earlier failed run otherwise.
    store.terminated = false;
    store.supportsSecrets = true;
    store.supportsResourceReferences = true;

    const before = new Set(Object.keys(require.cache));
    const unhandled = catchUnhandled();
    let stopped = false;
    const aborted = opts.aborted.then(() => {
        stopped = true;
    });
    let error: Error | undefined;
    try {
        const finished = runInPulumiStack(async () => {
            // eslint-disable-next-line @typescript-eslint/no-require-imports -- a program by path, or ts-node only when a TypeScript program needs it
            const programExport: unknown = require(opts.programPath);
            // run.js: "If the exported value was itself a Function, then just execute it."
            return typeof programExport === "function" ? await (programExport as () => unknown)() : programExport;
        });
        await Promise.race([finished, aborted]);
    } catch (err) {
        error = err instanceof Error ? err : new Error(String(err));
    }
    try {
        // Registrations still in flight finish before the operation ends, even after a program error, as the
        // engine lets running steps complete.
        await Promise.race([sdk.waitForRPCs(), aborted]);
    } finally {
        // As run.js: an error nobody handled (a registration that failed after the program's own code returned,
        // such as a rejected `dependsOn` promise) fails the program like a thrown one.
        const late = await unhandled.stop();
        error ??= late;
        rememberProgramModules(opts.programPath, before);
        // The SDK keeps stack config in its global store; a program-side function that runs later in this
        // process (a test calling getX) must not see a finished run's config (test/harness/harness-config-leak.spec.ts).
        runtimeConfig.setAllConfig({}, []);
        if (stopped) {
            // A stopped run leaves SDK promises pending forever; forgetting them keeps the SDK's exit hook from
            // failing the test process ("The Pulumi runtime detected that N promises were still active"). The
            // monitor stays installed, so late calls of the stopped run still get UNAVAILABLE.
            store.leakCandidates = new Set();
        } else {
            // Leaves no mock monitor, preview flag or leak candidates behind for other tests in this process.
            sdk._reset();
        }
    }
    return error;
}

/**
 * Takes over `unhandledRejection` for the run, as the language host does (cmd/run/run.js installs its own handler);
 * the test runner's handler would otherwise fail the test for what is the program's error. Resolves with the
 * first such error once the run is over, after the handlers are put back.
 */
function catchUnhandled(): { stop(): Promise<Error | undefined> } {
    const saved = process.listeners("unhandledRejection");
    let first: Error | undefined;
    const handler = (reason: unknown): void => {
        first ??= reason instanceof Error ? reason : new Error(String(reason));
    };
    process.removeAllListeners("unhandledRejection");
    process.on("unhandledRejection", handler);
    return {
        async stop() {
            // Node reports unhandled rejections after the microtask queue drains; let the last ones arrive.
            await new Promise((resolve) => setImmediate(resolve));
            process.removeListener("unhandledRejection", handler);
            for (const l of saved) process.on("unhandledRejection", l);
            return first;
        },
    };
}

/** The package's compiled modules (`bin/`), which a program may load by package name. */
function packageBinDir(): string | undefined {
    try {
        return path.join(fs.realpathSync(path.dirname(require.resolve("pulumi-tenantkit/package.json"))), "bin") + path.sep;
    } catch {
        return undefined;
    }
}

/**
 * Drops from the require cache the program, its local modules and the package's `bin/` modules, so that the
 * next run executes them again; node_modules (and so @pulumi/pulumi, which holds the runtime's state) stay.
 */
function forgetProgramModules(programPath: string): void {
    const programDir = path.dirname(programPath) + path.sep;
    const binDir = packageBinDir();
    const earlier = loadedByProgram.get(programPath) ?? new Set<string>();
    for (const key of Object.keys(require.cache)) {
        if (key.includes(`${path.sep}node_modules${path.sep}`) || key.startsWith(__dirname + path.sep)) continue;
        const local = key.startsWith(programDir) || earlier.has(key);
        if (local || (binDir !== undefined && key.startsWith(binDir))) delete require.cache[key];
    }
}

function rememberProgramModules(programPath: string, before: Set<string>): void {
    const loaded = loadedByProgram.get(programPath) ?? new Set<string>();
    for (const key of Object.keys(require.cache)) if (!before.has(key)) loaded.add(key);
    loadedByProgram.set(programPath, loaded);
}

/**
 * A `.ts` program needs ts-node; the test process registers it (test/support/register.js), a script may not.
 * Registered transpile-only, like the Pulumi CLI does for TypeScript programs.
 */
function ensureTypeScript(programPath: string): void {
    if (!/\.[cm]?ts$/.test(programPath) || require.extensions[".ts"]) return;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a program by path, or ts-node only when a TypeScript program needs it
    const tsNode = require("ts-node") as { register(opts: { transpileOnly: boolean }): unknown };
    tsNode.register({ transpileOnly: true });
}
