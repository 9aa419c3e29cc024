/**
 * Warnings from the provider host to the engine, shown by `pulumi preview` and `pulumi up` under the resource they
 * concern (the same channel a Go provider's `host.Log` uses). A dynamic provider's diff can only say *that* a
 * property replaces, never why it matters, and the engine shows replaceReasons only in `--json`; a warning is how a
 * plain preview can say that a replacement loses data.
 *
 * The host (`@pulumi/pulumi/cmd/dynamic-provider`) gets the engine's address as its last argument but passes
 * neither that nor the URN to the provider: `diff(id, olds, news)` only. So, in that host only, this module
 * - records each Diff request's URN by id as the host reads the id to call the provider's diff (a wrapper around
 *   the request's `getId`), and
 * - calls the engine's `Log` itself, with the URN, through the host's own gRPC modules.
 * Anywhere else (a unit test, an engine without a Log service) the warning goes to stderr, which the engine shows
 * as the stack's, so it is never lost and never fails the diff.
 */
import * as path from "node:path";

interface DiffRequestLike {
    getId(): string;
    getUrn(): string;
}
interface LogRequestLike {
    setSeverity(severity: number): void;
    setMessage(message: string): void;
    setUrn(urn: string): void;
    setEphemeral(ephemeral: boolean): void;
}
interface EngineClientLike {
    log(request: LogRequestLike, metadata: unknown, options: { deadline: Date }, callback: (err: Error | null) => void): unknown;
}
interface HostModules {
    grpc: { credentials: { createInsecure(): unknown }; Metadata: new () => unknown };
    engineProto: { LogRequest: new () => LogRequestLike; LogSeverity: { WARNING: number } };
    engineGrpc: { EngineClient: new (address: string, credentials: unknown) => EngineClientLike };
    providerProto: { DiffRequest: { prototype: DiffRequestLike } };
}

/** The host's main module, as `node .../@pulumi/pulumi/cmd/dynamic-provider` runs it. */
const HOST_MAIN = new RegExp(["@pulumi", "pulumi", "cmd", "dynamic-provider", "index\\.js$"].join("[\\\\/]"));
/** The engine's address: the last argument the engine gives a plugin (flags such as `-v=9` or `--tracing` come first). */
const ADDRESS = /^(?:\[[0-9a-f:.]+\]|[\w.-]+):\d+$/i;
/** How long a warning may take to reach the engine before it goes to stderr instead. */
const LOG_DEADLINE_MS = 5_000;
const WRAPPED = Symbol.for("pulumi-tenantkit.diffUrns");

/** URNs of the Diff requests the host has read the id of, by resource id; taken by {@link warnResource}. */
const diffUrns = new Map<string, string>();

function loadHost(): HostModules | undefined {
    const main = require.main;
    // Inside the plugin's bundle `require.main` is the bundler's stand-in, without a file name.
    if (typeof main?.filename !== "string" || !HOST_MAIN.test(path.normalize(main.filename))) return undefined;
    try {
        return {
            grpc: main.require("@grpc/grpc-js") as HostModules["grpc"],
            engineProto: main.require("../../proto/engine_pb") as HostModules["engineProto"],
            engineGrpc: main.require("../../proto/engine_grpc_pb") as HostModules["engineGrpc"],
            providerProto: main.require("../../proto/provider_pb") as HostModules["providerProto"],
        };
    } catch {
        // Another layout of the SDK: warnings go to stderr.
        return undefined;
    }
}

const host = loadHost();

/** Wraps the host's DiffRequest.getId once per process, so a diff can find its resource's URN by the id it gets. */
function recordDiffUrns(modules: HostModules): void {
    const proto = modules.providerProto.DiffRequest.prototype as DiffRequestLike & { [WRAPPED]?: true };
    if (proto[WRAPPED]) return;
    const getId = proto.getId;
    proto.getId = function (this: DiffRequestLike) {
        const id = getId.call(this);
        diffUrns.set(id, this.getUrn());
        return id;
    };
    proto[WRAPPED] = true;
}

if (host !== undefined) recordDiffUrns(host);

let engine: EngineClientLike | undefined;
function engineClient(modules: HostModules): EngineClientLike | undefined {
    if (engine !== undefined) return engine;
    const address = process.argv
        .slice(2)
        .reverse()
        .find((a) => ADDRESS.test(a));
    if (address === undefined) return undefined;
    engine = new modules.engineGrpc.EngineClient(address, modules.grpc.credentials.createInsecure());
    return engine;
}

function sendWarning(modules: HostModules, urn: string, message: string): Promise<boolean> {
    const client = engineClient(modules);
    if (client === undefined) return Promise.resolve(false);
    const req = new modules.engineProto.LogRequest();
    req.setSeverity(modules.engineProto.LogSeverity.WARNING);
    req.setMessage(message);
    req.setUrn(urn);
    req.setEphemeral(false);
    return new Promise((resolve) => {
        try {
            client.log(req, new modules.grpc.Metadata(), { deadline: new Date(Date.now() + LOG_DEADLINE_MS) }, (err) => resolve(err === null));
        } catch {
            resolve(false);
        }
    });
}

/** Sends a warning on the resource `urn`; false when it could not. */
export type WarningChannel = (urn: string, message: string) => Promise<boolean>;

let channel: WarningChannel | undefined;

/**
 * A front end that knows each request's URN and talks to the engine itself (the provider plugin) sends the handlers'
 * warnings through its own channel instead.
 */
export function useWarningChannel(c: WarningChannel): void {
    channel = c;
}

/** The resource a warning is about: its id, and its URN where the front end passed it to the handler (the plugin). */
export interface WarningTarget {
    readonly id?: string;
    readonly urn?: string;
}

/**
 * Shows `message` as a warning on the resource it concerns: through the front end's channel with the URN the call
 * carried (the plugin), or, in the dynamic provider host, on the resource whose diff got the id. `where` names the
 * resource for when the warning cannot be attached to it and goes to stderr instead (which the engine shows too).
 */
export async function warnResource(target: WarningTarget, where: string, message: string): Promise<void> {
    if (channel !== undefined && target.urn !== undefined && (await channel(target.urn, message))) return;
    const urn = target.id === undefined ? undefined : diffUrns.get(target.id);
    if (target.id !== undefined) diffUrns.delete(target.id);
    if (host !== undefined && urn !== undefined && (await sendWarning(host, urn, message))) return;
    console.error(`warning: ${where}: ${message}`);
}
