/**
 * A driver of the provider plugin over real gRPC, without the Pulumi CLI: the plugin served in this process
 * ({@link startPlugin}, `serve()` of provider/plugin/server.ts) or run as the compiled plugin in a child process
 * ({@link spawnPlugin}, `node bin/plugin/main.js <engine>`, the port read from stdout's first line as the engine reads
 * it), a typed client whose helpers take and return plain values (Structs converted here, secrets and the unknown
 * sentinel as the engine writes them), gRPC errors decoded with their `ErrorResourceInitFailed` detail, and a fake
 * engine whose `Log` records what the plugin sends it. Not a spec file: mocha only runs `*.spec.ts`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as readline from "node:readline";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import type * as pb from "@pulumi/pulumi/proto/provider_pb";
import type * as plugin from "@pulumi/pulumi/proto/plugin_pb";
import type * as engine from "@pulumi/pulumi/proto/engine_pb";
import { serve } from "../../../provider/plugin/server";

/* eslint-disable @typescript-eslint/no-require-imports -- the SDK ships its generated modules without declarations for these paths' deep imports (as provider/plugin/server.ts loads them) */
const provider = require("@pulumi/pulumi/proto/provider_pb") as typeof import("@pulumi/pulumi/proto/provider_pb");
const providerRpc = require("@pulumi/pulumi/proto/provider_grpc_pb") as typeof import("@pulumi/pulumi/proto/provider_grpc_pb");
const engineRpc = require("@pulumi/pulumi/proto/engine_grpc_pb") as typeof import("@pulumi/pulumi/proto/engine_grpc_pb");
const status = require("@pulumi/pulumi/proto/status_pb") as typeof import("@pulumi/pulumi/proto/status_pb");
const { version: PACKAGE_VERSION } = require("../../../package.json") as { version: string };
const SCHEMA_TEXT = JSON.stringify(require("../../../schema.json"));
/* eslint-enable @typescript-eslint/no-require-imports */

/** The repository's root. */
export const ROOT = path.resolve(__dirname, "..", "..", "..");
/** The compiled plugin's entry point, as `npm run build` leaves it. */
export const PLUGIN_MAIN = path.join(ROOT, "bin", "plugin", "main.js");
/** The version the plugin serves (package.json) and the schema it answers (schema.json, compact). */
export const IDENTITY = { version: PACKAGE_VERSION, schema: SCHEMA_TEXT } as const;

/** The key of the engine's special objects, the signature of a secret, and the unknown sentinel (`resource.SecretSig`...). */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
export const ASSET_SIG = "c44067f5952c0a294b673a41bacd8c17";
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Plain property values, as a Struct holds them. */
export type Props = Record<string, unknown>;

/** A secret as the engine sends it. */
export interface SecretValue {
    readonly [SIG_KEY]: typeof SECRET_SIG;
    readonly value: unknown;
}

/** `value` wrapped as the engine's secret object. */
export function secret(value: unknown): SecretValue {
    return { [SIG_KEY]: SECRET_SIG, value };
}

/** Whether `v` is the engine's secret object. */
export function isSecret(v: unknown): v is SecretValue {
    return v !== null && typeof v === "object" && !Array.isArray(v) && (v as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
}

/** `v` with every secret object replaced by its value, at any depth. */
export function reveal(v: unknown): unknown {
    if (isSecret(v)) return reveal(v.value);
    if (Array.isArray(v)) return v.map(reveal);
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, reveal(x)]));
    return v;
}

/** A file asset as the engine sends it (`resource.AssetSig`); `hash` left empty as the engine may. */
export function fileAsset(file: string): Props {
    return { [SIG_KEY]: ASSET_SIG, path: file, hash: "" };
}

/** `urn:pulumi:<stack>::<project>::<type>::<name>`. */
export function urnOf(type: string, name: string, stack = "test", project = "proto"): string {
    return `urn:pulumi:${stack}::${project}::${type}::${name}`;
}

/** The default provider's URN, as the engine names it (`default_<version>`). */
export const DEFAULT_PROVIDER_URN = urnOf("pulumi:providers:tenantkit", `default_${PACKAGE_VERSION.replace(/\./g, "_")}`);

function toStruct(values: Props | undefined): Struct {
    // A Struct holds no `undefined`: drop it as the engine would never send it.
    return Struct.fromJavaScript(JSON.parse(JSON.stringify(values ?? {})) as Parameters<typeof Struct.fromJavaScript>[0]);
}

