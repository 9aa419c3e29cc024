/**
 * The handler side of the serialization rule: what `bin/<area>/<resource>/handler.js` exports as `handler`.
 * `defineHandler` turns a resource's typed operations into a `pulumi.dynamic.ResourceProvider` that
 * - receives settings through `configure` (stack config, secrets unwrapped) and resolves them once, lazily;
 * - strips the unknown sentinel before validation (values not known during preview are never rejected);
 * - returns outputs as plain JSON (an `undefined` would fail the call after the side effect);
 * - names the resource type and its identifying input in every error, with secrets redacted.
 */
import type * as pulumi from "@pulumi/pulumi";
import {
    asConnection,
    changedConnectionKeys,
    CONNECTION_KEY,
    CONNECTION_TARGET_KEYS,
    ConnectionError,
    connectionSettings,
} from "../settings/connection";
import type { Connection } from "../settings/connectionTypes";
import { isApiError, isAuthenticationError, withContext, type ApiError } from "../errors/errors";
import { redactSecrets } from "../errors/redact";
import { type ConfigReader, CONFIG_NAMESPACE, resolveSettings, type SettingKey, type Settings } from "../settings/settings";
import { sessionFor, type Session } from "../auth/session";
import { toPlainJson, type JsonObject } from "../model/json";
import { UNKNOWN, type ApiService } from "../model/patterns";
import { neverReached } from "../errors/failures";
import { failuresForEngine } from "./propertyPaths";
import { isOperationStopped, type Operation } from "../http/operation";
import { complete, dropHostEchoes, repeatOf } from "./reporting";
import { warnResource } from "./engineLog";

export interface HandlerContext {
    /** Settings resolved from `configure` and the environment; throws SettingsError listing every problem. */
    settings(): Settings;
    /**
     * The session of those settings, bound to this call's operation: every request, wait and token request made
     * through it ends when the operation is cancelled or its deadline passes (core/http/operation.ts).
     */
    session(): Session;
    /** The engine request's cancellation and deadline, where the front end has them (the plugin; not the dynamic host). */
    readonly operation?: Operation;
    /** The front end that runs the call: what a message may tell the user to run (`pulumi import` needs the plugin). */
    readonly frontEnd: "plugin" | "dynamic";
    /** The resource's URN, where the front end knows it (the plugin's requests carry it; the dynamic host's do not). */
    readonly urn?: string;
    /** Shows a warning on this resource in the engine's output (engineLog.ts). */
    warn(message: string): Promise<void>;
}

/**
 * What a front end knows of one call beside its properties: the plugin passes the request's URN and its operation (the
 * engine's cancellation and the request's timeout), as pulumi-go-provider passes a `ctx`; the dynamic host neither.
 */
export interface CallContext {
    readonly urn?: string;
    readonly operation?: Operation;
}

export interface CheckOutcome<I> {
    readonly inputs: I;
    readonly failures: pulumi.dynamic.CheckFailure[];
}

/**
 * A diff as the handlers return it: the dynamic provider's fields, and the properties whose change applies in place
 * (`updates`), which the provider plugin reports per property beside `replaces` (the dynamic host ignores it).
 */
export interface HandlerDiff extends pulumi.dynamic.DiffResult {
    readonly updates?: string[];
}

/**
 * What `configure` takes: the dynamic host's request (the stack config), or the provider plugin's, which may also say
 * that the settings come from the configuration alone (an explicit provider resource: no environment fallback) and
 * which type token errors name.
 */
export interface HandlerConfigureRequest {
    readonly config: { get(key: string): string | undefined };
    /** Where unset settings fall back to; `process.env` when omitted. */
    readonly env?: NodeJS.ProcessEnv;
    /** Set by the plugin for an explicit provider resource, whose arguments a fix then names. */
    readonly origin?: "provider";
    /** The type token errors name instead of the dynamic resource's (`tenantkit:powerbi:PushDataset`). */
    readonly type?: string;
}

/** What `defineHandler` makes: a dynamic provider, configured and diffing as both front ends need. */
export interface TenantkitHandler extends pulumi.dynamic.ResourceProvider {
    configure(req: HandlerConfigureRequest): Promise<void>;
    check(olds: unknown, news: unknown, call?: CallContext): Promise<pulumi.dynamic.CheckResult>;
    diff(id: string, olds: object, news: object, call?: CallContext): Promise<HandlerDiff>;
    create(inputs: unknown, call?: CallContext): Promise<pulumi.dynamic.CreateResult>;
    read(id: string, props: unknown, call?: CallContext): Promise<pulumi.dynamic.ReadResult>;
    update(id: string, olds: unknown, news: unknown, call?: CallContext): Promise<pulumi.dynamic.UpdateResult>;
    delete(id: string, props: unknown, call?: CallContext): Promise<void>;
}

