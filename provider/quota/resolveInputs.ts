/**
 * Resource inputs as plain JSON for the mappings, from the `props` a stack transformation receives: plain values
 * at once, outputs and promises once resolved. A value not known until apply becomes {@link UNKNOWN_INPUT},
 * exactly as the engine and `pulumi preview --json` show it, so one mapping serves the program and the CLI.
 */
import * as pulumi from "@pulumi/pulumi";
import { UNKNOWN_INPUT } from "./types";

type Props = Record<string, unknown>;

/** The SDK's Output internals used here (`OutputImpl` of @pulumi/pulumi 3.x); typed, not in the public typings. */
interface OutputInternals {
    isKnown: Promise<boolean>;
    promise(withUnknowns?: boolean): Promise<unknown>;
}

const MAX_DEPTH = 32;

/**
 * The props as plain JSON: the props themselves when nothing in them waits (no output, promise or resource), else
 * a promise of a copy in which the values that waited are resolved. Each top-level prop resolves on its own, so
 * one unknown value leaves the others readable; props that are plain are not walked twice. With `only`, just those
 * props are looked at, so an output elsewhere in the props does not wait: when they are plain the props come back as
 * they are (the caller reads only those), else a promise of just those props (the ones the resource has), resolved.
 * Of the `countOnly` props only the elements themselves are looked at, not what they hold (the caller counts them).
 */
export function inputsNow(props: Props, only?: readonly string[], countOnly?: ReadonlySet<string>): Props | Promise<Props> {
    let waiting: string[] | undefined;
    let picked: Props | undefined;
    if (only !== undefined) {
        for (let i = 0; i < only.length; i++) {
            const k = only[i];
            if (!Object.prototype.hasOwnProperty.call(props, k)) continue;
            const v = props[k];
            if (v !== null && typeof v === "object" ? !(countOnly?.has(k) ? elementsKnown(v) : isPlain(v, 0)) : typeof v === "function")
                (waiting ??= []).push(k);
        }
        if (waiting === undefined) return props;
        // Only the named props are handed on once resolved: the others may still be outputs.
        picked = {};
        for (const k of only) if (Object.prototype.hasOwnProperty.call(props, k)) picked[k] = props[k];
    } else {
        const literal = Object.getPrototypeOf(props) === Object.prototype;
        for (const k in props) {
            if (!literal && !Object.prototype.hasOwnProperty.call(props, k)) continue;
            const v = props[k];
            if (v !== null && typeof v === "object" ? !isPlain(v, 0) : typeof v === "function") (waiting ??= []).push(k);
        }
    }
    if (waiting === undefined) return picked ?? props;
    return resolved(props, waiting, picked ?? { ...props });
}

/**
 * `out` with the props named by `keys` resolved. Its own function: a closure in inputsNow would make every call
 * allocate a context for it, also the calls that return at once. The outputs among the props, the common case,
 * resolve in one `Promise.all` together (their `isKnown` and value side by side), not one each.
 */
function resolved(props: Props, keys: readonly string[], out: Props): Promise<Props> {
    const pending: unknown[] = [];
    for (let i = 0; i < keys.length; i++) {
        const v = props[keys[i]];
        if (pulumi.Output.isInstance(v)) {
            const o = v as unknown as OutputInternals;
            pending.push(o.isKnown, o.promise(true));
        } else pending.push(RESOLVED, resolveValue(v, 0));
    }
    return Promise.all(pending).then((settled) => {
        let later: Promise<void>[] | undefined;
        for (let i = 0; i < keys.length; i++) {
            const known = settled[2 * i];
            const value = known === RESOLVED ? settled[2 * i + 1] : settledOutput(known as boolean, settled[2 * i + 1], 0);
            if (value instanceof Promise) {
                const k = keys[i];
                (later ??= []).push(value.then((x) => void (out[k] = x)));
            } else out[keys[i]] = value;
        }
        return later === undefined ? out : Promise.all(later).then(() => out);
    });
}

/** In place of an `isKnown`: the value beside it is no output, and is resolved already. */
const RESOLVED = Symbol("resolved");

