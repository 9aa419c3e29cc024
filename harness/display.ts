/**
 * Property diffs as the CLI shows them. The dynamic provider host sends no detailed diff, so the CLI diffs old
 * and new inputs itself (docs/engine-notes.md 1.1, "Diff"); these lines approximate its output:
 * `+ key: value` added, `- key: value` removed, `~ key: old => new` changed.
 */
import { PropertyMap, PropertyValue, UNKNOWN, isPropertyMap, isSecret } from "./wire";

/**
 * Structural equality of wire values with object keys in any order. A secret equals only a secret with an
 * equal value, as `PropertyValue.DeepEquals` in the engine.
 */
export function deepEqual(a: PropertyValue | undefined, b: PropertyValue | undefined): boolean {
    return canonical(a) === canonical(b);
}

/** Top-level keys whose values differ between two bags, sorted. */
export function changedKeys(olds: PropertyMap, news: PropertyMap): string[] {
    const keys = new Set([...Object.keys(olds), ...Object.keys(news)]);
    return [...keys].filter((k) => !deepEqual(olds[k], news[k])).sort();
}

/** The CLI-style property lines between two bags; `[]` when they are equal. */
export function diffLines(olds: PropertyMap, news: PropertyMap): string[] {
    return changedKeys(olds, news).map((key) => {
        const before = olds[key];
        const after = news[key];
        if (before === undefined) return `+ ${key}: ${showValue(key, after)}`;
        if (after === undefined) return `- ${key}: ${showValue(key, before)}`;
        return `~ ${key}: ${showValue(key, before)} => ${showValue(key, after)}`;
    });
}

/** The lines for a new resource: every input as added. */
export function createLines(news: PropertyMap): string[] {
    return diffLines({}, news);
}

/**
 * One value for display: secrets as `[secret]` (the CLI never prints them), unknowns as `[unknown]`,
 * `__provider` shortened to its size (the CLI prints all of it, which buries every other line).
 */
export function showValue(key: string, v: PropertyValue | undefined): string {
    if (v === undefined) return "<none>";
    if (key === "__provider" && typeof v === "string") return `[provider: ${v.length} chars]`;
    if (isSecret(v)) return "[secret]";
    if (v === UNKNOWN) return "[unknown]";
    return JSON.stringify(masked(v));
}

function masked(v: PropertyValue): PropertyValue {
    if (isSecret(v)) return "[secret]";
    if (v === UNKNOWN) return "[unknown]";
    if (Array.isArray(v)) return v.map(masked);
    if (isPropertyMap(v)) {
        const out: PropertyMap = {};
        for (const [k, x] of Object.entries(v)) out[k] = masked(x);
        return out;
    }
    return v;
}

function canonical(v: PropertyValue | undefined): string {
    if (v === undefined) return "undefined";
    return JSON.stringify(sortKeys(v));
}

function sortKeys(v: PropertyValue): PropertyValue {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (isPropertyMap(v)) {
        const out: PropertyMap = {};
        for (const k of Object.keys(v).sort()) out[k] = sortKeys(v[k]);
        return out;
    }
    return v;
}

/**
 * A check failure as the CLI prints it (pulumi/pulumi `sdk/go/common/diag/errors.go`, codes 2003 and 2002).
 * The engine formats the value with `PropertyValue.String()`, i.e. `{red}` for the string "red".
 */
export function formatCheckFailure(type: string, name: string, failure: { property: string; reason: string }, inputs: PropertyMap): string {
    if (!failure.property) return `${type} resource '${name}' has a problem: ${failure.reason}`;
    return `${type} resource '${name}': property ${failure.property} value ${goValue(inputs[failure.property])} has a problem: ${failure.reason}`;
}

function goValue(v: PropertyValue | undefined): string {
    if (v === undefined || v === null) return "{<nil>}";
    if (isSecret(v)) return "{[secret]}";
    if (v === UNKNOWN) return "output{}";
    if (typeof v === "object") return `{${JSON.stringify(masked(v))}}`;
    return `{${String(v)}}`;
}
