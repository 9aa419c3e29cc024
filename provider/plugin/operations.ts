/**
 * The resource and function operations of the plugin, over plain values: each one calls the same handler (or lookup)
 * the dynamic resources use, and adds only what the engine's protocol asks of a real provider. server.ts speaks gRPC.
 *
 * - State has the schema's shape: what a dynamic resource's state keeps inside one object for its own reasons (the
 *   branding's `cdn`, core/definition.ts `carrier`) is spread into the outputs the schema declares.
 * - Secrets: a property is answered secret when the engine sent it secret, when its definition says so, and always
 *   for `connection`; the engine then stores it encrypted.
 * - Errors keep the handlers' messages (the type token, the identifying input, status, service code, request id,
 *   next step); a failure after a side effect carries the object's id and state, which the engine records.
 */
import { CONNECTION_KEY, connectionSettings } from "../core/connection";
import { outputSeeding } from "../core/definition";
import type { HandlerConfigureRequest, HandlerDiff, TenantkitHandler } from "../core/handler";
import { lookupCall, lookupFailure, parseLookupArgs } from "../core/lookup";
import { resolveSettings, type Settings } from "../core/settings";
import { sessionFor } from "../core/session";
import { toPlainJson, type JsonObject } from "../core/json";
import type { Connection } from "../core/connectionTypes";
import { FUNCTION_TOKENS, loadHandler, loadLookup, RESOURCE_TOKENS, type AnyResource } from "./catalog";
import { detailedDiff, type DetailedDiff } from "./detailedDiff";
import type { Unwrapped } from "./properties";

/** Plain values and the names of those to answer secret. */
export interface Answer {
    readonly values: JsonObject;
    readonly secret: ReadonlySet<string>;
}

export interface CheckAnswer extends Answer {
    readonly failures: { property: string; reason: string }[];
}

/** A token the plugin does not serve: the engine asked for a resource or function of another version. */
export class UnknownTokenError extends Error {
    override readonly name = "UnknownTokenError";
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

function answer(r: AnyResource, values: JsonObject, sent: ReadonlySet<string>): Answer {
    return { values: schemaState(r, toPlainJson(values)), secret: new Set([...sent, ...definedSecrets(r)]) };
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

    async check(type: string, olds: Unwrapped, news: Unwrapped): Promise<CheckAnswer> {
        const r = resourceOf(type);
        const result = await (await this.handler(r)).check!(olds.values, news.values);
        return {
            values: toPlainJson(result.inputs ?? {}) as JsonObject,
            secret: new Set([...news.secret, ...definedSecrets(r)]),
            failures: result.failures ?? [],
        };
    }

    async diff(type: string, id: string, olds: Unwrapped, news: Unwrapped, oldInputs: Unwrapped): Promise<DetailedDiff> {
        const r = resourceOf(type);
        const diff: HandlerDiff = await (await this.handler(r)).diff(id, olds.values, news.values);
        const before = Object.keys(oldInputs.values).length > 0 ? oldInputs.values : olds.values;
        return detailedDiff(diff, before, news.values);
    }

    async create(type: string, inputs: Unwrapped): Promise<{ id: string } & Answer> {
        const r = resourceOf(type);
        const result = await (await this.handler(r)).create!(inputs.values);
        return { id: result.id, ...answer(r, result.outs, inputs.secret) };
    }

    /**
     * Read: refresh (the state's outputs), a read by id (`get`, the program's inputs only) and an import (nothing but
     * the id). Undefined when the object is gone.
     */
    async read(type: string, id: string, state: Unwrapped, inputs: Unwrapped): Promise<({ id: string; inputs: Answer } & Answer) | undefined> {
        const r = resourceOf(type);
        const props = { ...inputs.values, ...state.values };
        const sent = new Set([...state.secret, ...inputs.secret]);
        const result = await (await this.handler(r)).read!(id, props);
        if (result.id === undefined || result.id === "") return undefined;
        const readInputs = toPlainJson(result.inputs ?? {}) as JsonObject;
        return {
            id: result.id,
            ...answer(r, result.props ?? {}, sent),
            inputs: { values: readInputs, secret: new Set([...sent, ...definedSecrets(r)].filter((k) => k in readInputs)) },
        };
    }

    async update(type: string, id: string, olds: Unwrapped, news: Unwrapped): Promise<Answer> {
        const r = resourceOf(type);
        const result = await (await this.handler(r)).update!(id, olds.values, news.values);
        return answer(r, result.outs ?? {}, new Set([...olds.secret, ...news.secret]));
    }

    async delete(type: string, id: string, state: Unwrapped): Promise<void> {
        const r = resourceOf(type);
        await (
            await this.handler(r)
        ).delete!(id, state.values);
    }

    /** Invoke of a get function, with the provider's settings or the call's `connection`. */
    async invoke(
        token: string,
        args: Unwrapped,
    ): Promise<({ failures?: undefined } & Answer) | { failures: { property: string; reason: string }[] }> {
        const f = FUNCTION_TOKENS.get(token);
        if (f === undefined) throw new UnknownTokenError(`tenantkit has no function ${token} (it has ${[...FUNCTION_TOKENS.keys()].join(", ")})`);
        const lookup = loadLookup(f);
        const { [CONNECTION_KEY]: connection, ...rest } = args.values;
        const parsed = parseLookupArgs(lookup, rest);
        if (parsed.problems) return { failures: parsed.problems };
        try {
            const settings = connection !== undefined && connection !== null ? connectionSettings(connection as Connection) : this.settings();
            const result = toPlainJson(await lookup.read(sessionFor(settings), parsed.args)) as JsonObject;
            const secret = Object.entries(f.outputs as Record<string, { secret?: boolean }>)
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
