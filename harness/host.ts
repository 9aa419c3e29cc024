/**
 * A typed driver of the REAL Pulumi Node.js dynamic provider host (`@pulumi/pulumi/cmd/dynamic-provider`),
 * marshalling exactly as the engine does (pulumi/pulumi `sdk/go/common/resource/plugin/provider_plugin.go`):
 * - Configure carries the whole stack config, namespaced, secrets wrapped; the host answers
 *   `acceptSecrets=false, supportsPreview=false`.
 * - So every later call strips secrets, and secrets are put back on results with `annotateSecrets`.
 * - Unknowns travel only in preview; Create and Update are never sent in preview.
 * - Every CRUD call waits for Configure, as the engine does: the host itself does not, and a call that overtakes
 *   Configure crashes inside `config.get` (docs/engine-notes.md 1.1, "Ordering trap").
 */
import type { ChildProcess } from "node:child_process";
import { HostCallError, toHostCallError } from "./errors";
import { GrpcServiceError, ProviderClient, ProviderMethod, dialProvider, empty, fromOptionalStruct, fromStruct, provider, toStruct } from "./grpc";
import { HostProcessOptions, killHost, spawnHost } from "./host-process";
import * as T from "./host-types";
import { PropertyMap, StackConfig, annotateSecrets, dropUnknownsMap, stripSecretsMap, urnName, urnType } from "./wire";

export * from "./host-types";
export { urnName, urnType } from "./wire";
export { HostCallError } from "./errors";
export type { PartialFailure } from "./errors";

/** Options of {@link startHost}: `cwd` (the program's folder), `project?`, `config?`, `env?`, `echo?`. */
export type StartHostOptions = HostProcessOptions;

/** Spawns the host with the engine's cwd and environment, reads its port, dials it and waits until ready. */
export async function startHost(opts: StartHostOptions): Promise<ProviderHost> {
    const hp = await spawnHost(opts);
    const client = dialProvider(hp.port);
    try {
        await new Promise<void>((resolve, reject) => client.waitForReady(Date.now() + 10_000, (err) => (err ? reject(err) : resolve())));
    } catch (err) {
        client.close();
        await killHost(hp.proc);
        throw err;
    }
    return new ProviderHost(client, hp.proc, hp.port, hp.stdout, hp.stderr);
}

type RequestOf<M extends ProviderMethod> = Parameters<ProviderClient[M]>[0];
type Callback<R> = (err: GrpcServiceError | null, resp: R) => void;
type ResponseOf<M extends ProviderMethod> = Parameters<Parameters<ProviderClient[M]>[1]>[1];

const DIFF_CHANGES: Record<number, T.DiffChanges> = { 0: "DIFF_UNKNOWN", 1: "DIFF_NONE", 2: "DIFF_SOME" };

/** A connected provider host process. Always `await host.close()`. */
export class ProviderHost {
    /** gRPC calls made so far, in order. */
    readonly calls: T.HostCall[] = [];
    private configured: Promise<T.ConfigureResult> | undefined;
    private acceptSecrets = false;
    private supportsPreview = false;
    private closed = false;

    constructor(
        private readonly client: ProviderClient,
        private readonly proc: ChildProcess,
        /** The port the host printed. */
        readonly port: number,
        /** The host's stdout lines after the port line (provider `console.log`, `pulumi.log` output). */
        readonly stdout: string[],
        /** The host's stderr lines (stack traces of failed calls). */
        readonly stderr: string[],
    ) {}

    /** The host's process id (for tests that check it is gone after `close`). */
    get pid(): number | undefined {
        return this.proc.pid;
    }

    /** `Handshake`: UNIMPLEMENTED by the dynamic provider host, which the engine tolerates. */
    async handshake(rootDirectory?: string): Promise<T.HandshakeResult> {
        const req = new provider.ProviderHandshakeRequest();
        req.setEngineAddress("127.0.0.1:1");
        if (rootDirectory) req.setRootDirectory(rootDirectory).setProgramDirectory(rootDirectory);
        try {
            await this.rpc("handshake", req);
            return { implemented: true };
        } catch (err) {
            if (err instanceof HostCallError) return { implemented: false, codeName: err.codeName };
            throw err;
        }
    }

    /** `GetPluginInfo`: the @pulumi/pulumi version of the host. */
    async getPluginInfo(): Promise<string> {
        const info = await this.rpc("getPluginInfo", new empty.Empty());
        return info.getVersion();
    }

