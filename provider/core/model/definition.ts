/**
 * What a resource or a get function is, as one declarative definition: its Pulumi type token, the handler module its
 * stub requires, and a rule for every property of its public type. The property tables are typed over the public
 * interfaces (`Record<keyof Properties, Rule>`), so a property added to a public type does not compile until its
 * definition says what it is: whether it is an input, an output or both, what a change of it does, its value type,
 * whether it is required, secret or defaulted. The descriptions are the public types' own doc comments, which the
 * package schema takes from them (scripts/schema.ts), so they are written once.
 *
 * From the definitions come the package schema (`schema.json`), the registry of resources (provider/resources.ts)
 * and what each resource derives from its table (the properties whose change replaces it, its seeded outputs).
 * Runtime-free on purpose: a definition module imports types only, so that lint, tests and the schema generator can
 * load every definition without the handlers' clients.
 */

/** What a change of an input property does to the resource. */
export type Change =
    /** The handler applies it in place. */
    | "update"
    /** The resource is deleted and created again (the schema lists it in `replaceOnChanges`). */
    | "replace"
    /** An update that sends nothing: the new value only changes what state keeps (what destroy will do, say). */
    | "state"
    /** No diff at all: the value only matters when the resource is created. */
    | "ignore";

/** One allowed value of an enumerated property, and the other spellings the service accepts for it. */
export interface EnumValue {
    /** The spelling state holds. */
    readonly value: string;
    /** Other spellings the service documents for the same value (another letter case, the docs' payloads). */
    readonly alsoSpelled?: readonly string[];
}

/** A named enumeration of string values (a schema `enum` type). */
export interface EnumDefinition {
    /** The type's name in its module, such as `PushDatasetDataType`. */
    readonly name: string;
    readonly values: readonly EnumValue[];
    /** Whether the service takes other values too (they then pass through as strings). */
    readonly open?: boolean;
    /**
     * How check reads a program's value (core/schemaOf.ts). Omitted: exactly one of the values as listed. `anyCase`:
     * any listed spelling in any letter case, stored as its `value`. `asWritten`: the same words, stored as the
     * program wrote them (the service takes any letter case and the program's word is what it shows).
     */
    readonly matching?: "anyCase" | "asWritten";
}

/** The value type of a property. */
export type ValueType =
    | { readonly kind: "string" }
    | { readonly kind: "integer" }
    | { readonly kind: "number" }
    | { readonly kind: "boolean" }
    | { readonly kind: "enum"; readonly enum: EnumDefinition }
    /** A file: a `pulumi.asset.FileAsset` (the schema's `pulumi.json#/Asset`) or a path relative to the program. */
    | { readonly kind: "asset" }
    | { readonly kind: "array"; readonly items: ValueType }
    | { readonly kind: "map"; readonly values: ValueType }
    | { readonly kind: "object"; readonly object: ObjectDefinition<object> }
    /** Any JSON value: state only, never an input. */
    | { readonly kind: "json" };

/**
 * Where an input travels in the one REST request that writes it, and where a read by id finds it, for a resource whose
 * write is such a request (a push dataset's PostDataset, a git push's GET): its JSON body, its query string (sent when
 * set), a segment of its URL's path, or not at all; in the service's answer under the same name, among the values the
 * reader already has, or nowhere (the service does not return it). A definition that passes it as its tables' `W`
 * makes it part of every rule, so a new property needs that decision.
 */
export interface Wire {
    readonly request: "body" | "query" | "path" | "none";
    readonly read?: "service" | "reader" | "none";
}

/** A rule's `wire`: required when the definition says where its values travel (`W`), optional otherwise. */
type Travels<W> = [W] extends [never] ? { readonly wire?: Wire } : { readonly wire: W };

/** Keys of `T` that its type requires. */
export type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** A property's rule, with `required` forced to agree with the public type: `true` exactly where the type requires it. */
type Requiredness<T, K extends keyof T> = K extends RequiredKeys<T> ? { readonly required: true } : { readonly required?: false };

