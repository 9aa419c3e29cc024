/**
 * The structural part of a resource's validation, derived from its definition (core/definition.ts): a strict object of
 * its inputs, each of its value type (nested objects strict too, lists, maps, enumerations in the spellings their
 * definitions accept), optional unless required, its default applied. A resource's schema.ts passes only what a rule
 * cannot say (name patterns, lengths, counts, refused values), as refinements typed over the public type, so a
 * property is declared in its public type and its definition and nowhere else:
 *
 *     export const PushDatasetInputs = schemaOf<PushDatasetProperties, PushDatasetChecked>(pushDataset, {
 *         name: nameAny,                                 // replaces the derived schema
 *         tables: { fields: { name: nameLimited }, then: (a) => a.min(1, "...") },
 *     });
 *
 * The schema's output type is the public type of the checked values, declared by the caller (the state form of the
 * properties), since the rules' literal values are not kept in the definitions' types.
 */
import * as z from "zod";
import type { EnumDefinition, ValueType } from "./definition";
import { nearestWord } from "./nearest";

type Present<T> = Exclude<T, undefined | null>;
type Scalar = string | number | boolean | bigint | symbol;

/** The schema a rule derives for a value of public type `V`, before it is made optional or defaulted. */
export type Derived<V> = [Present<V>] extends [ReadonlyArray<unknown>]
    ? z.ZodArray<z.ZodType>
    : [Present<V>] extends [number]
      ? z.ZodNumber
      : string extends Present<V>
        ? z.ZodString
        : z.ZodType;

/** The object type whose fields a nested refinement reaches: the property's own, or its list's elements'. */
type Nested<V> = [Present<V>] extends [ReadonlyArray<infer E>] ? Nested<E> : [Present<V>] extends [Scalar] ? never : Present<V>;

/**
 * What a resource adds to the derived schema of one property: a schema that replaces it (a string with a pattern), a
 * function of it (a list with a count limit), or, for an object or a list of objects, refinements of its fields and
 * then, optionally, a function of the derived list or object.
 */
export type Refinement<V> =
    | z.ZodType
    | ((derived: Derived<V>) => z.ZodType)
    | ([Nested<V>] extends [never] ? never : { readonly fields?: Refinements<Nested<V>>; readonly then?: (derived: Derived<V>) => z.ZodType });

/** Refinements by property of the public type `T`: a property that is not one of `T`'s fails to compile. */
export type Refinements<T> = { readonly [K in keyof T]?: Refinement<T[K]> };

/** The part of a rule the schema reads. */
interface StructuralRule {
    readonly type: ValueType;
    readonly required?: boolean;
    readonly default?: string | number | boolean | readonly [];
}

/** A refinement as the derivation reads it, its types checked by {@link Refinements} where it is written. */
type AnyRefinement =
    | z.ZodType
    | ((derived: z.ZodType) => z.ZodType)
    | { readonly fields?: Record<string, unknown>; readonly then?: (derived: z.ZodType) => z.ZodType };

const isSchema = (r: AnyRefinement): r is z.ZodType => typeof r === "object" && "_zod" in r;

/**
 * An enumeration's spellings by their lowercase form, each to the value state holds. A table without a prototype: a
 * program's `constructor` or `__proto__` must find nothing in it, not Object's members (which once made
 * `dataType: "constructor"` valid and its canonical spelling a function).
 */
export function spellingsByLowercase(e: EnumDefinition): Readonly<Record<string, string>> {
    const entries = e.values.flatMap((v) => [v.value, ...(v.alsoSpelled ?? [])].map((s) => [s.toLowerCase(), v.value]));
    return Object.freeze(Object.assign(Object.create(null) as Record<string, string>, Object.fromEntries(entries)));
}

