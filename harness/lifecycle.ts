/**
 * `LifecycleRunner`: `pulumi preview / up / refresh / destroy` for a REAL Pulumi program, without the CLI.
 * The program runs in this process against a monitor that forwards every dynamic resource to the real provider
 * host over gRPC (see `steps.ts` for the engine's rules); state lives in a JSON file (see `state.ts`).
 *
 * Known gaps versus the engine (docs/engine-notes.md 1.4): steps run one at a time in registration order; no
 * aliases, targets, plans or provider resources; `ignoreChanges` takes top-level keys only; state holds
 * plaintext secrets; the program shares this process's @pulumi/pulumi (its module cache is reset per run).
 */
import * as path from "node:path";
import { ProviderHost, startHost } from "./host";
import { ForwardingMonitor } from "./monitor";
import { runProgram } from "./program";
import { ResourceState, StackState, loadState, saveState } from "./state";
import { errorText } from "./errors";
import { Deployment } from "./steps";
import { HostLogs, RunResult } from "./step-types";
import { deepEqual, diffLines } from "./display";
import { PropertyMap, StackConfig, isSecret, urnName } from "./wire";

export * from "./step-types";
export { UNKNOWN, isSecret, secret } from "./wire";
export type { PropertyMap, PropertyValue, Secret, StackConfig } from "./wire";
export type { ResourceState, StackState } from "./state";

/** Options of a {@link LifecycleRunner}. */
export interface LifecycleOptions {
    /** The program's entry file (`index.ts` or `.js`). */
    programPath: string;
    /** The project folder, where the engine starts the provider host; default: the program's folder. */
    cwd?: string;
    /** The JSON state file (created on the first `up`). */
    statePath: string;
    /** Stack config: namespaced keys (`tenantkit:graphEndpoint`), secrets wrapped with `secret()`. */
    config: StackConfig;
    /** Project name; default `project`. `new pulumi.Config()` in the program reads `<project>:key`. */
    project?: string;
    /** Stack name; default `dev`. */
    stack?: string;
    /** Environment added to the provider host's (the engine passes its own environment to plugins). */
    hostEnv?: Record<string, string>;
    /** Print the host's output as it arrives. */
    echo?: boolean;
    /** Called with each operation's provider host once it runs (crash tests kill its process). */
    onHost?: (host: ProviderHost) => void;
}

/** Runs operations on one stack. Each operation starts one provider host, configures it, and closes it. */
export class LifecycleRunner {
    private readonly project: string;
    private readonly stack: string;

    constructor(private readonly opts: LifecycleOptions) {
        this.project = opts.project ?? "project";
        this.stack = opts.stack ?? "dev";
    }

    /** `pulumi up`, or `pulumi preview` with `{ preview: true }` (Check and Diff only, state untouched). */
    async up(options: { preview?: boolean } = {}): Promise<RunResult> {
        const preview = options.preview ?? false;
        return this.operation(preview, { runProgram: true }, async (deployment) => {
            const monitor = new ForwardingMonitor(deployment, this.project, this.stack);
            const programError = await runProgram({
                programPath: path.resolve(this.opts.programPath),
                project: this.project,
                stack: this.stack,
                config: this.opts.config,
                preview,
                monitor,
                aborted: deployment.abortedSignal,
            });
            if (programError && !deployment.aborted) deployment.fail(undefined, programError.message);
            if (!deployment.aborted) await deployment.deleteLeftovers().catch(() => undefined);
            return deployment.finalState();
        });
    }

    /** `pulumi preview`. */
    preview(): Promise<RunResult> {
        return this.up({ preview: true });
    }

    /**
     * `pulumi refresh`: Read each resource; an empty id drops it, returned inputs replace the stored ones, init errors
     * are cleared. A failed read fails the refresh but the others are still read. Without `runProgram` the provider
     * is configured with the config saved at the last `up`, as the engine does.
     */
    async refresh(options: { preview?: boolean; runProgram?: boolean } = {}): Promise<RunResult> {
        return this.operation(options.preview ?? false, options, async (deployment, prior) => {
            const resources: ResourceState[] = [];
            for (const r of prior.resources) {
                if (!r.custom || deployment.aborted) {
                    resources.push(r);
                    continue;
                }
                const step = { urn: r.urn, type: r.type, name: urnName(r.urn), preview: deployment.preview };
                try {
                    const h = await deployment.host();
                    const read = await h.read({ urn: r.urn, id: r.id, state: r.outputs, inputs: r.inputs });
                    if (!read.id) {
                        deployment.steps.push({ ...step, op: "refresh:deleted", id: r.id, diff: [] });
                        continue;
                    }
                    const inputs = read.inputs ?? r.inputs;
                    const same = deepEqual(read.outs, r.outputs) && deepEqual(inputs, r.inputs);
                    const op = same ? "refresh:same" : "refresh:update";
                    deployment.steps.push({ ...step, op, id: read.id, diff: diffLines(r.outputs, read.outs) });
                    resources.push({ ...r, id: read.id, inputs, outputs: read.outs, initErrors: undefined });
                } catch (err) {
                    deployment.errors.push({ urn: r.urn, message: `refresh failed: ${errorText(err)}` });
                    resources.push(r);
                }
            }
            return resources;
        });
    }