/** What every property says, input or output. */
interface RuleBase {
    readonly type: ValueType;
    /** Stored encrypted in state and shown as `[secret]` (the schema's `secret`). */
    readonly secret?: boolean;
    /** Why the property should no longer be used; the resource refuses it at preview. */
    readonly deprecated?: string;
}

/** A field of a nested object type, or an argument of a get function. */
export type FieldRule<T, K extends keyof T, W = never> = RuleBase &
    Requiredness<T, K> &
    Travels<W> & {
        /** A change of this field replaces the resource whose property holds the object (the schema's `replaceOnChanges`). */
        readonly replaces?: true;
        /**
         * The value check gives the field when the program leaves it unset. Not in the package schema: a default on a
         * nested type's field would make every SDK generate a defaults helper, which none had.
         */
        readonly default?: string | number | boolean;
    };

/** A nested object type: its name and a rule for each of its fields. */
export interface ObjectDefinition<T> {
    /** The type's name in its module, such as `PushDatasetColumn`; also its public interface's name. */
    readonly name: string;
    readonly fields: { readonly [K in keyof Required<T>]-?: FieldRule<T, K> };
}

/** A property the program sets. */
export type InputRule<T, K extends keyof T, W = never> = RuleBase &
    Requiredness<T, K> &
    Travels<W> & {
        /** What a change of it does. */
        readonly change: Change;
        /**
         * The value state holds when the program leaves it unset. The package schema states a scalar one; an empty list
         * only check applies (Pulumi's schema has no default for a list).
         */
        readonly default?: string | number | boolean | readonly [];
        /**
         * Whether state keeps it as an output: `true` in the input's form, or the form state gives it (an image is a
         * file as input and its SHA-256 and size as output). Omitted or `false`: input only.
         */
        readonly output?: true | ValueType;
        /**
         * State always holds a value, set or not: a default the schema cannot state (an empty list), or one the
         * provider finds when the program leaves it unset (the organization id), so an unset input has not changed.
         * With `unset`, the value by which state names an unset input (the signed-in user is `me`), which a diff
         * compares like every other value.
         */
        readonly filled?: true | { readonly unset: string };
    };

/** A property only the provider sets. */
export type OutputRule = RuleBase & {
    /**
     * What an update does to it, so that the preview of an update shows what stays known (the provider plugin answers
     * previews, `supportsPreview`): `kept`, its value stays; a list of inputs, it takes a new value when one of them
     * changes. Omitted: the preview cannot tell, and shows it unknown.
     */
    readonly onUpdate?: "kept" | readonly string[];
    /** Always present in state once the resource exists (`required` in the schema's sense). */
    readonly always?: boolean;
    /**
     * Kept in state by the dynamic resources only, for a reason of theirs (one seeded output instead of several): the
     * schema leaves it out.
     */
    readonly dynamicOnly?: boolean;
    /**
     * The `dynamicOnly` output whose member of this name holds it in the dynamic resources' state: their classes
     * derive it from that one output instead of seeding it (the SDK pays for every seeded output in every run).
     */
    readonly carrier?: string;
};

/**
 * The tables of inputs and outputs over the public types: `P` the properties a program sets, `O` the rest of state;
 * `W`, when given, what every input's rule says of where it travels ({@link Wire}).
 */
export interface PropertyTables<P, O, W = never> {
    readonly inputs: { readonly [K in keyof Required<P>]-?: InputRule<P, K, W> };
    readonly outputs: { readonly [K in keyof Required<O>]-?: OutputRule };
}

/** The folder and module of a resource's handler: `pulumi-tenantkit/<area>/<resource>` (core/program/stub.ts). */
export interface HandlerLocation {
    readonly area: "devops" | "entra" | "powerbi";
    /** The resource folder's name under its area, such as `pushDataset`. */
    readonly folder: string;
}

/** A resource's Pulumi type token, `tenantkit:<area>:<Name>`. */
export type TypeToken = `tenantkit:${string}:${string}`;

/** A get function's Pulumi token, `tenantkit:<area>:get<Name>`. */
export type FunctionToken = `tenantkit:${string}:get${string}`;

