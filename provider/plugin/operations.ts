/**
 * The resource and function operations of the plugin, over plain values: each one calls the same handler (or lookup)
 * the dynamic resources use, and adds only what the engine's protocol asks of a real provider. server.ts speaks gRPC.
 *
 * - State has the schema's shape: what a dynamic resource's state keeps inside one object for its own reasons (the
 *   branding's `cdn`, core/model/definition.ts `carrier`) is spread into the outputs the schema declares.
 * - Secrets: a property is answered secret when the engine sent it secret, when its definition says so, and always
 *   for `connection`; the engine then stores it encrypted.
 * - Errors keep the handlers' messages (the type token, the identifying input, status, service code, request id,
 *   next step); a failure after a side effect carries the object's id and state, which the engine records.
 */
import { CONNECTION_KEY, connectionSettings } from "../core/settings/connection";
import { outputSeeding } from "../core/model/definition";
import type { CallContext, HandlerConfigureRequest, HandlerDiff, TenantkitHandler } from "../core/host/handler";
import { lookupCall, lookupFailure, parseLookupArgs } from "../core/host/lookup";
import { resolveSettings, type Settings } from "../core/settings/settings";
import { sessionFor } from "../core/auth/session";
import type { Operation } from "../core/http/operation";
import { toPlainJson, type JsonObject } from "../core/model/json";
import { UNKNOWN } from "../core/model/patterns";
import { failuresForEngine } from "../core/host/propertyPaths";
import type { Connection } from "../core/settings/connectionTypes";
import { FUNCTION_TOKENS, loadHandler, loadLookup, RESOURCE_TOKENS, type AnyResource } from "./catalog";
import { detailedDiff, type DetailedDiff } from "./detailedDiff";
import { holdsSecret, secretBelow, type SecretPath, type Unwrapped } from "./properties";
import { UnknownTokenError } from "./unknownToken";

/** Plain values, the names of those to answer secret, and the paths of secrets deeper down (properties.ts). */
export interface Answer {
    readonly values: JsonObject;
    readonly secret: ReadonlySet<string>;
    readonly nested?: readonly SecretPath[];
}

export interface CheckAnswer extends Answer {
    readonly failures: { property: string; reason: string }[];
}

function resourceOf(type: string): AnyResource {
    const r = RESOURCE_TOKENS.get(type);
    if (r === undefined) throw new UnknownTokenError(`tenantkit has no resource type ${type} (it has ${[...RESOURCE_TOKENS.keys()].join(", ")})`);
    return r;
}

/** The names a resource's state always keeps secret. */
function definedSecrets(r: AnyResource): string[] {
    return [...outputSeeding(r).secret, CONNECTION_KEY];
}

/**
 * Outputs as the schema declares them: members of a carrier object spread out, the carrier gone. A member that is null
 * (a branding image's RelativeUrl when there is no image) is left out: every SDK reads it as unset either way, and
 * state keeps ~35 bytes less for each (bench/plugin.ts measures state bytes per resource).
 */
function schemaState(r: AnyResource, outs: JsonObject): JsonObject {
    const carried = outputSeeding(r).carried;
    const state: JsonObject = { ...outs };
    for (const carrier of Object.keys(carried)) {
        const holder = state[carrier];
        delete state[carrier];
        if (holder === null || typeof holder !== "object" || Array.isArray(holder)) continue;
        for (const [k, v] of Object.entries(holder)) if (v !== null) state[k] = v;
    }
    return state;
}

/** `u` without the `connection` argument. */
function withoutConnection(u: Unwrapped): Unwrapped {
    return {
        values: u.values,
        secret: new Set([...u.secret].filter((k) => k !== CONNECTION_KEY)),
        nested: (u.nested ?? []).filter((p) => p[0] !== CONNECTION_KEY),
    };
}

/** The secrets of the requests an answer comes from, all of them. */
function secretsOf(...sent: Unwrapped[]): { secret: Set<string>; nested: SecretPath[] } {
    return { secret: new Set(sent.flatMap((u) => [...u.secret])), nested: sent.flatMap((u) => [...(u.nested ?? [])]) };
}

function answer(r: AnyResource, values: JsonObject, ...sent: Unwrapped[]): Answer {
    const { secret, nested } = secretsOf(...sent);
    return { values: schemaState(r, toPlainJson(values)), secret: new Set([...secret, ...definedSecrets(r)]), nested };
}