/** The value of an output once settled (`isKnown`, the value with unknowns): {@link UNKNOWN_INPUT} when unknown. */
function settledOutput(isKnown: boolean, value: unknown, depth: number): unknown {
    // A wholly unknown output resolves to undefined; a partly unknown one carries unknown markers inside.
    if (!isKnown && (value === undefined || !pulumi.containsUnknowns(value))) return UNKNOWN_INPUT;
    return resolveValue(value, depth + 1);
}

/** An array whose elements are each a value now (what an element holds may still wait: the caller only counts them). */
function elementsKnown(v: object): boolean {
    if (!Array.isArray(v)) return isPlain(v, 0);
    for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (x === null || typeof x !== "object") {
            if (typeof x === "function") return false;
            continue;
        }
        const proto: unknown = Object.getPrototypeOf(x);
        // An object literal or array element is a value; an output, promise or resource may resolve to unknown.
        if (proto === Array.prototype || ((proto === Object.prototype || proto === null) && !isThenable(x))) continue;
        if (pulumi.Output.isInstance(x) || isThenable(x) || isResourceOrAsset(x)) return false;
    }
    return true;
}

function isPlain(v: object, depth: number): boolean {
    if (depth > MAX_DEPTH) return false;
    if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) if (!isPlainValue(v[i], depth + 1)) return false;
        return true;
    }
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto === Object.prototype || proto === null) {
        // An object literal, the usual input: for-in yields its own keys only (Object.prototype has no enumerable ones).
        if (isThenable(v)) return false;
        for (const k in v) if (!isPlainValue((v as Props)[k], depth + 1)) return false;
        return true;
    }
    if (pulumi.Output.isInstance(v) || isThenable(v) || isResourceOrAsset(v)) return false;
    for (const k in v) {
        if (Object.prototype.hasOwnProperty.call(v, k) && !isPlainValue((v as Props)[k], depth + 1)) return false;
    }
    return true;
}

function isPlainValue(v: unknown, depth: number): boolean {
    if (v === null || typeof v !== "object") return typeof v !== "function";
    return isPlain(v, depth);
}

/** The value with every output and promise in it resolved: the value itself when nothing waits, else a promise. */
function resolveValue(v: unknown, depth: number): unknown {
    if (v === null || typeof v !== "object" || depth > MAX_DEPTH) return typeof v === "function" ? undefined : v;
    // An output first: each look at one goes through the SDK's Proxy, so the commonest case is found in one.
    if (pulumi.Output.isInstance(v)) {
        const o = v as unknown as OutputInternals;
        return Promise.all([o.isKnown, o.promise(true)]).then(([isKnown, value]) => settledOutput(isKnown, value, depth));
    }
    if (pulumi.isUnknown(v)) return UNKNOWN_INPUT;
    if (isThenable(v)) return Promise.resolve(v as PromiseLike<unknown>).then((x) => resolveValue(x, depth + 1));
    // A resource passed as an input is its id or URN to the engine; neither is a scope key the mappings read.
    if (isResourceOrAsset(v)) return UNKNOWN_INPUT;
    if (Array.isArray(v)) {
        const items = v.map((x) => resolveValue(x, depth + 1));
        return items.some(isPromise) ? Promise.all(items) : items;
    }
    const entries = Object.entries(v).map(([k, x]): [string, unknown] => [k, resolveValue(x, depth + 1)]);
    if (!entries.some(([, x]) => isPromise(x))) return Object.fromEntries(entries);
    return Promise.all(entries.map(([, x]) => x)).then((values) => Object.fromEntries(entries.map(([k], i) => [k, values[i]])));
}

function isPromise(v: unknown): v is Promise<unknown> {
    return v instanceof Promise;
}

/** Not a type guard on purpose: the SDK's guards would narrow plain objects away in the callers. */
function isResourceOrAsset(v: object): boolean {
    return pulumi.Resource.isInstance(v) || pulumi.asset.Asset.isInstance(v) || pulumi.asset.Archive.isInstance(v);
}

function isThenable(v: object): boolean {
    return typeof (v as { then?: unknown }).then === "function";
}