    /**
     * `Configure` with the full stack config: namespaced keys, secrets wrapped (engine `GetPackageConfig` for a
     * dynamic provider). The host unwraps top-level secrets. Every CRUD method waits for this call.
     */
    configure(stackConfig: StackConfig): Promise<T.ConfigureResult> {
        const req = new provider.ConfigureRequest();
        const vars = req.getVariablesMap();
        for (const [key, value] of Object.entries(stackConfig)) {
            // The deprecated `variables` map only holds the provider's own package; the host ignores it anyway.
            if (key.startsWith("pulumi-nodejs:")) {
                const name = key.slice("pulumi-nodejs:".length);
                vars.set(`pulumi-nodejs:config:${name}`, typeof value === "string" ? value : value.value);
            }
        }
        req.setArgs(toStruct(stackConfig));
        req.setAcceptsecrets(true).setAcceptresources(true).setSendsOldInputs(true).setSendsOldInputsToDelete(true);
        req.setType("pulumi:providers:pulumi-nodejs").setName("default");
        this.configured = this.rpc("configure", req).then((resp) => {
            this.acceptSecrets = resp.getAcceptsecrets();
            this.supportsPreview = resp.getSupportspreview();
            return {
                acceptSecrets: resp.getAcceptsecrets(),
                supportsPreview: resp.getSupportspreview(),
                acceptResources: resp.getAcceptresources(),
                acceptOutputs: resp.getAcceptoutputs(),
            };
        });
        return this.configured;
    }

    /** `Check`: validates and normalises inputs. Failures come back in the result, not as an error. */
    async check(args: T.CheckArgs): Promise<T.CheckResult> {
        await this.ready("check");
        const req = new provider.CheckRequest();
        req.setUrn(args.urn).setName(urnName(args.urn)).setType(urnType(args.urn));
        req.setOlds(this.marshal(args.olds ?? {}, args.preview)).setNews(this.marshal(args.news, args.preview));
        req.setRandomseed(new Uint8Array(32));
        const resp = await this.rpc("check", req);
        return {
            inputs: this.unmarshal(resp.getInputs(), args.news),
            failures: resp.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
        };
    }

    /** `Diff`: old outputs travel as `olds`, old inputs as `oldInputs`. */
    async diff(args: T.DiffArgs): Promise<T.DiffResult> {
        await this.ready("diff");
        const req = new provider.DiffRequest();
        req.setUrn(args.urn).setId(args.id).setName(urnName(args.urn)).setType(urnType(args.urn));
        req.setOldInputs(this.marshal(args.oldInputs, args.preview)).setOlds(this.marshal(args.oldOutputs, args.preview));
        req.setNews(this.marshal(args.newInputs, args.preview)).setIgnorechangesList(args.ignoreChanges ?? []);
        const resp = await this.rpc("diff", req);
        return {
            changes: DIFF_CHANGES[resp.getChanges()] ?? "DIFF_UNKNOWN",
            replaces: resp.getReplacesList(),
            stables: resp.getStablesList(),
            deleteBeforeReplace: resp.getDeletebeforereplace(),
            hasDetailedDiff: resp.getHasdetaileddiff(),
        };
    }

    /** `Create`. A partial failure rejects with a {@link HostCallError} whose `partial` holds id and outputs. */
    async create(args: T.CreateArgs): Promise<T.CreateResult> {
        await this.ready("create");
        // provider_plugin.go Create: "if this is a preview and the plugin does not support provider previews ...
        // hand back the inputs as the state". The host itself would act for real on preview=true.
        if (args.preview && !this.supportsPreview) return { id: "", outs: args.properties, sent: false };
        const req = new provider.CreateRequest();
        req.setUrn(args.urn).setName(urnName(args.urn)).setType(urnType(args.urn));
        req.setProperties(this.marshal(args.properties, args.preview)).setPreview(Boolean(args.preview));
        req.setTimeout(args.timeout ?? 0);
        try {
            const resp = await this.rpc("create", req);
            return { id: resp.getId(), outs: this.unmarshal(resp.getProperties(), args.properties), sent: true };
        } catch (err) {
            if (err instanceof HostCallError && err.partial && !this.acceptSecrets)
                err.partial.outs = annotateSecrets(err.partial.outs, args.properties);
            throw err;
        }
    }