function fromStruct(s: Struct | undefined): Props {
    return (s?.toJavaScript() ?? {}) as Props;
}

/** One check failure. */
export interface CheckFailure {
    readonly property: string;
    readonly reason: string;
}

export interface CheckAnswer {
    readonly inputs: Props;
    readonly failures: CheckFailure[];
}

/** `pulumirpc.PropertyDiff.Kind` as `pulumi preview --json` spells it. */
export type DiffKindName = "add" | "add-replace" | "delete" | "delete-replace" | "update" | "update-replace";
const KIND_NAMES: readonly DiffKindName[] = ["add", "add-replace", "delete", "delete-replace", "update", "update-replace"];

export interface DiffAnswer {
    readonly changes: "unknown" | "none" | "some";
    readonly replaces: string[];
    readonly diffs: string[];
    readonly deleteBeforeReplace: boolean;
    readonly hasDetailedDiff: boolean;
    readonly detailedDiff: Record<string, { kind: DiffKindName; inputDiff: boolean }>;
}

export interface ConfigureAnswer {
    readonly acceptSecrets: boolean;
    readonly supportsPreview: boolean;
    readonly acceptResources: boolean;
    readonly acceptOutputs: boolean;
}

export interface CreateAnswer {
    readonly id: string;
    readonly properties: Props;
}

/** A Read's answer; `id` is "" when the object is gone. */
export interface ReadAnswer {
    readonly id: string;
    readonly properties: Props;
    readonly inputs: Props;
}

/** An Invoke's answer: its result, or the failures of its arguments. */
export interface InvokeAnswer {
    readonly return: Props | undefined;
    readonly failures: CheckFailure[];
}

/** `pulumirpc.ErrorResourceInitFailed`: the object exists despite the failure. */
export interface ResourceInitFailed {
    readonly id: string;
    readonly properties: Props;
    readonly reasons: string[];
}

/** A failed call, as the engine sees it. */
export class PluginCallError extends Error {
    override readonly name = "PluginCallError";
    constructor(
        /** The gRPC status code. */
        readonly code: grpc.status,
        /** The status message (the provider's error text). */
        readonly details: string,
        /** The `ErrorResourceInitFailed` detail of `grpc-status-details-bin`, when the error carries one. */
        readonly initFailed: ResourceInitFailed | undefined,
    ) {
        super(`${grpc.status[code]}: ${details}`);
    }
    /** The code's name: `INVALID_ARGUMENT`, `UNKNOWN`... */
    get codeName(): string {
        return grpc.status[this.code];
    }
}

/** Decodes a gRPC error: its code, message and `ErrorResourceInitFailed` detail. */
export function decodeError(err: grpc.ServiceError): PluginCallError {
    let initFailed: ResourceInitFailed | undefined;
    for (const bin of err.metadata?.get("grpc-status-details-bin") ?? []) {
        const s = status.Status.deserializeBinary(typeof bin === "string" ? Buffer.from(bin, "base64") : bin);
        for (const any of s.getDetailsList()) {
            const detail = any.unpack(provider.ErrorResourceInitFailed.deserializeBinary, "pulumirpc.ErrorResourceInitFailed");
            if (detail) initFailed = { id: detail.getId(), properties: fromStruct(detail.getProperties()), reasons: detail.getReasonsList() };
        }
    }
    return new PluginCallError(err.code, err.details, initFailed);
}

/** What a resource operation names: its type and logical name (the URN is made of them unless given). */
interface Target {
    readonly type: string;
    readonly name?: string;
    readonly urn?: string;
}

const urnFor = (t: Target) => t.urn ?? urnOf(t.type, t.name ?? "res");

/** The plugin's client: one helper per RPC, over plain values. */
export interface PluginClient {
    /** The generated client, for requests the helpers do not cover. */
    readonly raw: import("@pulumi/pulumi/proto/provider_grpc_pb").ResourceProviderClient;
    getPluginInfo(): Promise<{ version: string }>;
    getSchema(version?: number): Promise<string>;
    checkConfig(req: { urn?: string; olds?: Props; news: Props }): Promise<CheckAnswer>;
    diffConfig(req: { urn?: string; olds?: Props; oldInputs?: Props; news: Props }): Promise<DiffAnswer>;
    configure(req: { urn?: string; args?: Props; variables?: Record<string, string> }): Promise<ConfigureAnswer>;
    check(req: Target & { olds?: Props; news: Props }): Promise<CheckAnswer>;
    diff(req: Target & { id: string; olds: Props; news: Props; oldInputs?: Props }): Promise<DiffAnswer>;
    /** `timeout`: the resource's customTimeouts in seconds, as the engine sends it (0 or unset: none). */
    create(req: Target & { properties: Props; preview?: boolean; timeout?: number }): Promise<CreateAnswer>;
    read(req: Target & { id: string; properties?: Props; inputs?: Props }): Promise<ReadAnswer>;
    update(req: Target & { id: string; olds: Props; news: Props; oldInputs?: Props; preview?: boolean; timeout?: number }): Promise<Props>;
    delete(req: Target & { id: string; properties: Props; oldInputs?: Props; timeout?: number }): Promise<void>;
    invoke(tok: string, args?: Props): Promise<InvokeAnswer>;
    cancel(): Promise<void>;
    close(): void;
}