/** A resource: its token, handler, public types and property tables. */
export interface ResourceDefinition<P = object, O = object, W = never, T extends TypeToken = TypeToken>
    extends PropertyTables<P, O, W>, HandlerLocation {
    /** The Pulumi type token, `tenantkit:<area>:<Name>`. */
    readonly token: T;
    /**
     * Where the descriptions are: the folder's public interfaces whose doc comments describe the inputs and the
     * outputs, and the exported class whose doc comment describes the resource.
     */
    readonly docs: { readonly inputs: string; readonly outputs: string; readonly resource: string };
}

/** A get function: its token, its arguments and its result. */
export interface FunctionDefinition<A = object, R = object, W = never, T extends FunctionToken = FunctionToken> {
    /** The Pulumi function token, `tenantkit:<area>:get<Name>`. */
    readonly token: T;
    readonly docs: {
        readonly inputs: string;
        readonly outputs: string;
        readonly function: string;
        readonly folder: `${HandlerLocation["area"]}/${string}`;
    };
    readonly inputs: { readonly [K in keyof Required<A>]-?: FieldRule<A, K, W> };
    readonly outputs: { readonly [K in keyof Required<R>]-?: FieldRule<R, K> };
}

/**
 * A resource's definition with its token kept as the literal it is, so that the registry's tokens are a type
 * (provider/resources.ts) and what is keyed by them (the plugin's catalog) fails to compile without one. Curried
 * because `P` and `O` are written and the token inferred: `defineResource<P, O>()({ token: "tenantkit:...", ... })`.
 */
export const defineResource =
    <P, O, W = never>() =>
    <T extends TypeToken>(definition: ResourceDefinition<P, O, W, T>): ResourceDefinition<P, O, W, T> =>
        definition;

/** A get function's definition with its token kept as the literal it is (as {@link defineResource}). */
export const defineFunction =
    <A, R, W = never>() =>
    <T extends FunctionToken>(definition: FunctionDefinition<A, R, W, T>): FunctionDefinition<A, R, W, T> =>
        definition;

/** The module a resource's stub requires: `pulumi-tenantkit/<area>/<folder>` (core/program/stub.ts; a public contract). */
export function handlerModule(r: HandlerLocation): `pulumi-tenantkit/${HandlerLocation["area"]}/${string}` {
    return `pulumi-tenantkit/${r.area}/${r.folder}`;
}

/** The name of a resource's type without package and module (`PushDataset`): the dynamic resources' type is `tenantkit:<name>`. */
export function typeName(r: { readonly token: string }): string {
    return r.token.slice(r.token.lastIndexOf(":") + 1);
}

/** Value-type builders, so that tables read as declarations. */
export const string: ValueType = { kind: "string" };
export const integer: ValueType = { kind: "integer" };
export const number: ValueType = { kind: "number" };
export const boolean: ValueType = { kind: "boolean" };
export const asset: ValueType = { kind: "asset" };
export const json: ValueType = { kind: "json" };
export const arrayOf = (items: ValueType): ValueType => ({ kind: "array", items });
export const mapOf = (values: ValueType): ValueType => ({ kind: "map", values });
export const objectOf = <T>(object: ObjectDefinition<T>): ValueType => ({ kind: "object", object: object as ObjectDefinition<object> });
export const enumOf = (definition: EnumDefinition): ValueType => ({ kind: "enum", enum: definition });

/**
 * An enumeration from a spellings table (every spelling the service accepts, mapped to the one state holds), read in
 * any letter case: stored as the canonical spelling, or `asWritten`.
 */
export function enumFromSpellings(
    name: string,
    spellings: Readonly<Record<string, string>>,
    matching: "anyCase" | "asWritten" = "anyCase",
): EnumDefinition {
    const byCanonical = new Map<string, string[]>();
    for (const [spelling, canonical] of Object.entries(spellings)) {
        const others = byCanonical.get(canonical) ?? [];
        if (spelling !== canonical) others.push(spelling);
        byCanonical.set(canonical, others);
    }
    const values = [...byCanonical].map(([value, alsoSpelled]) => (alsoSpelled.length > 0 ? { value, alsoSpelled } : { value }));
    return { name, values, matching };
}

