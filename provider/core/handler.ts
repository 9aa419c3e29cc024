/**
 * The handler side of the serialization rule: what `bin/<area>/<resource>/handler.js` exports as `handler`.
 * `defineHandler` turns a resource's typed operations into a `pulumi.dynamic.ResourceProvider` that
 * - receives settings through `configure` (stack config, secrets unwrapped) and resolves them once, lazily;
 * - strips the unknown sentinel before validation (values not known during preview are never rejected);
 * - returns outputs as plain JSON (an `undefined` would fail the call after the side effect);
 * - names the resource type and its identifying input in every error, with secrets redacted.
 */
import type * as pulumi from "@pulumi/pulumi";
import { isApiError, isAuthenticationError, withContext, type ApiError } from "./errors";
import { redactSecrets } from "./redact";
import { type ConfigReader, CONFIG_NAMESPACE, resolveSettings, type SettingKey, type Settings } from "./settings";
import { sessionFor, type Session } from "./session";
import { toPlainJson, type JsonObject } from "./json";

/** The engine's placeholder for values unknown during preview (pulumi `runtime/rpc` unknownValue). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export interface HandlerContext {
    /** Settings resolved from `configure` and the environment; throws SettingsError listing every problem. */
    settings(): Settings;
    session(): Session;
}

export interface CheckOutcome<I> {
    readonly inputs: I;
    readonly failures: pulumi.dynamic.CheckFailure[];
}

export interface ReadOutcome<I, O> {
    readonly id: string;
    readonly outs: O;
    readonly inputs: I;
}

/** The typed operations of one resource. Inputs reaching create/update/diff were returned by `check`. */
export interface HandlerSpec<I extends JsonObject, O extends JsonObject> {
    /** Type token shown in errors, e.g. `tenantkit:entra:TemporaryAccessPassMethods`. */
    readonly type: string;
    /** Identifies one resource in errors, e.g. `user "alice@contoso.com"`; never a secret. */
    describe(inputs: Partial<I>): string;
    check(news: JsonObject, olds: JsonObject, ctx: HandlerContext): Promise<CheckOutcome<I>>;
    diff(id: string, olds: O & I, news: I, ctx: HandlerContext): Promise<pulumi.dynamic.DiffResult>;
    create(inputs: I, ctx: HandlerContext): Promise<{ id: string; outs: O }>;
    /** Returns undefined when the object no longer exists (refresh then drops it). */
    read(id: string, props: O & I, ctx: HandlerContext): Promise<ReadOutcome<I, O> | undefined>;
    update?(id: string, olds: O & I, news: I, ctx: HandlerContext): Promise<O>;
    delete?(id: string, props: O & I, ctx: HandlerContext): Promise<void>;
}

/**
 * A failure after a side effect: the engine records `id` and `properties` (ErrorResourceInitFailed) instead of
 * forgetting an object that exists, and the next `up` updates it (ENGINE-HARNESS.md, "Partial create").
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

const PROVIDER_KEY = "__provider";

/** The operations a handler defines, installed on the stub by `configure`. */
const OPERATIONS = ["check", "diff", "create", "read", "update", "delete"] as const;

function userProps(props: unknown): JsonObject {
    const out: JsonObject = {};
    if (props && typeof props === "object") {
        for (const [k, v] of Object.entries(props)) if (k !== PROVIDER_KEY) out[k] = toPlainJson(v);
    }
    return out;
}

/** `{ __provider }` of the properties the host passed, or nothing. */
function providerOf(raw: unknown): JsonObject {
    const value = raw && typeof raw === "object" ? (raw as Record<string, unknown>)[PROVIDER_KEY] : undefined;
    return typeof value === "string" ? { [PROVIDER_KEY]: value } : {};
}

/**
 * `pulumi refresh` and `pulumi destroy` (without `--run-program`) configure the provider from the config saved in
 * state at the last `up`, not from the stack config as it is now (measured with the CLI: a secret rotated since
 * fails the refresh with the old one). Reads and deletes are what those commands run, so a failure to sign in or to
 * reach the service there says so, after the error's own next step.
 */
const SAVED_CONFIG_HINT =
    "if this is `pulumi refresh` or `pulumi destroy` and the tenantkit config changed since the last `pulumi up` " +
    "(a rotated secret, a moved endpoint): they sign in with the config saved at that up, so run them with " +
    "`--run-program` (or run `pulumi up` first)";
const UNREACHABLE_CODES: ReadonlySet<string> = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