type Callback<Res> = (err: grpc.ServiceError | null, res: Res) => void;

/** Runs one unary call; a failure rejects with its {@link PluginCallError}. */
function call<Res>(invoke: (cb: Callback<Res>) => unknown): Promise<Res> {
    return new Promise((resolve, reject) => invoke((err, res) => (err ? reject(decodeError(err)) : resolve(res))));
}

function diffAnswer(res: pb.DiffResponse): DiffAnswer {
    const changes = (["unknown", "none", "some"] as const)[res.getChanges()] ?? "unknown";
    const detailedDiff: DiffAnswer["detailedDiff"] = {};
    for (const [k, d] of res.getDetaileddiffMap().entries()) detailedDiff[k] = { kind: KIND_NAMES[d.getKind()]!, inputDiff: d.getInputdiff() };
    return {
        changes,
        replaces: res.getReplacesList(),
        diffs: res.getDiffsList(),
        deleteBeforeReplace: res.getDeletebeforereplace(),
        hasDetailedDiff: res.getHasdetaileddiff(),
        detailedDiff,
    };
}

function checkAnswer(res: pb.CheckResponse): CheckAnswer {
    return { inputs: fromStruct(res.getInputs()), failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })) };
}

/** A client of the plugin at `address` (`127.0.0.1:<port>`), with the engine's message size limits. */
export function connect(address: string): PluginClient {
    const limit = 400 * 1024 * 1024;
    const raw = new providerRpc.ResourceProviderClient(address, grpc.credentials.createInsecure(), {
        "grpc.max_receive_message_length": limit,
        "grpc.max_send_message_length": limit,
    });
    return {
        raw,
        getPluginInfo: async () => ({ version: (await call<plugin.PluginInfo>((cb) => raw.getPluginInfo(new Empty(), cb))).getVersion() }),
        getSchema: async (version = 0) => (await call<pb.GetSchemaResponse>((cb) => raw.getSchema(new provider.GetSchemaRequest().setVersion(version), cb))).getSchema(),
        checkConfig: async (r) => {
            const req = new provider.CheckRequest()
                .setUrn(r.urn ?? DEFAULT_PROVIDER_URN)
                .setType("pulumi:providers:tenantkit")
                .setOlds(toStruct(r.olds))
                .setNews(toStruct(r.news));
            return checkAnswer(await call<pb.CheckResponse>((cb) => raw.checkConfig(req, cb)));
        },
        diffConfig: async (r) => {
            const req = new provider.DiffRequest()
                .setUrn(r.urn ?? DEFAULT_PROVIDER_URN)
                .setType("pulumi:providers:tenantkit")
                .setOlds(toStruct(r.olds ?? r.oldInputs))
                .setNews(toStruct(r.news));
            if (r.oldInputs) req.setOldInputs(toStruct(r.oldInputs));
            return diffAnswer(await call<pb.DiffResponse>((cb) => raw.diffConfig(req, cb)));
        },
        configure: async (r) => {
            const req = new provider.ConfigureRequest().setUrn(r.urn ?? DEFAULT_PROVIDER_URN).setAcceptsecrets(true).setAcceptresources(true);
            if (r.args) req.setArgs(toStruct(r.args));
            for (const [k, v] of Object.entries(r.variables ?? {})) req.getVariablesMap().set(k, v);
            const res = await call<pb.ConfigureResponse>((cb) => raw.configure(req, cb));
            return {
                acceptSecrets: res.getAcceptsecrets(),
                supportsPreview: res.getSupportspreview(),
                acceptResources: res.getAcceptresources(),
                acceptOutputs: res.getAcceptoutputs(),
            };
        },
        check: async (r) => {
            const req = new provider.CheckRequest().setUrn(urnFor(r)).setType(r.type).setOlds(toStruct(r.olds)).setNews(toStruct(r.news));
            return checkAnswer(await call<pb.CheckResponse>((cb) => raw.check(req, cb)));
        },
        diff: async (r) => {
            const req = new provider.DiffRequest().setUrn(urnFor(r)).setType(r.type).setId(r.id).setOlds(toStruct(r.olds)).setNews(toStruct(r.news));
            if (r.oldInputs) req.setOldInputs(toStruct(r.oldInputs));
            return diffAnswer(await call<pb.DiffResponse>((cb) => raw.diff(req, cb)));
        },
        create: async (r) => {
            const req = new provider.CreateRequest()
                .setUrn(urnFor(r))
                .setType(r.type)
                .setProperties(toStruct(r.properties))
                .setPreview(r.preview ?? false)
                .setTimeout(r.timeout ?? 0);
            const res = await call<pb.CreateResponse>((cb) => raw.create(req, cb));
            return { id: res.getId(), properties: fromStruct(res.getProperties()) };
        },
        read: async (r) => {
            const req = new provider.ReadRequest().setUrn(urnFor(r)).setType(r.type).setId(r.id);
            if (r.properties) req.setProperties(toStruct(r.properties));
            if (r.inputs) req.setInputs(toStruct(r.inputs));
            const res = await call<pb.ReadResponse>((cb) => raw.read(req, cb));
            return { id: res.getId(), properties: fromStruct(res.getProperties()), inputs: fromStruct(res.getInputs()) };
        },
        update: async (r) => {
            const req = new provider.UpdateRequest()
                .setUrn(urnFor(r))
                .setType(r.type)
                .setId(r.id)
                .setOlds(toStruct(r.olds))
                .setNews(toStruct(r.news))
                .setPreview(r.preview ?? false)
                .setTimeout(r.timeout ?? 0);
            if (r.oldInputs) req.setOldInputs(toStruct(r.oldInputs));
            return fromStruct((await call<pb.UpdateResponse>((cb) => raw.update(req, cb))).getProperties());
        },
        delete: async (r) => {
            const req = new provider.DeleteRequest()
                .setUrn(urnFor(r))
                .setType(r.type)
                .setId(r.id)
                .setProperties(toStruct(r.properties))
                .setTimeout(r.timeout ?? 0);
            if (r.oldInputs) req.setOldInputs(toStruct(r.oldInputs));
            await call<Empty>((cb) => raw.delete(req, cb));
        },
        invoke: async (tok, args) => {
            const res = await call<pb.InvokeResponse>((cb) => raw.invoke(new provider.InvokeRequest().setTok(tok).setArgs(toStruct(args)), cb));
            const failures = res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() }));
            return { return: res.hasReturn() ? fromStruct(res.getReturn()) : undefined, failures };
        },
        cancel: async () => {
            await call<Empty>((cb) => raw.cancel(new Empty(), cb));
        },
        close: () => raw.close(),
    };
}