export interface ReadOutcome<I, O> {
    readonly id: string;
    readonly outs: O;
    readonly inputs: I;
}

/** The typed operations of one resource. Inputs reaching create/update/diff were returned by `check`. */
export interface HandlerSpec<I extends JsonObject, O extends JsonObject> {
    /** Type token shown in errors, e.g. `pulumi-nodejs:dynamic/tenantkit:TemporaryAccessPassMethods`, as the engine shows it (core/model/patterns.ts typeToken). */
    readonly type: string;
    /** Identifies one resource in errors, e.g. `user "alice@contoso.com"`; never a secret. */
    describe(inputs: Partial<I>): string;
    /**
     * The services whose sign-in `check` proves, once per tenant and audience (the token is kept for the calls that
     * follow): a preview then fails on credentials that an `up` would fail on halfway.
     */
    readonly signsInTo: readonly ApiService[];
    /** Read-only requests `check` makes after signing in, to fail a preview on what `up` would fail on (no writes). */
    preflight?(inputs: I, ctx: HandlerContext): Promise<void>;
    check(news: JsonObject, olds: JsonObject, ctx: HandlerContext): Promise<CheckOutcome<I>>;
    diff(id: string, olds: O & I, news: I, ctx: HandlerContext): Promise<HandlerDiff>;
    create(inputs: I, ctx: HandlerContext): Promise<{ id: string; outs: O }>;
    /** Returns undefined when the object no longer exists (refresh then drops it). */
    read(id: string, props: O & I, ctx: HandlerContext): Promise<ReadOutcome<I, O> | undefined>;
    update?(id: string, olds: O & I, news: I, ctx: HandlerContext): Promise<O>;
    delete?(id: string, props: O & I, ctx: HandlerContext): Promise<void>;
}

/**
 * A failure after a side effect: the engine records `id` and `properties` (ErrorResourceInitFailed) instead of
 * forgetting an object that exists, and the next `up` updates it (docs/engine-notes.md, "Partial create").
 */
export class PartialFailure extends Error {
    override readonly name = "PartialFailure";
    readonly reasons: string[];
    constructor(
        readonly id: string,
        readonly properties: JsonObject,
        readonly cause: unknown,
    ) {
        const message = redactSecrets(cause instanceof Error ? cause.message : String(cause));
        super(message);
        this.reasons = [message];
    }
}

function isPartialFailure(err: unknown): err is PartialFailure {
    return err instanceof Error && err.name === "PartialFailure";
}

/** Removes values that are unknown during preview, recursively, so validation skips them. */
export function withoutUnknowns(value: unknown): unknown {
    if (value === UNKNOWN) return undefined;
    if (Array.isArray(value)) return value.map(withoutUnknowns);
    if (value !== null && typeof value === "object") {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(value)) if (v !== UNKNOWN) out[k] = withoutUnknowns(v);
        return out;
    }
    return value;
}

/** Whether the value holds the unknown marker anywhere. */
function containsUnknown(value: unknown): boolean {
    if (value === UNKNOWN) return true;
    if (Array.isArray(value)) return value.some(containsUnknown);
    if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
    return false;
}

const PROVIDER_KEY = "__provider";

/** The operations a handler defines, installed on the stub by `configure`. */
const OPERATIONS = ["check", "diff", "create", "read", "update", "delete"] as const;

/**
 * Outputs that state written before 0.2 may hold and that nothing reads any more: `__holder`, the id of a record on
 * the machine that ran the create (dropped when the state was made the only memory). Left out here, they leave the
 * state at the resource's next update or refresh.
 */
const RETIRED_KEYS: readonly string[] = ["__holder"];

/** The properties a handler's spec sees: without `__provider` and without the connection, which core/host/handler handles. */
function userProps(props: unknown): JsonObject {
    const out: JsonObject = {};
    if (props && typeof props === "object") {
        for (const [k, v] of Object.entries(props))
            if (k !== PROVIDER_KEY && k !== CONNECTION_KEY && !RETIRED_KEYS.includes(k)) out[k] = toPlainJson(v);
    }
    return out;
}