    /**
     * `pulumi destroy`: deletes in reverse order with the `__provider` stored in each resource's outputs. Without
     * `runProgram` the provider is configured with the config saved at the last `up`, as the engine does.
     */
    async destroy(options: { preview?: boolean; runProgram?: boolean } = {}): Promise<RunResult> {
        return this.operation(options.preview ?? false, options, async (deployment, prior) => {
            const remaining = [...prior.resources];
            for (const r of [...prior.resources].reverse()) {
                try {
                    await deployment.deleteResource(r, "delete");
                    remaining.splice(remaining.indexOf(r), 1);
                } catch {
                    break;
                }
            }
            return remaining;
        });
    }

    /** The parsed state file. */
    state(): StackState {
        return loadState(this.opts.statePath);
    }

    private async operation(
        preview: boolean,
        how: { runProgram?: boolean },
        body: (deployment: Deployment, prior: StackState) => Promise<ResourceState[]>,
    ): Promise<RunResult> {
        const started = performance.now();
        const prior = this.state();
        // Up (and anything with --run-program) configures the provider from the current config; refresh and destroy
        // from the config saved at the last up.
        const config = how.runProgram || !prior.providerConfig ? this.opts.config : { ...secretsOf(this.opts.config), ...prior.providerConfig };
        const session = new HostSession({ ...this.opts, config }, this.project);
        const deployment = new Deployment(prior, preview, () => session.get());
        let resources: ResourceState[];
        try {
            resources = await body(deployment, prior);
        } finally {
            await session.close();
        }
        const outputs = stackOutputs(prior, resources, deployment);
        const stackResource = resources.find((r) => r.type === "pulumi:pulumi:Stack");
        if (stackResource) stackResource.outputs = outputs;
        if (!preview) {
            // The engine records the default provider (and its config) when the program registers a resource of it,
            // and deletes it with the last resource.
            const providerConfig = resources.length === 0 ? undefined : how.runProgram && session.configured ? plainOf(config) : prior.providerConfig;
            saveState(this.opts.statePath, { resources, outputs, ...(providerConfig ? { providerConfig } : {}) });
        }
        return {
            preview,
            steps: deployment.steps,
            errors: deployment.errors,
            outputs,
            logs: session.logs,
            ms: performance.now() - started,
        };
    }
}

/**
 * The stack outputs after an operation: those the program registered; after a failure, the prior ones with
 * only the registered keys replaced (engine since 3.112, pulumi/pulumi#15754); none once the stack is empty.
 */
function stackOutputs(prior: StackState, resources: ResourceState[], deployment: Deployment): PropertyMap {
    if (resources.length === 0) return {};
    const registered = deployment.stackOutputs;
    if (registered && deployment.errors.length === 0) return registered;
    return { ...prior.outputs, ...registered };
}

/** One provider host per operation, started on first use and configured before any other call. */
class HostSession {
    readonly logs: HostLogs = { stdout: [], stderr: [] };
    private host: Promise<ProviderHost> | undefined;
    /** Set as soon as the process runs, so that `close` kills it even when configuring it failed. */
    private started: ProviderHost | undefined;

    constructor(
        private readonly opts: LifecycleOptions,
        private readonly project: string,
    ) {}

    /** Whether this operation started and configured a provider host. */
    get configured(): boolean {
        return this.started !== undefined;
    }

    get(): Promise<ProviderHost> {
        this.host ??= (async () => {
            const cwd = this.opts.cwd ?? path.dirname(path.resolve(this.opts.programPath));
            const h = await startHost({ cwd, project: this.project, config: this.opts.config, env: this.opts.hostEnv, echo: this.opts.echo });
            this.started = h;
            this.opts.onHost?.(h);
            this.logs.stdout = h.stdout;
            this.logs.stderr = h.stderr;
            await h.handshake(cwd);
            await h.getPluginInfo();
            await h.configure(this.opts.config);
            return h;
        })();
        return this.host;
    }

    async close(): Promise<void> {
        await this.host?.catch(() => undefined);
        await this.started?.close();
    }
}

/** The secret entries of a stack config. */
function secretsOf(config: StackConfig): StackConfig {
    return Object.fromEntries(Object.entries(config).filter(([, v]) => isSecret(v)));
}

/** The entries of a stack config that are not secret: what the harness may write into its state file. */
function plainOf(config: StackConfig): StackConfig {
    return Object.fromEntries(Object.entries(config).filter(([, v]) => !isSecret(v)));
}
