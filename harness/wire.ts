/**
 * Engine wire values: the JSON encoding of Pulumi property values that crosses the gRPC boundary between the
 * engine and the provider host (google.protobuf.Struct), and the engine's own secret bookkeeping around it.
 *
 * Encoding (pulumi/pulumi `sdk/go/common/resource/plugin/rpc.go`, mirrored by `@pulumi/pulumi/runtime/rpc`):
 * a secret is `{ [SIG]: SECRET_SIG, value }`, an unknown value (preview only) is the string `UNKNOWN`.
 */

/** A JSON value as it travels in a `google.protobuf.Struct`. */
export type PropertyValue = null | boolean | number | string | PropertyValue[] | PropertyMap;

/** A property bag: resource inputs, outputs or stack config. */
export interface PropertyMap {
    [key: string]: PropertyValue;
}

/** The key that marks a special value (secret, asset, archive, resource reference). */
export const SIG = "4dabf18193072939515e22adb298388d";
/** The value of {@link SIG} for a secret. */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** The sentinel the engine sends for a value that is not known during preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** A secret on the wire. A type alias (not an interface) so that it is assignable to {@link PropertyMap}. */
export type Secret<T extends PropertyValue = PropertyValue> = { [SIG]: typeof SECRET_SIG; value: T };

/** Stack config as the engine holds it: namespaced keys (`tenantkit:graphToken`), secrets wrapped. */
export type StackConfig = Record<string, string | Secret<string>>;

/** Wraps a value as a secret. */
export function secret<T extends PropertyValue>(value: T): Secret<T> {
    return { [SIG]: SECRET_SIG, value };
}

/** True for a plain object (not null, not an array). */
export function isPropertyMap(v: unknown): v is PropertyMap {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** True for a secret wrapper. */
export function isSecret(v: unknown): v is Secret {
    return isPropertyMap(v) && v[SIG] === SECRET_SIG;
}

/** True when a secret is anywhere inside `v`. */
export function containsSecrets(v: PropertyValue | undefined): boolean {
    if (isSecret(v)) return true;
    if (Array.isArray(v)) return v.some(containsSecrets);
    if (isPropertyMap(v)) return Object.values(v).some(containsSecrets);
    return false;
}

/** True when the unknown sentinel is anywhere inside `v` (secrets included). */
export function containsUnknowns(v: PropertyValue | undefined): boolean {
    if (v === UNKNOWN) return true;
    if (Array.isArray(v)) return v.some(containsUnknowns);
    if (isPropertyMap(v)) return Object.values(v).some(containsUnknowns);
    return false;
}

/** Replaces every secret by its plain value: `MarshalProperties` with `KeepSecrets: false`. */
export function stripSecrets(v: PropertyValue): PropertyValue {
    if (isSecret(v)) return stripSecrets(v.value);
    if (Array.isArray(v)) return v.map(stripSecrets);
    if (isPropertyMap(v)) return mapValues(v, stripSecrets);
    return v;
}

/** {@link stripSecrets} for a property bag. */
export function stripSecretsMap(m: PropertyMap): PropertyMap {
    return mapValues(m, stripSecrets);
}

/**
 * Removes unknowns: `MarshalProperties` with `KeepUnknowns: false` marshals a computed value as nil, and nil
 * entries are left out of both objects and arrays. Returns undefined when `v` itself is unknown.
 */
export function dropUnknowns(v: PropertyValue): PropertyValue | undefined {
    if (v === UNKNOWN) return undefined;
    if (isSecret(v)) {
        const inner = dropUnknowns(v.value);
        return inner === undefined ? undefined : secret(inner);
    }
    if (Array.isArray(v)) return v.map(dropUnknowns).filter((x): x is PropertyValue => x !== undefined);
    if (isPropertyMap(v)) return dropUnknownsMap(v);
    return v;
}

/** {@link dropUnknowns} for a property bag. */
export function dropUnknownsMap(m: PropertyMap): PropertyMap {
    const out: PropertyMap = {};
    for (const [k, x] of Object.entries(m)) {
        const kept = dropUnknowns(x);
        if (kept !== undefined) out[k] = kept;
    }
    return out;
}

/**
 * Port of `annotateSecrets` (pulumi/pulumi `sdk/go/common/resource/plugin/provider_plugin.go`): the engine copies
 * the secretness of inputs onto same-named outputs of a provider that does not accept secrets. Objects are
 * walked key by key; any other value (an array included) becomes wholly secret when its input held a secret.
 * Returns a new bag; `outs` is not changed.
 */
export function annotateSecrets(outs: PropertyMap, ins: PropertyMap | undefined): PropertyMap {
    const result: PropertyMap = { ...outs };
    if (!ins) return result;
    for (const [key, inValue] of Object.entries(ins)) {
        if (!(key in result)) continue;
        const outValue = result[key];
        // A secret is not an object in the engine's model, so only plain objects on both sides recurse.
        if (isPlainObject(outValue) && isPlainObject(inValue)) result[key] = annotateSecrets(outValue, inValue);
        else if (!isSecret(outValue) && containsSecrets(inValue)) result[key] = secret(outValue);
    }
    return result;
}

/**
 * The `additionalSecretOutputs` resource option: the engine (not the provider) wraps those outputs as secrets
 * before it saves state and answers the program. `id` cannot be made secret (pulumi/pulumi#2717).
 */
export function applyAdditionalSecretOutputs(outs: PropertyMap, names: readonly string[] | undefined): PropertyMap {
    const result: PropertyMap = { ...outs };
    for (const name of names ?? []) {
        if (name in result && !isSecret(result[name])) result[name] = secret(result[name]);
    }
    return result;
}

/**
 * Parses a value decoded from a Struct (or read from JSON) into a {@link PropertyValue}, rejecting anything
 * JSON cannot hold, so that the rest of the harness never handles `unknown` or `any`.
 */
export function toPropertyValue(v: unknown, path = "value"): PropertyValue {
    if (v === null || typeof v === "boolean" || typeof v === "string") return v;
    if (typeof v === "number") return v;
    if (Array.isArray(v)) return v.map((x, i) => toPropertyValue(x, `${path}[${i}]`));
    if (typeof v === "object") {
        const out: PropertyMap = {};
        for (const [k, x] of Object.entries(v)) out[k] = toPropertyValue(x, `${path}.${k}`);
        return out;
    }
    throw new TypeError(`${path} is not a JSON value (${typeof v})`);
}

/** {@link toPropertyValue} for a bag; undefined and non-objects become `{}`. */
export function toPropertyMap(v: unknown): PropertyMap {
    if (v === undefined || v === null) return {};
    const parsed = toPropertyValue(v);
    if (!isPropertyMap(parsed)) throw new TypeError(`expected an object, got ${JSON.stringify(parsed)}`);
    return parsed;
}

/** The resource name: what follows the URN's type segment. */
export function urnName(urn: string): string {
    return urn.split("::").slice(3).join("::");
}

/** The resource type: the URN's type segment without its parents' types. */
export function urnType(urn: string): string {
    const qualified = urn.split("::")[2] ?? "";
    return qualified.split("$").pop() ?? qualified;
}

function isPlainObject(v: PropertyValue | undefined): v is PropertyMap {
    return isPropertyMap(v) && !isSecret(v);
}

function mapValues(m: PropertyMap, f: (v: PropertyValue) => PropertyValue): PropertyMap {
    const out: PropertyMap = {};
    for (const [k, x] of Object.entries(m)) out[k] = f(x);
    return out;
}