/** How to start a plugin. */
export interface PluginOptions {
    /** The engine's address the plugin sends its Log requests to (a {@link FakeEngine}'s); none: warnings go to stderr. */
    readonly engineAddress?: string;
}

/** How to spawn the compiled plugin. */
export interface SpawnOptions extends PluginOptions {
    /** The child's working directory; default the repository's root. */
    readonly cwd?: string;
    /** The child's whole environment; default this process's. */
    readonly env?: NodeJS.ProcessEnv;
    /** The entry point; default {@link PLUGIN_MAIN}. */
    readonly main?: string;
}

/** A running plugin and its client. */
export interface RunningPlugin {
    readonly port: number;
    readonly address: string;
    readonly client: PluginClient;
    /** The child's process id (spawned plugins only). */
    readonly pid?: number;
    /** What the child wrote to stderr so far (spawned plugins only; "" in process). */
    stderr(): string;
    /** Closes the client and stops the plugin. */
    close(): Promise<void>;
}

/** Serves the plugin in this process, as main.ts does, and connects a client. */
export async function startPlugin(opts: PluginOptions = {}): Promise<RunningPlugin> {
    const { port, server } = await serve(IDENTITY, opts.engineAddress);
    const address = `127.0.0.1:${port}`;
    const client = connect(address);
    return {
        port,
        address,
        client,
        stderr: () => "",
        close: async () => {
            client.close();
            await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
        },
    };
}

