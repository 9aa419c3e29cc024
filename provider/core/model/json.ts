/**
 * Plain JSON, the only thing the provider host can encode. What else reaches it fails after the side effect
 * (`undefined`, a Buffer, a BigInt, a function: "Unexpected struct type") or silently turns into `{}` (a Date,
 * a Map) or `null` (NaN): docs/engine-notes.md §1.1, "Values that cannot be encoded".
 */

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * Converts a value to plain JSON: drops `undefined` members and functions, turns Dates into ISO strings,
 * Buffers into base64, non-finite numbers and BigInts into strings or null. Keeps the static type for callers.
 */
export function toPlainJson<T>(value: T): T {
    return convert(value) as T;
}

function convert(value: unknown): JsonValue | undefined {
    if (value === null) return null;
    switch (typeof value) {
        case "string":
        case "boolean":
            return value;
        case "number":
            return Number.isFinite(value) ? value : null;
        case "bigint":
            return value.toString();
        case "undefined":
        case "function":
        case "symbol":
            return undefined;
        default:
            break;
    }
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
    if (Buffer.isBuffer(value)) return value.toString("base64");
    if (Array.isArray(value)) return value.map((v) => convert(v) ?? null);
    if (value instanceof Map) return convert(Object.fromEntries(value));
    if (value instanceof Set) return convert([...value]);
    const out: { [key: string]: JsonValue } = {};
    for (const [k, v] of Object.entries(value as object)) {
        const c = convert(v);
        if (c !== undefined) out[k] = c;
    }
    return out;
}
