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
 */
export function inputsNow(props: Props, only?: readonly string[]): Props | Promise<Props> {
    let waiting: string[] | undefined;
    let picked: Props | undefined;
    if (only !== undefined) {
        for (const k of only) {
            if (!Object.prototype.hasOwnProperty.call(props, k)) continue;
            const v = props[k];
            if (v !== null && typeof v === "object" ? !isPlain(v, 0) : typeof v === "function") (waiting ??= []).push(k);
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
    const out: Props = picked ?? { ...props };
    return Promise.all(waiting.map(async (k) => (out[k] = await resolveValue(props[k], 0)))).then(() => out);
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

async function resolveValue(v: unknown, depth: number): Promise<unknown> {
    if (v === null || typeof v !== "object" || depth > MAX_DEPTH) return typeof v === "function" ? undefined : v;
    if (pulumi.isUnknown(v)) return UNKNOWN_INPUT;
    if (pulumi.Output.isInstance(v)) {
        const o = v as unknown as OutputInternals;
        const [isKnown, value] = await Promise.all([o.isKnown, o.promise(true)]);
        // A wholly unknown output resolves to undefined; a partly unknown one carries unknown markers inside.
        if (!isKnown && (value === undefined || !pulumi.containsUnknowns(value))) return UNKNOWN_INPUT;
        return resolveValue(value, depth + 1);
    }
    if (isThenable(v)) return resolveValue(await (v as PromiseLike<unknown>), depth + 1);
    // A resource passed as an input is its id or URN to the engine; neither is a scope key the mappings read.
    if (isResourceOrAsset(v)) return UNKNOWN_INPUT;
    if (Array.isArray(v)) return Promise.all(v.map((x) => resolveValue(x, depth + 1)));
    const out: Props = {};
    for (const [k, x] of Object.entries(v)) out[k] = await resolveValue(x, depth + 1);
    return out;
}

/** Not a type guard on purpose: the SDK's guards would narrow plain objects away in the callers. */
function isResourceOrAsset(v: object): boolean {
    return pulumi.Resource.isInstance(v) || pulumi.asset.Asset.isInstance(v) || pulumi.asset.Archive.isInstance(v);
}

function isThenable(v: object): boolean {
    return typeof (v as { then?: unknown }).then === "function";
}
