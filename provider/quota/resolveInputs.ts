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

/** The props as plain JSON when nothing in them waits (no output, promise or resource), else undefined. */
export function plainNow(props: Props): Props | undefined {
    return isPlain(props, 0) ? props : undefined;
}

function isPlain(v: unknown, depth: number): boolean {
    if (v === null || typeof v !== "object") return typeof v !== "function";
    if (depth > MAX_DEPTH || pulumi.Output.isInstance(v) || isThenable(v) || isResourceOrAsset(v)) return false;
    return Array.isArray(v) ? v.every((x) => isPlain(x, depth + 1)) : Object.values(v).every((x) => isPlain(x, depth + 1));
}

/** Resolves every top-level prop (each on its own, so one unknown value leaves the others readable). */
export async function resolveInputs(props: Props): Promise<Props> {
    const entries = await Promise.all(Object.entries(props).map(async ([k, v]) => [k, await resolveValue(v, 0)] as const));
    return Object.fromEntries(entries);
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
