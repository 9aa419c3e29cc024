/**
 * The two forms of a public shape. Each resource declares its properties once, as a plain documented interface in
 * its `types.ts` (the values as the service holds them); its Args are the input form and its class the output
 * form of that interface, so a property added there appears in both with its documentation. Its zod schema is
 * checked against the same interface at compile time (core/model/schemaCheck.ts).
 *
 * Public declarations must compile under the TypeScript 3.8 that `@pulumi/pulumi` falls back to when a program
 * brings none: no template literal types, no variadic tuples, recursion through interfaces rather than through a
 * conditional type alone, and nothing imported from an internal library (zod, axios, @azure/identity).
 */
import type * as pulumi from "@pulumi/pulumi";

/**
 * A value of an input shape: an `Input` of a scalar, of an input shape, or of a (readonly) array of them. Assets stay
 * as they are; they are named by their concrete classes, as `Asset` and `Archive` declare no member and so would
 * match every object.
 */
export type InputValue<T> = T extends pulumi.asset.FileAsset | pulumi.asset.StringAsset | pulumi.asset.RemoteAsset
    ? T
    : T extends ReadonlyArray<infer E>
      ? InputArray<E>
      : T extends object
        ? InputShape<T>
        : T;

/** An array input: `readonly` arrays (`as const` data) are accepted, and each element may be an `Input`. */
export interface InputArray<E> extends ReadonlyArray<pulumi.Input<InputValue<E>>> {}

/** The input form of a plain shape: every property, at every depth, may be an `Input` (an output of another resource). */
export type InputShape<T> = { readonly [K in keyof T]: pulumi.Input<InputValue<T[K]>> };

/**
 * The output form of a plain shape: one `Output` per property, always present; an optional property's output holds
 * `undefined` when unset. (Mapped over `Required<T>`: a `-?` modifier would also strip the `undefined`.)
 */
export type OutputShape<T> = { readonly [K in keyof Required<T>]: pulumi.Output<T[K]> };

/** A properties interface as state holds it: the properties in `D` always have a value (defaults applied at check). */
export type WithDefaults<T, D extends keyof T> = Omit<T, D> & Required<Pick<T, D>>;