/**
 * A failure after a side effect carries the object's id and state, which the engine records as the resource's outputs
 * (ErrorResourceInitFailed): in the schema's shape and with the same secrets as a success's answer, or a secret input
 * and the connection would be stored in plain text. Any other failure passes as it is.
 */
function partial(r: AnyResource, err: unknown, ...sent: Unwrapped[]): never {
    const e = err as { id?: unknown; properties?: unknown };
    if (err instanceof Error && typeof e.id === "string" && e.id !== "" && e.properties !== null && typeof e.properties === "object") {
        const a = answer(r, e.properties as JsonObject, ...sent);
        throw Object.assign(err, { properties: a.values, secret: a.secret, nested: a.nested });
    }
    throw err;
}

type Rules = Record<string, { output?: unknown; onUpdate?: "kept" | readonly string[]; dynamicOnly?: boolean }>;

/** The outputs of the schema that are not inputs, with their rules. */
function computedOutputs(r: AnyResource): [string, Rules[string]][] {
    return Object.entries(r.outputs as Rules).filter(([, rule]) => !rule.dynamicOnly);
}

/**
 * A create's preview (`supportsPreview`): the inputs state keeps, as Check left them (an image already as its
 * descriptor), and every output only the service gives unknown. No request is made.
 */
function previewOfCreate(r: AnyResource, inputs: JsonObject): JsonObject {
    const out: JsonObject = {};
    for (const [k, rule] of Object.entries(r.inputs as Rules)) if (rule.output !== undefined && inputs[k] !== undefined) out[k] = inputs[k]!;
    if (inputs[CONNECTION_KEY] !== undefined) out[CONNECTION_KEY] = inputs[CONNECTION_KEY]!;
    for (const [k] of computedOutputs(r)) out[k] = UNKNOWN;
    return out;
}

/**
 * An update's preview (`supportsPreview`): the state with the new inputs, and each output the update may change
 * unknown, as its definition's `onUpdate` says; what stays known stays, so that what reads it (another resource's
 * input, a stack output) does not preview as changed. State that no schema declares (a branding's prior) is kept.
 */
function previewOfUpdate(r: AnyResource, olds: JsonObject, news: JsonObject): JsonObject {
    const state = schemaState(r, olds);
    const out: JsonObject = { ...state };
    const changed = new Set<string>();
    for (const [k, rule] of Object.entries(r.inputs as Rules)) {
        if (JSON.stringify(state[k] ?? null) !== JSON.stringify(news[k] ?? null)) changed.add(k);
        if (rule.output === undefined) continue;
        if (news[k] === undefined) delete out[k];
        else out[k] = news[k]!;
    }
    if (news[CONNECTION_KEY] !== undefined) out[CONNECTION_KEY] = news[CONNECTION_KEY]!;
    for (const [k, rule] of computedOutputs(r)) {
        const kept = rule.onUpdate === "kept" || (Array.isArray(rule.onUpdate) && !rule.onUpdate.some((input) => changed.has(input)));
        if (!kept) out[k] = UNKNOWN;
        else if (state[k] !== undefined) out[k] = state[k]!;
    }
    return out;
}

export class Operations {
    private configuration: Omit<HandlerConfigureRequest, "type"> | undefined;
    private readonly handlers = new Map<string, Promise<TenantkitHandler>>();

    /** Configure: what every handler is configured with, now or when it loads. */
    configure(configuration: Omit<HandlerConfigureRequest, "type">): void {
        this.configuration = configuration;
        this.handlers.clear();
    }

    private handler(r: AnyResource): Promise<TenantkitHandler> {
        let h = this.handlers.get(r.token);
        if (h === undefined) {
            const configuration = this.configuration ?? { config: { get: () => undefined } };
            h = (async () => {
                const handler = loadHandler(r);
                await handler.configure({ ...configuration, type: r.token });
                return handler;
            })();
            this.handlers.set(r.token, h);
        }
        return h;
    }

    async check(type: string, olds: Unwrapped, news: Unwrapped, call: CallContext = {}): Promise<CheckAnswer> {
        const r = resourceOf(type);
        const result = await (await this.handler(r)).check(olds.values, news.values, call);
        return {
            values: toPlainJson(result.inputs ?? {}) as JsonObject,
            secret: new Set([...news.secret, ...definedSecrets(r)]),
            nested: news.nested,
            failures: failuresForEngine(result.failures ?? [], news.values, (path) => secretBelow(news, path)),
        };
    }

