/**
 * Compile-time agreement between a public shape (a plain interface in a resource's types.ts) and the zod schema
 * that validates it, so that a property is added in one place and the compiler points at the other:
 *
 *     conforms<PushDatasetProperties, typeof PushDatasetArgs>(true);
 *
 * fails to compile, naming the property path, when either has a property the other lacks (at any depth), or when a
 * value the public type allows is not valid input to the schema.
 */
import type * as z from "zod";

type Present<T> = Exclude<T, undefined | null>;
type ElementOf<T> = T extends ReadonlyArray<infer E> ? E : never;
type Scalar = string | number | boolean | bigint | symbol;

/** Property paths present in one shape and not the other, as readable strings; `never` when the keys agree. */
export type KeyMismatch<P, S, Path extends string = "args"> = [Present<P>] extends [ReadonlyArray<unknown>]
    ? [Present<S>] extends [ReadonlyArray<unknown>]
        ? KeyMismatch<ElementOf<Present<P>>, ElementOf<Present<S>>, `${Path}[]`>
        : `${Path}: an array in the public type only`
    : [Present<P>] extends [Scalar]
      ? never
      : [Present<P>] extends [object]
        ? [Present<S>] extends [object]
            ? {
                  [K in keyof Present<P> | keyof Present<S>]: K extends keyof Present<P>
                      ? K extends keyof Present<S>
                          ? KeyMismatch<Present<P>[K], Present<S>[K], `${Path}.${K & string}`>
                          : `${Path}.${K & string} is missing from the schema`
                      : `${Path}.${K & string} is missing from the public type`;
              }[keyof Present<P> | keyof Present<S>]
            : never
        : never;

/** The public shape with its arrays and properties writable, as zod's input types are. */
type Writable<T> =
    T extends ReadonlyArray<infer E> ? Writable<E>[] : T extends Scalar ? T : T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;

/** `true` when the public shape `P` and the schema `S` agree; otherwise the reason, which `conforms` refuses. */
export type Conforms<P, S extends z.ZodType> = [KeyMismatch<P, z.input<S>>] extends [never]
    ? Writable<P> extends z.input<S>
        ? true
        : "a value of the public type is not valid input to the schema"
    : KeyMismatch<P, z.input<S>>;

/** Compiles only when `P` and `S` agree (see above); does nothing at run time. */
export function conforms<P, S extends z.ZodType>(ok: Conforms<P, S>): void {
    void ok;
}