/** The explicit connection among the properties, if the program passed one. */
function connectionOf(props: unknown): Connection | undefined {
    return props && typeof props === "object" ? asConnection((props as Record<string, unknown>)[CONNECTION_KEY]) : undefined;
}

/** `{ connection }` to put back into what the engine records, so refresh and destroy reach the same tenant. */
function withConnection<T extends object>(value: T, connection: Connection | undefined): T {
    return connection === undefined ? value : { ...value, [CONNECTION_KEY]: toPlainJson(connection) };
}

/**
 * The diff of the connection alone: another tenant, cloud or endpoint is another object (replace); new credentials
 * only need the state to hold them for refresh and destroy (update, with no request to the service).
 */
function connectionDiff(olds: Connection | undefined, news: Connection | undefined): HandlerDiff {
    const changed = changedConnectionKeys(olds, withoutUnknowns(news) as Connection | undefined);
    if (changed.length === 0) return {};
    const replaces = changed.some((k) => CONNECTION_TARGET_KEYS.includes(k));
    return { changes: true, replaces: replaces ? [CONNECTION_KEY] : [], updates: replaces ? [] : [CONNECTION_KEY] };
}

/**
 * The resource's own diff with its connection's. A connection that names another endpoint may still reach the same
 * objects (a branding, a dataset of the same name), so a replacement it causes deletes first.
 */
function mergeDiffs(a: HandlerDiff, b: HandlerDiff): HandlerDiff {
    if (!b.changes) return a;
    const replaces = [...(a.replaces ?? []), ...(b.replaces ?? [])];
    return {
        ...a,
        changes: true,
        replaces,
        updates: [...(a.updates ?? []), ...(b.updates ?? [])],
        deleteBeforeReplace: a.deleteBeforeReplace === true || (b.replaces ?? []).length > 0,
    };
}

/** `{ __provider }` of the properties the host passed, or nothing. */
function providerOf(raw: unknown): JsonObject {
    const value = raw && typeof raw === "object" ? (raw as Record<string, unknown>)[PROVIDER_KEY] : undefined;
    return typeof value === "string" ? { [PROVIDER_KEY]: value } : {};
}

/**
 * `pulumi refresh` and `pulumi destroy` (without `--run-program`) configure the provider from the config saved in
 * state at the last `up`, not from the stack config as it is now (a secret rotated since fails the refresh with the
 * old one; test/cli/config-change.spec.ts). Reads and deletes are what those commands run, so a failure to sign in or
 * to reach the service there says so, after the error's own next step.
 */
const SAVED_CONFIG_HINT =
    "if this is `pulumi refresh` or `pulumi destroy` and the tenantkit config changed since the last `pulumi up` " +
    "(a rotated secret, a moved endpoint): they sign in with the config saved at that up, so run them with " +
    "`--run-program` (or run `pulumi up` first)";

function savedConfigHint(operation: string, err: ApiError): { nextStep?: string } {
    if (operation !== "read" && operation !== "delete") return {};
    const credentials = (err.service === "login" && (err.status === 400 || err.status === 401)) || isAuthenticationError(err);
    // A token endpoint that gave no answer has no status, whatever MSAL or the emulator's CA fetch called it.
    // An operation cancelled or out of time (operation.ts) is no setting's fault, whatever it reached.
    if (isOperationStopped(err)) return {};
    const unreachable = err.status === undefined && (err.service === "login" || neverReached(err.code));
    if (!credentials && !unreachable) return {};
    return { nextStep: err.nextStep ? `${err.nextStep}; ${SAVED_CONFIG_HINT}` : SAVED_CONFIG_HINT };
}

/** Check failures of an explicit connection (values unknown during preview are judged at the update). */
function connectionFailures(connection: Connection): pulumi.dynamic.CheckFailure[] {
    try {
        connectionSettings(withoutUnknowns(connection) as Connection);
        return [];
    } catch (err) {
        if (err instanceof ConnectionError) return err.problems.map((reason) => ({ property: CONNECTION_KEY, reason }));
        throw err;
    }
}

/** True when every input of `news` has the value `olds` holds (outputs that are not inputs are ignored). */
function sameInputs(olds: JsonObject, news: JsonObject): boolean {
    return Object.keys(news).every((k) => JSON.stringify(olds[k]) === JSON.stringify(news[k]));
}