/** `A`, `A or B`, `A, B or C`. */
const either = (words: readonly string[]): string => (words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`);

/**
 * An enumeration. Listed exactly: one of its values. Letter case ignored: a listed spelling in whatever case, its value
 * (or the word as written) to state. A word it does not take is refused with its values only (the other spellings are
 * the docs' payloads' words, accepted without being offered) and, when the word is close to a spelling, the value that
 * spelling means (`Int46`: did you mean Int64?; `basicfifo`, where case matters: did you mean basicFIFO?); a value of
 * another type (a number, a list) with the values alone.
 */
function enumeration(e: EnumDefinition): z.ZodType {
    const values = e.values.map((v) => v.value);
    if (e.matching === undefined) {
        if (e.values.some((v) => v.alsoSpelled?.length)) throw new Error(`enumeration ${e.name}: other spellings need a matching mode`);
        const message = `must be ${either(values)}`;
        return z.enum(values as [string, ...string[]], { error: (issue) => withNearest(message, issue.input, values, (near) => near) });
    }
    const table = spellingsByLowercase(e);
    const spellings = e.values.flatMap((v) => [v.value, ...(v.alsoSpelled ?? [])]);
    const message = `must be one of ${values.join(", ")} (any letter case)`;
    const asWritten = e.matching === "asWritten";
    return z.unknown().transform((v, ctx) => {
        const value = typeof v === "string" ? table[v.toLowerCase()] : undefined;
        if (value !== undefined) return asWritten ? v : value;
        ctx.addIssue({ code: "custom", message: withNearest(message, v, spellings, (near) => table[near.toLowerCase()]!) });
        return z.NEVER;
    });
}

/** `message`, and the value a string `input` most likely meant when it is close to one of `spellings`. */
function withNearest(message: string, input: unknown, spellings: readonly string[], valueOf: (spelling: string) => string): string {
    const near = typeof input === "string" ? nearestWord(input, spellings) : undefined;
    return near === undefined ? message : `${message}; did you mean ${valueOf(near)}?`;
}

/** A strict object of the rules' properties, in their order. */
function objectSchema(rules: Readonly<Record<string, StructuralRule>>, refinements: Readonly<Record<string, unknown>> = {}): z.ZodType {
    return z.strictObject(Object.fromEntries(Object.entries(rules).map(([key, rule]) => [key, property(rule, refinements[key] as AnyRefinement)])));
}

/** The schema of a value type, nested refinements applied to its objects' fields. */
function valueSchema(type: ValueType, fields?: Readonly<Record<string, unknown>>): z.ZodType {
    switch (type.kind) {
        case "string":
            return z.string();
        case "integer":
            return z.number().int();
        case "number":
            return z.number();
        case "boolean":
            return z.boolean();
        case "enum":
            return enumeration(type.enum);
        // An image is read by its resource (a file asset or a path), and JSON is state only: the schema reserves the name.
        case "asset":
        case "json":
            return z.unknown();
        case "array":
            return z.array(valueSchema(type.items, fields));
        case "map":
            return z.record(z.string(), valueSchema(type.values, fields));
        case "object":
            return objectSchema(type.object.fields as Readonly<Record<string, StructuralRule>>, fields);
    }
}

/** One property: its refined schema, kept required, given its default, or optional. */
function property(rule: StructuralRule, refinement?: AnyRefinement): z.ZodType {
    let schema: z.ZodType;
    if (refinement !== undefined && isSchema(refinement)) schema = refinement;
    else if (typeof refinement === "function") schema = refinement(valueSchema(rule.type));
    else schema = refinement?.then ? refinement.then(valueSchema(rule.type, refinement.fields)) : valueSchema(rule.type, refinement?.fields);
    if (rule.required) return schema;
    return rule.default !== undefined ? schema.default(rule.default) : schema.optional();
}

/**
 * The inputs' schema of a definition (a resource's or a get function's), refined; `P` is the public type its rules
 * are over, `Out` what check leaves (defaults applied, canonical spellings).
 */
export function schemaOf<P, Out = P>(
    definition: { readonly inputs: { readonly [K in keyof Required<P>]-?: StructuralRule } },
    refinements: Refinements<P> = {},
): z.ZodType<Out> {
    return objectSchema(definition.inputs, refinements) as z.ZodType<Out>;
}