/** Runs the compiled plugin (`node bin/plugin/main.js <engine>`) in a child process and connects a client. */
export async function spawnPlugin(opts: SpawnOptions = {}): Promise<RunningPlugin> {
    const main = opts.main ?? PLUGIN_MAIN;
    if (!fs.existsSync(main)) throw new Error(`${main} does not exist: run \`npm run build\` first`);
    const args = [main, ...(opts.engineAddress ? [opts.engineAddress] : [])];
    const child: ChildProcess = spawn(process.execPath, args, { cwd: opts.cwd ?? ROOT, env: opts.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const lines = readline.createInterface({ input: child.stdout! });
    let port: number;
    try {
        port = await new Promise<number>((resolve, reject) => {
            lines.once("line", (line) => (/^\d+$/.test(line.trim()) ? resolve(Number(line.trim())) : reject(new Error(`the plugin printed ${line}`))));
            child.once("exit", (code) => reject(new Error(`the plugin exited ${code} before printing its port: ${stderr}`)));
            child.once("error", reject);
        });
    } catch (err) {
        lines.close();
        child.kill();
        await exited;
        throw err;
    }
    const address = `127.0.0.1:${port}`;
    const client = connect(address);
    return {
        port,
        address,
        client,
        pid: child.pid,
        stderr: () => stderr,
        close: async () => {
            client.close();
            lines.close();
            if (child.exitCode === null && child.signalCode === null) child.kill();
            await exited;
        },
    };
}

/** `pulumirpc.LogSeverity` by name. */
export type LogSeverityName = "DEBUG" | "INFO" | "WARNING" | "ERROR";

/** One Log request the fake engine received. */
export interface LoggedMessage {
    readonly severity: LogSeverityName;
    readonly message: string;
    readonly urn: string;
    readonly ephemeral: boolean;
}

/** A gRPC server of `pulumirpc.Engine` that records Log requests (every other method answers UNIMPLEMENTED). */
export interface FakeEngine {
    readonly address: string;
    /** Every Log request so far, in arrival order. */
    readonly logs: LoggedMessage[];
    close(): Promise<void>;
}

const SEVERITY_NAMES: readonly LogSeverityName[] = ["DEBUG", "INFO", "WARNING", "ERROR"];

/** Starts a fake engine on a loopback port. */
export async function startFakeEngine(): Promise<FakeEngine> {
    const logs: LoggedMessage[] = [];
    const server = new grpc.Server();
    server.addService(engineRpc.EngineService, {
        log: (call: grpc.ServerUnaryCall<engine.LogRequest, unknown>, callback: grpc.sendUnaryData<Empty>) => {
            const r = call.request;
            logs.push({ severity: SEVERITY_NAMES[r.getSeverity()]!, message: r.getMessage(), urn: r.getUrn(), ephemeral: r.getEphemeral() });
            callback(null, new Empty());
        },
    });
    const port = await new Promise<number>((resolve, reject) =>
        server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
    return {
        address: `127.0.0.1:${port}`,
        logs,
        close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
    };
}

/** What {@link usePlugin} gives a `describe`. */
export interface PluginFixture {
    readonly plugin: RunningPlugin;
    readonly client: PluginClient;
    readonly engine: FakeEngine;
}

/**
 * One fake engine and one plugin for the enclosing `describe` (in process unless `spawned`, whose options may be a
 * function called when the plugin starts), closed in `after`; the engine's log is emptied before each test.
 */
export function usePlugin(opts: { spawned?: Omit<SpawnOptions, "engineAddress"> | (() => Omit<SpawnOptions, "engineAddress">) } = {}): PluginFixture {
    let plugin: RunningPlugin | undefined;
    let engineServer: FakeEngine | undefined;
    before(async () => {
        engineServer = await startFakeEngine();
        const engineAddress = engineServer.address;
        const spawned = typeof opts.spawned === "function" ? opts.spawned() : opts.spawned;
        plugin = spawned ? await spawnPlugin({ ...spawned, engineAddress }) : await startPlugin({ engineAddress });
    });
    beforeEach(() => {
        engineServer?.logs.splice(0);
    });
    after(async () => {
        await plugin?.close();
        await engineServer?.close();
    });
    const started = <T>(v: T | undefined): T => {
        if (v === undefined) throw new Error("the plugin is not started yet");
        return v;
    };
    return {
        get plugin() {
            return started(plugin);
        },
        get client() {
            return started(plugin).client;
        },
        get engine() {
            return started(engineServer);
        },
    };
}
