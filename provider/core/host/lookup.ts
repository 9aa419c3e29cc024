/**
 * A get function as both front ends run it: the program-side `getX` (core/program/invoke.ts) and the provider plugin's Invoke.
 * One definition per function says how its arguments are validated, how a call is named in errors and what it reads,
 * so that the two differ only in where the settings come from and how a failure is reported.
 */
import type * as z from "zod";
import { isApiError, withContext } from "../errors/errors";
import { redactSecrets } from "../errors/redact";
import type { Session } from "../auth/session";
import { propertyPath } from "./propertyPaths";

/** A get function's shared part. `A` its validated arguments, `R` its result. */
export interface Lookup<A, R> {
    /** The function's name in the TypeScript package, as errors name it (`getGitPush`). */
    readonly name: string;
    /** The arguments' schema (strict: a misspelled argument fails). */
    readonly schema: z.ZodType<A>;
    /** The call in errors, after the function's name: `push 2 of repository "web" in organization "contoso"`. */
    describe(args: A): string;
    /** The read itself, through `session`: the plugin's Invoke binds it to the request's operation, a program's `getX` to none. */
    read(session: Session, args: A): Promise<R>;
}

/** One invalid argument: its path as the engine prints it, and what is wrong. */
export interface ArgumentProblem {
    readonly property: string;
    readonly reason: string;
}

/** The validated arguments, or every problem with its path. */
export function parseLookupArgs<A, R>(lookup: Lookup<A, R>, args: unknown): { args: A; problems?: undefined } | { problems: ArgumentProblem[] } {
    const parsed = lookup.schema.safeParse(args);
    if (parsed.success) return { args: parsed.data };
    return { problems: parsed.error.issues.map((i) => ({ property: propertyPath(i.path) || "args", reason: i.message })) };
}

/** `getGitPush (push 2 of ...)`: how errors name one call. */
export function lookupCall<A, R>(lookup: Lookup<A, R>, args: A): string {
    return `${lookup.name} (${lookup.describe(args)})`;
}

/**
 * How a failed call reads, whatever went wrong: an API error gets the call as its resource, so its message reads as a
 * resource's does (status, service code, request ids, next step); anything else follows the call's name. Secrets are
 * redacted. `cause` is the error to keep for a program that catches it.
 */
export function lookupFailure(where: string, err: unknown): { message: string; cause: unknown } {
    if (isApiError(err)) {
        const placed = withContext(err, { resource: where });
        return { message: redactSecrets(placed.message), cause: placed };
    }
    return { message: redactSecrets(`${where}: ${err instanceof Error ? err.message : String(err)}`), cause: err };
}