/** An error JavaScript raises for a bug (a property of undefined, a bad argument), not one tenantkit raises on purpose. */
function isProgrammingError(err: unknown): err is Error {
    return err instanceof TypeError || err instanceof ReferenceError || err instanceof RangeError || err instanceof SyntaxError;
}

/**
 * What a handler module exports as `configure`, the one function the serialized stub calls (core/program/stub.ts): installs
 * `handler`'s operations on the stub object the host deserialized. State written before the stub called it keeps
 * calling `handler.configure` on itself, which does the same.
 */
export function stubConfigure(handler: TenantkitHandler): (stub: object, req: pulumi.dynamic.ConfigureRequest) => Promise<void> {
    const configure = handler.configure;
    if (!configure) throw new Error("a tenantkit handler always has configure");
    return (stub, req) => configure.call(stub, req);
}

/** Builds the `handler` a stub calls into. */
export function defineHandler<I extends JsonObject, O extends JsonObject>(spec: HandlerSpec<I, O>): TenantkitHandler {
    dropHostEchoes();
    let read: ConfigReader = () => undefined;
    let env: NodeJS.ProcessEnv = process.env;
    let origin: Settings["origin"];
    let type = spec.type;
    let settings: Settings | undefined;
    const resolve = (): Settings => {
        const resolved = resolveSettings(read, env, origin);
        return origin === undefined ? resolved : { ...resolved, origin };
    };
    /** The plugin configures a handler with its own type token; the dynamic host never does. */
    let frontEnd: HandlerContext["frontEnd"] = "dynamic";
    const stackSession = () => sessionFor(stackSettings());
    const stackSettings = () => (settings ??= resolve());
    /**
     * The context of one call: the stack's settings, or those of the connection the resource carries (resolved once
     * per call, on first use), a session of them bound to the call's operation, and what the front end knows of the
     * call. `id` and `inputs` say which resource a warning is about.
     */
    const ctxFor = (connection: Connection | undefined, call: CallContext = {}, id?: string, inputs: Partial<I> = {}): HandlerContext => {
        const known = {
            frontEnd,
            ...(call.urn ? { urn: call.urn } : {}),
            ...(call.operation ? { operation: call.operation } : {}),
            warn: (message: string) => warnResource({ id, urn: call.urn }, `${type} (${spec.describe(inputs)})`, message),
        };
        if (connection === undefined) return { settings: stackSettings, session: () => stackSession().forOperation(call.operation), ...known };
        let own: Settings | undefined;
        const connectionSettingsOnce = () => (own ??= connectionSettings(connection));
        return { settings: connectionSettingsOnce, session: () => sessionFor(connectionSettingsOnce()).forOperation(call.operation), ...known };
    };
    /** `raw`: the properties as the host passed them, whose `__provider` a partial failure must carry on. */
    const fail = (operation: string, inputs: Partial<I>, err: unknown, raw?: unknown): never => {
        const where = `${type} (${spec.describe(inputs)})`;
        if (isPartialFailure(err)) {
            const inner = isApiError(err.cause)
                ? withContext(err.cause, { resource: where, operation }).message
                : `${operation} of ${where} failed: ${err.message}`;
            const reason = redactSecrets(`${inner} The object exists and its state is recorded; run up again to finish.`);
            // The host sends these properties as they are, without adding `__provider` as it does to results, and the
            // engine records them as the outputs that a later delete deserializes its provider from: keep it.
            // The connection too: the engine records these as the outputs a later read or delete signs in with.
            throw Object.assign(new Error(reason), {
                id: err.id,
                properties: withConnection({ ...toPlainJson(err.properties), ...providerOf(raw) }, connectionOf(raw)),
                reasons: [reason],
            });
        }
        const repeat = repeatOf(err, operation, spec.describe(inputs));
        if (repeat !== undefined) throw complete(new Error(redactSecrets(repeat)));
        if (isApiError(err)) throw complete(withContext(err, { resource: where, operation, ...savedConfigHint(operation, err) }));
        const message = err instanceof Error ? err.message : String(err);
        const wrapped = new Error(redactSecrets(`${operation} of ${where} failed: ${message}`));
        // A fault in tenantkit's own code is the one failure whose frames help: they go to the host's stderr echo.
        if (isProgrammingError(err)) {
            wrapped.stack = redactSecrets(`${wrapped.message}${err.stack?.slice(err.stack.indexOf("\n")) ?? ""}`);
            throw wrapped;
        }
        throw complete(wrapped);
    };
    const run = async <T>(operation: string, inputs: Partial<I>, body: () => Promise<T>, raw?: unknown): Promise<T> => {
        try {
            return await body();
        } catch (err) {
            return fail(operation, inputs, err, raw);
        }
    };
    const provider: TenantkitHandler = {
        /**
         * Called by the stub on itself (core/program/dynamic.ts handlerStub): installs this handler's operations on the stub
         * object the host deserialized, then keeps a reader of the stack config.
         */
        async configure(this: unknown, req: HandlerConfigureRequest) {
            if (this !== provider && typeof this === "object" && this !== null) {
                const target = this as Record<string, unknown>;
                for (const op of OPERATIONS) target[op] = provider[op]!.bind(provider);
                // The host hands the failures to the engine as they are; it prints a nested one's value as nil.
                target.check = async (olds: unknown, news: unknown) => {
                    const checked = await provider.check!(olds, news);
                    return { ...checked, failures: failuresForEngine(checked.failures ?? [], news) };
                };
            }
            read = (key: SettingKey) => req.config.get(`${CONFIG_NAMESPACE}:${key}`);
            env = req.env ?? process.env;
            origin = req.origin;
            type = req.type ?? spec.type;
            frontEnd = req.type === undefined ? "dynamic" : "plugin";
            settings = undefined;
        },
        async check(olds, news, call) {
            const n = userProps(news);
            const connection = connectionOf(news);
            const ctx = ctxFor(connection, call, undefined, n as Partial<I>);
            const outcome = await run("check", n as Partial<I>, () => spec.check(n, userProps(olds), ctx));
            const failures = connection === undefined ? outcome.failures : [...outcome.failures, ...connectionFailures(connection)];
            // A connection not known yet (another resource's output) says nothing of where to sign in: `up` judges it.
            const connectionKnown =
                !(news && typeof news === "object" && CONNECTION_KEY in news) || (connection !== undefined && !containsUnknown(connection));
            if (failures.length === 0 && connectionKnown) {
                await run("check", n as Partial<I>, async () => {
                    const session = ctx.session();
                    for (const service of spec.signsInTo)
                        await session.credentials.authorizer(service)({ forceRefresh: false, operation: session.operation });
                    await spec.preflight?.(outcome.inputs, ctx);
                });
            }
            return { inputs: withConnection(outcome.inputs, connection), failures };
        },
        async diff(id, olds, news, call) {
            const n = userProps(news) as I;
            const connection = connectionOf(news);
            const own = await run("diff", n, () => spec.diff(id, userProps(olds) as O & I, n, ctxFor(connection, call, id, n)));
            return mergeDiffs(own, connectionDiff(connectionOf(olds), connection));
        },
        async create(inputs, call) {
            const i = userProps(inputs) as I;
            const connection = connectionOf(inputs);
            const r = await run("create", i, () => spec.create(i, ctxFor(connection, call, undefined, i)), inputs);
            return { id: r.id, outs: withConnection(toPlainJson(r.outs), connection) };
        },
        async read(id, props, call) {
            const p = userProps(props) as O & I;
            const connection = connectionOf(props);
            const r = await run("read", p, () => spec.read(id, p, ctxFor(connection, call, id, p)));
            if (!r) return {};
            return {
                id: r.id,
                props: withConnection(toPlainJson(r.outs), connection),
                inputs: withConnection(toPlainJson(r.inputs), connection),
            };
        },
        async update(id, olds, news, call) {
            const n = userProps(news) as I;
            const o = userProps(olds) as O & I;
            const connection = connectionOf(news);
            // Only the connection's credentials changed: the state must hold the new ones, the service needs nothing.
            if (changedConnectionKeys(connectionOf(olds), connection).length > 0 && sameInputs(o, n)) {
                return { outs: withConnection(o, connection) };
            }
            if (!spec.update) return fail("update", n, new Error("this resource cannot be updated in place; it is replaced"));
            const outs = await run("update", n, () => spec.update!(id, o, n, ctxFor(connection, call, id, n)), news);
            return { outs: withConnection(toPlainJson(outs), connection) };
        },
        async delete(id, props, call) {
            const p = userProps(props) as O & I;
            if (spec.delete) await run("delete", p, () => spec.delete!(id, p, ctxFor(connectionOf(props), call, id, p)));
        },
    };
    return provider;
}