    async diff(type: string, id: string, olds: Unwrapped, news: Unwrapped, oldInputs: Unwrapped, call: CallContext = {}): Promise<DetailedDiff> {
        const r = resourceOf(type);
        const diff: HandlerDiff = await (await this.handler(r)).diff(id, olds.values, news.values, call);
        const before = Object.keys(oldInputs.values).length > 0 ? oldInputs.values : olds.values;
        return detailedDiff(diff, before, news.values);
    }

    async create(type: string, inputs: Unwrapped, preview = false, call: CallContext = {}): Promise<{ id: string } & Answer> {
        const r = resourceOf(type);
        if (preview) return { id: "", ...answer(r, previewOfCreate(r, inputs.values), inputs) };
        const result = await (await this.handler(r)).create(inputs.values, call).catch((err: unknown) => partial(r, err, inputs));
        return { id: result.id, ...answer(r, result.outs, inputs) };
    }

    /**
     * Read: refresh (the state's outputs), a read by id (`get`, the program's inputs only) and an import (nothing but
     * the id). Undefined when the object is gone.
     */
    async read(
        type: string,
        id: string,
        state: Unwrapped,
        inputs: Unwrapped,
        call: CallContext = {},
    ): Promise<({ id: string; inputs: Answer } & Answer) | undefined> {
        const r = resourceOf(type);
        const props = { ...inputs.values, ...state.values };
        const result = await (await this.handler(r)).read(id, props, call);
        if (result.id === undefined || result.id === "") return undefined;
        const readInputs = toPlainJson(result.inputs ?? {}) as JsonObject;
        const { secret, nested } = secretsOf(state, inputs);
        return {
            id: result.id,
            ...answer(r, result.props ?? {}, state, inputs),
            inputs: { values: readInputs, secret: new Set([...secret, ...definedSecrets(r)].filter((k) => k in readInputs)), nested },
        };
    }

    async update(type: string, id: string, olds: Unwrapped, news: Unwrapped, preview = false, call: CallContext = {}): Promise<Answer> {
        const r = resourceOf(type);
        if (preview) return answer(r, previewOfUpdate(r, olds.values, news.values), olds, news);
        const result = await (await this.handler(r)).update(id, olds.values, news.values, call).catch((err: unknown) => partial(r, err, olds, news));
        return answer(r, result.outs ?? {}, olds, news);
    }

    async delete(type: string, id: string, state: Unwrapped, call: CallContext = {}): Promise<void> {
        const r = resourceOf(type);
        await (await this.handler(r)).delete(id, state.values, call);
    }

    /** Invoke of a get function, with the provider's settings or the call's `connection`, its requests bound to `operation`. */
    async invoke(
        token: string,
        args: Unwrapped,
        operation?: Operation,
    ): Promise<({ failures?: undefined } & Answer) | { failures: { property: string; reason: string }[] }> {
        const f = FUNCTION_TOKENS.get(token);
        if (f === undefined) throw new UnknownTokenError(`tenantkit has no function ${token} (it has ${[...FUNCTION_TOKENS.keys()].join(", ")})`);
        const lookup = loadLookup(f);
        const { [CONNECTION_KEY]: connection, ...rest } = args.values;
        const parsed = parseLookupArgs(lookup, rest);
        if (parsed.problems) return { failures: parsed.problems };
        try {
            const settings = connection !== undefined && connection !== null ? connectionSettings(connection as Connection) : this.settings();
            const result = toPlainJson(await lookup.read(sessionFor(settings).forOperation(operation), parsed.args)) as JsonObject;
            // A result computed from a secret argument is secret as a whole, as the SDKs make an output-form invoke's.
            // The connection is not such an argument: it is secret for its credentials, which no result carries.
            const secret = holdsSecret(withoutConnection(args))
                ? Object.keys(result)
                : Object.entries(f.outputs as Record<string, { secret?: boolean }>)
                      .filter(([k, rule]) => rule.secret && result[k] !== null && result[k] !== undefined)
                      .map(([k]) => k);
            return { values: result, secret: new Set(secret) };
        } catch (err) {
            throw new Error(lookupFailure(lookupCall(lookup, parsed.args), err).message);
        }
    }

    private settings(): Settings {
        const c = this.configuration ?? { config: { get: () => undefined } };
        const settings = resolveSettings((key) => c.config.get(`tenantkit:${key}`), c.env ?? process.env, c.origin);
        return c.origin === undefined ? settings : { ...settings, origin: c.origin };
    }
}
