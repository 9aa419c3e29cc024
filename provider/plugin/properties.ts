/**
 * Property values between the engine's wire form (a protobuf Struct, with the special objects of
 * `sdk/go/common/resource/plugin/rpc.go`) and what the handlers take: plain JSON with the unknown marker where a value
 * is not known in a preview, and an asset's raw wire object (the dynamic provider host hands them over the same way,
 * so one handler serves both front ends). Secrets are unwrapped on the way in, and which top-level properties held
 * one is remembered, so that the answer marks them secret again: the engine then stores them encrypted.
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { toPlainJson, type JsonObject, type JsonValue } from "../core/json";

/** The key of a special object, and the signature of a secret in it (`resource.SecretSig`). */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** Properties as the handlers take them, and the names of those the engine sent as secrets (at any depth within). */
export interface Unwrapped {
    readonly values: JsonObject;
    readonly secret: ReadonlySet<string>;
}

function isSecretObject(v: unknown): v is { value: JsonValue } {
    return v !== null && typeof v === "object" && !Array.isArray(v) && (v as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
}

function unwrapValue(v: JsonValue): { value: JsonValue; secret: boolean } {
    if (isSecretObject(v)) return { value: unwrapValue(v.value ?? null).value, secret: true };
    if (Array.isArray(v)) {
        let secret = false;
        const value = v.map((item) => {
            const u = unwrapValue(item);
            secret ||= u.secret;
            return u.value;
        });
        return { value, secret };
    }
    if (v !== null && typeof v === "object") {
        let secret = false;
        const value: JsonObject = {};
        for (const [k, item] of Object.entries(v)) {
            const u = unwrapValue(item);
            secret ||= u.secret;
            value[k] = u.value;
        }
        return { value, secret };
    }
    return { value: v, secret: false };
}

/** A request's Struct as plain values, secrets unwrapped and remembered by top-level name. */
export function fromStruct(struct: Struct | undefined): Unwrapped {
    const raw = (struct?.toJavaScript() ?? {}) as JsonObject;
    const values: JsonObject = {};
    const secret = new Set<string>();
    for (const [k, v] of Object.entries(raw)) {
        const u = unwrapValue(v);
        values[k] = u.value;
        if (u.secret) secret.add(k);
    }
    return { values, secret };
}

/** `value` as the engine's secret object. */
export function secretValue(value: JsonValue): JsonValue {
    return { [SIG_KEY]: SECRET_SIG, value };
}

/**
 * `values` as a Struct for an answer, each property named in `secret` wrapped as a secret. Values a Struct cannot hold
 * (`undefined`) are dropped first.
 */
export function toStruct(values: object, secret: Iterable<string> = []): Struct {
    const plain = toPlainJson(values) as JsonObject;
    for (const k of secret) if (k in plain && plain[k] !== null) plain[k] = secretValue(plain[k]!);
    return Struct.fromJavaScript(plain);
}
