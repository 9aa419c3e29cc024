/**
 * Property values between the engine's wire form (a protobuf Struct, with the special objects of
 * `sdk/go/common/resource/plugin/rpc.go`) and what the handlers take: plain JSON with the unknown marker where a value
 * is not known in a preview, and an asset's raw wire object (the dynamic provider host hands them over the same way,
 * so one handler serves both front ends). Secrets are unwrapped on the way in, and which top-level properties held
 * one is remembered, so that the answer marks them secret again: the engine then stores them encrypted.
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { toPlainJson, type JsonObject, type JsonValue } from "../core/model/json";
import { SECRET_SIG, SIG_KEY } from "../core/model/patterns";

/** Where a secret sat below a top-level property: the keys and indexes from that property down, the property first. */
export type SecretPath = readonly (string | number)[];

/**
 * Properties as the handlers take them, the names of those the engine sent secret as a whole, and the paths of
 * secrets deeper down (a column name inside `tables`): an answer marks the same places again, and no more, so one
 * secret field does not hide the whole property in every preview.
 */
export interface Unwrapped {
    readonly values: JsonObject;
    readonly secret: ReadonlySet<string>;
    readonly nested?: readonly SecretPath[];
}

function isSecretObject(v: unknown): v is { value: JsonValue } {
    return v !== null && typeof v === "object" && !Array.isArray(v) && (v as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
}

/** The value without its secret wrappers, and the paths within it where they were (`[]`: the value itself). */
function unwrapValue(v: JsonValue): { value: JsonValue; paths: SecretPath[] } {
    if (isSecretObject(v)) return { value: unwrapValue(v.value ?? null).value, paths: [[]] };
    if (Array.isArray(v)) {
        const paths: SecretPath[] = [];
        const value = v.map((item, i) => {
            const u = unwrapValue(item);
            for (const p of u.paths) paths.push([i, ...p]);
            return u.value;
        });
        return { value, paths };
    }
    if (v !== null && typeof v === "object") {
        const paths: SecretPath[] = [];
        const value: JsonObject = {};
        for (const [k, item] of Object.entries(v)) {
            const u = unwrapValue(item);
            for (const p of u.paths) paths.push([k, ...p]);
            value[k] = u.value;
        }
        return { value, paths };
    }
    return { value: v, paths: [] };
}

/** A request's Struct as plain values, secrets unwrapped and remembered where they were. */
export function fromStruct(struct: Struct | undefined): Unwrapped {
    const raw = (struct?.toJavaScript() ?? {}) as JsonObject;
    const values: JsonObject = {};
    const secret = new Set<string>();
    const nested: SecretPath[] = [];
    for (const [k, v] of Object.entries(raw)) {
        const u = unwrapValue(v);
        values[k] = u.value;
        if (u.paths.some((p) => p.length === 0)) secret.add(k);
        else for (const p of u.paths) nested.push([k, ...p]);
    }
    return { values, secret, nested };
}

/** Whether any value of `u` was sent secret, at any depth. */
export function holdsSecret(u: Unwrapped): boolean {
    return u.secret.size > 0 || (u.nested?.length ?? 0) > 0;
}

/** Whether the value at `path` (the property named first) was sent secret, or holds a value that was. */
export function secretBelow(u: Unwrapped, path: readonly (string | number)[]): boolean {
    if (u.secret.has(String(path[0]))) return true;
    // One path is a prefix of the other: the secret is at the value, above it or inside it.
    return (u.nested ?? []).some((p) => p.slice(0, path.length).every((seg, i) => String(seg) === String(path[i])));
}

/** `value` as the engine's secret object. */
export function secretValue(value: JsonValue): JsonValue {
    return { [SIG_KEY]: SECRET_SIG, value };
}

/** Wraps the value at `path` below `holder` as a secret, where the answer still has one there. */
function wrapAt(holder: JsonValue, path: SecretPath): void {
    if (holder === null || typeof holder !== "object" || path.length === 0) return;
    const [key, ...rest] = path;
    const container = holder as Record<string | number, JsonValue>;
    if (!(key! in container) || container[key!] === null || container[key!] === undefined) return;
    if (rest.length === 0) container[key!] = secretValue(container[key!]!);
    else wrapAt(container[key!]!, rest);
}

/**
 * `values` as a Struct for an answer: each property named in `secret` wrapped as a secret, and each value at a path of
 * `nested` (the property named first) where the answer has one. Values a Struct cannot hold (`undefined`) are dropped
 * first.
 */
export function toStruct(values: object, secret: Iterable<string> = [], nested: readonly SecretPath[] = []): Struct {
    const plain = toPlainJson(values) as JsonObject;
    const whole = new Set(secret);
    for (const path of nested) if (!whole.has(String(path[0]))) wrapAt(plain, path);
    for (const k of whole) if (k in plain && plain[k] !== null) plain[k] = secretValue(plain[k]!);
    return Struct.fromJavaScript(plain);
}
