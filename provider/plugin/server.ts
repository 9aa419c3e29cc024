/**
 * The gRPC side of the plugin: pulumirpc.ResourceProvider over the SDK's generated modules and `@grpc/grpc-js`,
 * each request decoded (properties.ts), handed to operations.ts or config.ts, and answered. What the SDK's own
 * provider server does not do and this one must (`sdk/nodejs/provider/server.ts` at v3.259.0): Configure keeps the
 * configuration, CheckConfig and DiffConfig answer, Diff sends a detailed diff, Read answers an import (no state)
 * with the inputs, and a failure after a side effect carries the object (ErrorResourceInitFailed).
 */
import * as grpc from "@grpc/grpc-js";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import type { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { useWarningChannel } from "../core/host/engineLog";
import { Operation } from "../core/http/operation";
import { redactSecrets } from "../core/errors/redact";
import { urnParts } from "../core/model/patterns";
import type { JsonObject } from "../core/model/json";
import { checkConfig, diffConfig, handlerConfiguration, isDefaultProvider } from "./config";
import type { Operations } from "./operations";
import { UnknownTokenError } from "./unknownToken";
import { fromStruct, toStruct, type SecretPath, type Unwrapped } from "./properties";

/* eslint-disable @typescript-eslint/no-require-imports -- the SDK ships its generated modules without declarations for these paths' deep imports */
const provider = require("@pulumi/pulumi/proto/provider_pb") as typeof import("@pulumi/pulumi/proto/provider_pb");
const providerRpc = require("@pulumi/pulumi/proto/provider_grpc_pb") as typeof import("@pulumi/pulumi/proto/provider_grpc_pb");
const plugin = require("@pulumi/pulumi/proto/plugin_pb") as typeof import("@pulumi/pulumi/proto/plugin_pb");
const engine = require("@pulumi/pulumi/proto/engine_pb") as typeof import("@pulumi/pulumi/proto/engine_pb");
const engineRpc = require("@pulumi/pulumi/proto/engine_grpc_pb") as typeof import("@pulumi/pulumi/proto/engine_grpc_pb");
const status = require("@pulumi/pulumi/proto/status_pb") as typeof import("@pulumi/pulumi/proto/status_pb");
/* eslint-enable @typescript-eslint/no-require-imports */

type Call<Req> = grpc.ServerUnaryCall<Req, unknown>;
type Callback<Res> = grpc.sendUnaryData<Res>;

/** How long a warning may wait for the engine before it goes to stderr instead. */
const LOG_DEADLINE_MS = 5_000;

export interface PluginIdentity {
    readonly version: string;
    readonly schema: string;
}

/** An error as the engine gets it; with an object's id and state when it exists despite the failure. */
function grpcError(err: unknown): grpc.ServiceError {
    const e = err as Error & { id?: string; properties?: JsonObject; reasons?: string[]; secret?: Iterable<string>; nested?: readonly SecretPath[] };
    const message = redactSecrets(e instanceof Error ? e.message : String(err));
    const metadata = new grpc.Metadata();
    if (typeof e?.id === "string" && e.id !== "") {
        const detail = new provider.ErrorResourceInitFailed();
        detail.setId(e.id);
        // Marked as operations.ts `partial` says: the engine keeps the marks (it accepts secrets) and adds none.
        detail.setProperties(toStruct(e.properties ?? {}, e.secret ?? [], e.nested ?? []));
        detail.setReasonsList(e.reasons ?? [message]);
        const any = new Any();
        any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
        const s = new status.Status();
        s.setCode(grpc.status.UNKNOWN);
        s.setMessage(message);
        s.addDetails(any);
        metadata.add("grpc-status-details-bin", Buffer.from(s.serializeBinary()));
    }
    const code = err instanceof UnknownTokenError ? grpc.status.INVALID_ARGUMENT : grpc.status.UNKNOWN;
    return Object.assign(new Error(message), { code, details: message, metadata });
}

/** Runs `body` and answers with its result or its error. */
function unary<Req, Res>(body: (req: Req) => Promise<Res> | Res) {
    return (call: Call<Req>, callback: Callback<Res>): void => {
        Promise.resolve()
            .then(() => body(call.request))
            .then(
                (res) => callback(null, res),
                (err: unknown) => callback(grpcError(err), null),
            );
    };
}

function failures(list: readonly { property: string; reason: string }[]) {
    return list.map((f) => {
        const failure = new provider.CheckFailure();
        failure.setProperty(f.property);
        failure.setReason(f.reason);
        return failure;
    });
}

const props = (s: Struct | undefined): Unwrapped => fromStruct(s);

/** `require.ensure`, which webpack (the bundle, scripts/plugin.ts) reads as a split point; plain Node has none. */
type EnsuringRequire = NodeJS.Require & {
    ensure?(dependencies: string[], callback: () => void, onError: (err: unknown) => void, chunkName: string): void;
};

/**
 * The resource and function operations with all they load: every handler, zod, the sign-in objects, the HTTP client
 * and the credential libraries. In the bundle they are a chunk of their own, read and compiled on the first request
 * that needs one (Check, Diff, ...), so that the plugin answers GetPluginInfo, GetSchema and the configuration calls
 * after compiling only what serving them takes: the whole bundle cost a plugin ~100 ms more to start than a bare
 * one (issue 51). Unbundled (tests, bin/), the module is required as it is.
 */
function loadOperations(): Promise<typeof import("./operations")> {
    type OperationsModule = typeof import("./operations");
    /* eslint-disable @typescript-eslint/no-require-imports -- webpack splits at a literal require.ensure and require */
    // A conditional, not an early return: webpack drops the branch a constant condition rules out, and only then is
    // the module left out of the bundle's first file.
    return typeof (require as EnsuringRequire).ensure === "function"
        ? new Promise((resolve, reject) => (require as EnsuringRequire).ensure!([], () => resolve(require("./operations") as OperationsModule), reject, "operations"))
        : Promise.resolve(require("./operations") as OperationsModule);
    /* eslint-enable @typescript-eslint/no-require-imports */
}

/**
 * The service implementation; `engineAddress` is where warnings are sent (the engine's Log). `cancelled` aborts every
 * operation of the process, now and after: the engine's Cancel aborts it, and so does main.ts when the engine is gone.
 */
export function resourceProviderService(
    identity: PluginIdentity,
    engineAddress: string | undefined,
    cancelled: AbortController = new AbortController(),
): grpc.UntypedServiceImplementation {
    // Loaded on the first resource or function request; Configure only keeps what the operations are configured with.
    let configuration: Parameters<Operations["configure"]>[0] | undefined;
    let ops: Operations | undefined;
    let loading: Promise<Operations> | undefined;
    const operations = (): Promise<Operations> =>
        (loading ??= loadOperations().then((m) => {
            ops = new m.Operations();
            if (configuration !== undefined) ops.configure(configuration);
            return ops;
        }));
    /**
     * The operation of one request, which the handler gets in its call context: the engine's cancellation and the
     * request's timeout (`customTimeouts`, in seconds; 0 when none). Requests in flight, retries, throttle waits and token
     * waits end when either comes (core/http/operation.ts); another request's operation is not touched by its timeout.
     */
    const operation = (timeoutSeconds: number): Operation =>
        new Operation({ signal: cancelled.signal, ...(timeoutSeconds > 0 ? { deadline: Date.now() + timeoutSeconds * 1000 } : {}) });
    // The engine's address comes on the command line, or later through Attach (PULUMI_DEBUG_PROVIDERS).
    let engineClient = engineAddress ? new engineRpc.EngineClient(engineAddress, grpc.credentials.createInsecure()) : undefined;
    // Attached, one process serves every tenantkit provider of the program; the requests after Configure do not say
    // which provider they are for, so this process can hold one provider's settings only.
    let attached = false;
    let configuredFor: { urn: string; settings: string } | undefined;
    // The providers this process ran CheckConfig for: the engine configures them within a preview or an `up`, with
    // inputs that say how the stack config holds each credential now (config.ts `ConfigureOptions`).
    const checkedConfig = new Set<string>();
    // A handler's warning carries the URN of the request it serves (core/host/handler.ts passes it in its context).
    useWarningChannel(async (urn, message) => {
        const client = engineClient;
        if (client === undefined) return false;
        const req = new engine.LogRequest();
        req.setSeverity(engine.LogSeverity.WARNING);
        req.setMessage(message);
        req.setUrn(urn);
        return new Promise((resolve) =>
            client.log(req, new grpc.Metadata(), { deadline: Date.now() + LOG_DEADLINE_MS }, (err) => resolve(err === null)),
        );
    });

    return {
        getPluginInfo: unary(() => new plugin.PluginInfo().setVersion(identity.version)),
        getSchema: unary((req: InstanceType<typeof provider.GetSchemaRequest>) => {
            if (req.getVersion() !== 0) throw new Error(`tenantkit serves schema version 0, not ${req.getVersion()}`);
            return new provider.GetSchemaResponse().setSchema(identity.schema);
        }),
        checkConfig: unary((req: InstanceType<typeof provider.CheckRequest>) => {
            const checked = checkConfig(req.getUrn(), props(req.getNews()));
            checkedConfig.add(req.getUrn());
            return new provider.CheckResponse()
                .setInputs(toStruct(checked.inputs, checked.secret, checked.nested))
                .setFailuresList(failures(checked.failures));
        }),
        diffConfig: unary(async (req: InstanceType<typeof provider.DiffRequest>) => {
            const { changed, replaces, undecided } = await diffConfig(props(req.getOldInputs() ?? req.getOlds()).values, props(req.getNews()).values, {
                newIsDefault: isDefaultProvider(req.getUrn()),
            });
            const { DIFF_SOME, DIFF_NONE, DIFF_UNKNOWN } = provider.DiffResponse.DiffChanges;
            const res = new provider.DiffResponse()
                // Undecided: the same values, whose secret marks only the engine sees (config.ts `ConfigDiff`).
                .setChanges(changed.length > 0 ? DIFF_SOME : undecided ? DIFF_UNKNOWN : DIFF_NONE)
                .setReplacesList(replaces)
                .setDiffsList(changed)
                // Another tenant or cloud: the engine deletes the provider's resources before it replaces the provider
                // (`calculateDependentReplacements`), so no delete runs against what a replacement made or took over.
                .setDeletebeforereplace(replaces.length > 0)
                .setHasdetaileddiff(true);
            const detailed = res.getDetaileddiffMap();
            for (const k of changed) {
                const kind = replaces.includes(k) ? provider.PropertyDiff.Kind.UPDATE_REPLACE : provider.PropertyDiff.Kind.UPDATE;
                detailed.set(k, new provider.PropertyDiff().setKind(kind as number).setInputdiff(true));
            }
            return res;
        }),
        configure: unary((req: InstanceType<typeof provider.ConfigureRequest>) => {
            const args = req.getArgs();
            // An engine older than `args` sends only the variables, as strings, their secrecy lost: not judged then.
            const variables = Object.fromEntries([...req.getVariablesMap().entries()].map(([k, v]) => [k.slice(k.indexOf(":") + 1), v]));
            const given: Unwrapped = args ? props(args) : { values: variables, secret: new Set(Object.keys(variables)) };
            const urn = req.getUrn() || "urn:pulumi:::::pulumi:providers:tenantkit::default";
            const settings = JSON.stringify(given.values);
            if (attached && configuredFor !== undefined && configuredFor.urn !== urn && configuredFor.settings !== settings) {
                throw new Error(
                    `tenantkit's plugin is attached (PULUMI_DEBUG_PROVIDERS) and configured for ${configuredFor.urn}; the engine sends ` +
                        `${urn}'s requests to the same process, which cannot tell them apart, so its other settings are refused: ` +
                        `debug a program with one tenantkit provider (or providers with the same settings), or run without PULUMI_DEBUG_PROVIDERS`,
                );
            }
            configuration = handlerConfiguration(urn, given, { judgeSecrecy: args !== undefined && checkedConfig.has(urn) });
            ops?.configure(configuration);
            configuredFor = { urn, settings };
            return new provider.ConfigureResponse()
                .setAcceptsecrets(true)
                .setSupportspreview(true)
                .setAcceptresources(false)
                .setAcceptoutputs(false);
        }),
        check: unary(async (req: InstanceType<typeof provider.CheckRequest>) => {
            const checked = await (await operations()).check(req.getType() || typeOf(req.getUrn()), props(req.getOlds()), props(req.getNews()), {
                urn: req.getUrn(),
                operation: operation(0),
            });
            return new provider.CheckResponse().setInputs(toStruct(checked.values, checked.secret, checked.nested)).setFailuresList(failures(checked.failures));
        }),
        diff: unary(async (req: InstanceType<typeof provider.DiffRequest>) => {
            // The warning a diff sends goes on the resource this request names, whatever other diffs run meanwhile.
            // A branding's diff reads the tenant (drift): Cancel ends it as it ends the other requests.
            const d = await (await operations()).diff(req.getType() || typeOf(req.getUrn()), req.getId(), props(req.getOlds()), props(req.getNews()), props(req.getOldInputs()), {
                urn: req.getUrn(),
                operation: operation(0),
            });
            const res = new provider.DiffResponse()
                .setChanges(d.changes ? provider.DiffResponse.DiffChanges.DIFF_SOME : provider.DiffResponse.DiffChanges.DIFF_NONE)
                .setReplacesList(d.replaces)
                .setDiffsList(d.diffs)
                .setDeletebeforereplace(d.deleteBeforeReplace)
                .setHasdetaileddiff(true);
            const detailed = res.getDetaileddiffMap();
            for (const [k, kind] of Object.entries(d.detailedDiff)) detailed.set(k, new provider.PropertyDiff().setKind(kind as number).setInputdiff(true));
            return res;
        }),
        create: unary(async (req: InstanceType<typeof provider.CreateRequest>) => {
            const created = await (await operations()).create(req.getType() || typeOf(req.getUrn()), props(req.getProperties()), req.getPreview(), {
                urn: req.getUrn(),
                operation: operation(req.getTimeout()),
            });
            return new provider.CreateResponse().setId(created.id).setProperties(toStruct(created.values, created.secret, created.nested));
        }),
        read: unary(async (req: InstanceType<typeof provider.ReadRequest>) => {
            const read = await (await operations()).read(req.getType() || typeOf(req.getUrn()), req.getId(), props(req.getProperties()), props(req.getInputs()), {
                urn: req.getUrn(),
                operation: operation(0),
            });
            if (read === undefined) return new provider.ReadResponse();
            return new provider.ReadResponse()
                .setId(read.id)
                .setProperties(toStruct(read.values, read.secret, read.nested))
                .setInputs(toStruct(read.inputs.values, read.inputs.secret, read.inputs.nested));
        }),
        update: unary(async (req: InstanceType<typeof provider.UpdateRequest>) => {
            const updated = await (await operations()).update(req.getType() || typeOf(req.getUrn()), req.getId(), props(req.getOlds()), props(req.getNews()), req.getPreview(), {
                urn: req.getUrn(),
                operation: operation(req.getTimeout()),
            });
            return new provider.UpdateResponse().setProperties(toStruct(updated.values, updated.secret, updated.nested));
        }),
        delete: unary(async (req: InstanceType<typeof provider.DeleteRequest>) => {
            await (await operations()).delete(req.getType() || typeOf(req.getUrn()), req.getId(), props(req.getProperties()), {
                urn: req.getUrn(),
                operation: operation(req.getTimeout()),
            });
            return new Empty();
        }),
        invoke: unary(async (req: InstanceType<typeof provider.InvokeRequest>) => {
            const result = await (await operations()).invoke(req.getTok(), props(req.getArgs()), operation(0));
            if (result.failures) return new provider.InvokeResponse().setFailuresList(failures(result.failures));
            return new provider.InvokeResponse().setReturn(toStruct(result.values, result.secret));
        }),
        cancel: unary(() => {
            // Cancel (Ctrl-C on `pulumi up`) ends every operation of this process: the engine then shuts it down.
            cancelled.abort();
            return new Empty();
        }),
        attach: unary((req: InstanceType<typeof plugin.PluginAttach>) => {
            attached = true;
            if (req.getAddress() !== "") engineClient = new engineRpc.EngineClient(req.getAddress(), grpc.credentials.createInsecure());
            return new Empty();
        }),
    };
}

/** The type token of a URN, for requests that carry no type. */
const typeOf = (urn: string): string => urnParts(urn).type;

/**
 * Serves the plugin on a loopback port and returns it, with `cancel`, which ends every operation of the process as the
 * engine's Cancel does (main.ts calls it when the engine is gone).
 */
export async function serve(identity: PluginIdentity, engineAddress: string | undefined): Promise<{ port: number; server: grpc.Server; cancel(): void }> {
    // The engine sends whole states in one message: a dataset of 75 tables is far above gRPC's 4 MB default.
    const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024, "grpc.max_send_message_length": 400 * 1024 * 1024 });
    const cancelled = new AbortController();
    server.addService(providerRpc.ResourceProviderService, resourceProviderService(identity, engineAddress, cancelled));
    const port = await new Promise<number>((resolve, reject) =>
        server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
    return { port, server, cancel: () => cancelled.abort() };
}