function savedConfigHint(operation: string, err: ApiError): { nextStep?: string } {
    if (operation !== "read" && operation !== "delete") return {};
    const credentials = (err.service === "login" && (err.status === 400 || err.status === 401)) || isAuthenticationError(err);
    // A token endpoint that gave no answer has no status, whatever MSAL or the emulator's CA fetch called it.
    const unreachable = err.status === undefined && (err.service === "login" || UNREACHABLE_CODES.has(err.code ?? ""));
    if (!credentials && !unreachable) return {};
    return { nextStep: err.nextStep ? `${err.nextStep}; ${SAVED_CONFIG_HINT}` : SAVED_CONFIG_HINT };
}

/** Builds the `handler` a stub calls into. */
export function defineHandler<I extends JsonObject, O extends JsonObject>(spec: HandlerSpec<I, O>): pulumi.dynamic.ResourceProvider {
    let read: ConfigReader = () => undefined;
    let settings: Settings | undefined;
    const ctx: HandlerContext = {
        settings: () => (settings ??= resolveSettings(read)),
        session: () => sessionFor(ctx.settings()),
    };
    /** `raw`: the properties as the host passed them, whose `__provider` a partial failure must carry on. */
    const fail = (operation: string, inputs: Partial<I>, err: unknown, raw?: unknown): never => {
        const where = `${spec.type} (${spec.describe(inputs)})`;
        if (isPartialFailure(err)) {
            const inner = isApiError(err.cause) ? withContext(err.cause, { resource: where, operation }).message : `${operation} of ${where} failed: ${err.message}`;
            const reason = redactSecrets(`${inner} The object exists and its state is recorded; run up again to finish.`);
            // The host sends these properties as they are, without adding `__provider` as it does to results, and the
            // engine records them as the outputs that a later delete deserializes its provider from: keep it.
            throw Object.assign(new Error(reason), { id: err.id, properties: { ...toPlainJson(err.properties), ...providerOf(raw) }, reasons: [reason] });
        }
        if (isApiError(err)) throw withContext(err, { resource: where, operation, ...savedConfigHint(operation, err) });
        const message = err instanceof Error ? err.message : String(err);
        throw new Error(redactSecrets(`${operation} of ${where} failed: ${message}`));
    };
    const run = async <T>(operation: string, inputs: Partial<I>, body: () => Promise<T>, raw?: unknown): Promise<T> => {
        try {
            return await body();
        } catch (err) {
            return fail(operation, inputs, err, raw);
        }
    };
    const provider: pulumi.dynamic.ResourceProvider = {
        /**
         * Called by the stub on itself (core/dynamic.ts handlerStub): installs this handler's operations on the stub
         * object the host deserialized, then keeps a reader of the stack config.
         */
        async configure(this: unknown, req) {
            if (this !== provider && typeof this === "object" && this !== null) {
                const target = this as Record<string, unknown>;
                for (const op of OPERATIONS) target[op] = provider[op]!.bind(provider);
            }
            read = (key: SettingKey) => req.config.get(`${CONFIG_NAMESPACE}:${key}`);
            settings = undefined;
        },
        async check(olds, news) {
            const n = userProps(news);
            return run("check", n as Partial<I>, () => spec.check(n, userProps(olds), ctx));
        },
        async diff(id, olds, news) {
            const n = userProps(news) as I;
            return run("diff", n, () => spec.diff(id, userProps(olds) as O & I, n, ctx));
        },
        async create(inputs) {
            const i = userProps(inputs) as I;
            const r = await run("create", i, () => spec.create(i, ctx), inputs);
            return { id: r.id, outs: toPlainJson(r.outs) };
        },
        async read(id, props) {
            const p = userProps(props) as O & I;
            const r = await run("read", p, () => spec.read(id, p, ctx));
            if (!r) return {};
            return { id: r.id, props: toPlainJson(r.outs), inputs: toPlainJson(r.inputs) };
        },
        async update(id, olds, news) {
            const n = userProps(news) as I;
            if (!spec.update) return fail("update", n, new Error("this resource cannot be updated in place; it is replaced"));
            const outs = await run("update", n, () => spec.update!(id, userProps(olds) as O & I, n, ctx), news);
            return { outs: toPlainJson(outs) };
        },
        async delete(id, props) {
            const p = userProps(props) as O & I;
            if (spec.delete) await run("delete", p, () => spec.delete!(id, p, ctx));
        },
    };
    return provider;
}