    /** `Read`: refresh (prior outputs as `state`) or a read by id (the program's properties as both). */
    async read(args: T.ReadArgs): Promise<T.ReadResult> {
        await this.ready("read");
        const req = new provider.ReadRequest();
        req.setUrn(args.urn).setId(args.id).setName(urnName(args.urn)).setType(urnType(args.urn));
        req.setProperties(this.marshal(args.state ?? {}, false));
        if (args.inputs) req.setInputs(this.marshal(args.inputs, false));
        const resp = await this.rpc("read", req);
        const newInputs = fromOptionalStruct(resp.getInputs());
        return {
            id: resp.getId(),
            outs: this.unmarshal(resp.getProperties(), args.state),
            inputs: newInputs && (this.acceptSecrets ? newInputs : annotateSecrets(newInputs, args.inputs)),
        };
    }

    /**
     * `Update`; in preview the engine sends nothing and uses the new inputs as outputs. A partial failure rejects
     * with a {@link HostCallError} whose `partial` holds the outputs the engine records.
     */
    async update(args: T.UpdateArgs): Promise<T.UpdateResult> {
        await this.ready("update");
        if (args.preview && !this.supportsPreview) return { outs: args.newInputs, sent: false };
        const req = new provider.UpdateRequest();
        req.setUrn(args.urn).setId(args.id).setName(urnName(args.urn)).setType(urnType(args.urn));
        req.setOlds(this.marshal(args.oldOutputs, false)).setOldInputs(this.marshal(args.oldInputs, false));
        req.setNews(this.marshal(args.newInputs, false)).setIgnorechangesList(args.ignoreChanges ?? []);
        req.setTimeout(args.timeout ?? 0).setPreview(Boolean(args.preview));
        try {
            const resp = await this.rpc("update", req);
            return { outs: this.unmarshal(resp.getProperties(), args.newInputs), sent: true };
        } catch (err) {
            if (err instanceof HostCallError && err.partial && !this.acceptSecrets)
                err.partial.outs = annotateSecrets(err.partial.outs, args.newInputs);
            throw err;
        }
    }

    /** `Delete`, with the prior outputs (and so the `__provider` saved in state). */
    async delete(args: T.DeleteArgs): Promise<void> {
        await this.ready("delete");
        const req = new provider.DeleteRequest();
        req.setUrn(args.urn).setId(args.id).setName(urnName(args.urn)).setType(urnType(args.urn));
        req.setProperties(this.marshal(args.outputs, false)).setOldInputs(this.marshal(args.oldInputs, false));
        req.setTimeout(args.timeout ?? 0);
        await this.rpc("delete", req);
    }

    /** Cancels outstanding work, closes the channel and kills the process; safe to call twice. */
    async close(): Promise<void> {
        if (this.closed) return;
        this.closed = true;
        if (this.proc.exitCode === null) await this.rpc("cancel", new empty.Empty()).catch(() => undefined);
        this.client.close();
        await killHost(this.proc);
    }

    private async ready(method: string): Promise<void> {
        if (!this.configured) {
            throw new Error(`${method}() called before configure(): the engine always configures a provider first`);
        }
        await this.configured;
    }

    private marshal(props: PropertyMap, keepUnknowns: boolean | undefined) {
        const wire = this.acceptSecrets ? props : stripSecretsMap(props);
        return toStruct(keepUnknowns ? wire : dropUnknownsMap(wire));
    }

    private unmarshal(s: Parameters<typeof fromStruct>[0], secretSource: PropertyMap | undefined): PropertyMap {
        return this.acceptSecrets ? fromStruct(s) : annotateSecrets(fromStruct(s), secretSource);
    }

    private rpc<M extends ProviderMethod>(method: M, req: RequestOf<M>): Promise<ResponseOf<M>> {
        // Every ProviderMethod has the shape (req, callback); TypeScript cannot narrow the union by `method`.
        const send = this.client[method] as unknown as (req: RequestOf<M>, cb: Callback<ResponseOf<M>>) => void;
        const started = performance.now();
        return new Promise<ResponseOf<M>>((resolve, reject) => {
            send.call(this.client, req, (err, resp) => {
                this.calls.push({ method, ok: !err, ms: performance.now() - started });
                if (err) reject(toHostCallError(method, err));
                else resolve(resp);
            });
        });
    }
}