/**
 * A lookup's arguments as the inputs of its read-only resource: each names what is read, so a change replaces (another
 * argument reads another object), and state keeps it.
 */
export function lookupInputs<A, W = never>(arguments_: {
    readonly [K in keyof Required<A>]-?: FieldRule<A, K, W>;
}): { readonly [K in keyof Required<A>]-?: InputRule<A, K, W> } {
    const inputs = Object.entries(arguments_).map(([key, rule]) => [key, { ...(rule as object), change: "replace", output: true }]);
    return Object.fromEntries(inputs) as { readonly [K in keyof Required<A>]-?: InputRule<A, K, W> };
}

/** Whether `key` names an input of `definition`: narrows a diff's property names to the definition's own keys. */
export function isInputOf<I extends object>(definition: { readonly inputs: I }, key: string): key is Extract<keyof I, string> {
    return Object.prototype.hasOwnProperty.call(definition.inputs, key);
}

/** Two values of one property are the same when their JSON is (unset and null alike). */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The inputs whose value differs between state and the program, by what their change does (`ignore` leaves none). */
export interface ChangedInputs {
    readonly replace: string[];
    readonly update: string[];
    readonly state: string[];
}

/**
 * The diff a definition implies: each input compared by `same`, sorted by its rule's `change`. An input the provider
 * fills (`filled`) that the program leaves unset, or that state does not hold, has not changed: state holds what the
 * provider found, or the service could not say.
 */
export function changedInputs(
    definition: { readonly inputs: object },
    oldValues: object,
    newValues: object,
    same: (key: string, a: unknown, b: unknown) => boolean = (_k, a, b) => sameValue(a, b),
): ChangedInputs {
    const olds = oldValues as Readonly<Record<string, unknown>>;
    const news = newValues as Readonly<Record<string, unknown>>;
    const changed: ChangedInputs = { replace: [], update: [], state: [] };
    for (const [key, rule] of Object.entries(definition.inputs) as [string, InputRule<Record<string, unknown>, string>][]) {
        // A filled input that state does not hold was not readable from the service (a push dataset's relationships
        // after an import): the program's value is taken as what exists, not as a change.
        if (rule.change === "ignore" || (rule.filled === true && (news[key] === undefined || olds[key] === undefined))) continue;
        const unset = typeof rule.filled === "object" ? rule.filled.unset : undefined;
        if (!same(key, olds[key] ?? unset, news[key] ?? unset)) changed[rule.change].push(key);
    }
    return changed;
}

/** How a resource's class creates its outputs (core/program/dynamic.ts): the engine fills only outputs that exist when it registers. */
export interface OutputSeeding {
    /** Always in state (required, defaulted, filled or always set by the provider): seeded as `undefined`. */
    readonly seeded: string[];
    /** Empty unless the program sets them: created on first access, so a preview pays only for those read. */
    readonly lazy: string[];
    /** Held inside another output in the dynamic resources' state: by carrier, the members derived from it. */
    readonly carried: Record<string, string[]>;
    /** Outputs the engine stores as secrets. */
    readonly secret: string[];
}

/** The outputs a definition's state holds, sorted by how the dynamic resources' classes create them. */
export function outputSeeding(definition: { readonly inputs: object; readonly outputs: object }): OutputSeeding {
    const seeding: OutputSeeding = { seeded: [], lazy: [], carried: {}, secret: [] };
    for (const [key, rule] of Object.entries(definition.inputs) as [string, InputRule<Record<string, unknown>, string>][]) {
        if (rule.output === undefined) continue;
        (rule.required || rule.default !== undefined || rule.filled ? seeding.seeded : seeding.lazy).push(key);
        if (rule.secret) seeding.secret.push(key);
    }
    for (const [key, rule] of Object.entries(definition.outputs) as [string, OutputRule][]) {
        if (rule.carrier) (seeding.carried[rule.carrier] ??= []).push(key);
        else seeding.seeded.push(key);
        if (rule.secret) seeding.secret.push(key);
    }
    return seeding;
}
