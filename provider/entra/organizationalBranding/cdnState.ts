/**
 * State keeps the CDN list and the images' RelativeUrls as one object, `cdn`, so that the program side seeds one
 * output for the eight (resourceBase.ts derives `cdnList` and each `*RelativeUrl` from it when read): the SDK pays for
 * every seeded output of every resource in every preview. The lifecycle works on the flat keys; the handler folds
 * and unfolds them at its boundary.
 */
import type { JsonObject } from "../../core/json";
import { RELATIVE_URL_KEYS } from "./properties";

/** The outputs that travel inside `cdn`. */
export const CDN_KEYS: readonly string[] = ["cdnList", ...RELATIVE_URL_KEYS];

/** Outputs as state keeps them: the CDN keys moved into `cdn`. */
export function foldCdn(outs: object): JsonObject {
    const cdn: JsonObject = {};
    const rest: JsonObject = {};
    for (const [k, v] of Object.entries(outs)) (CDN_KEYS.includes(k) ? cdn : rest)[k] = v as JsonObject[string];
    return { ...rest, cdn };
}

/** State as the lifecycle reads it: `cdn` spread back into flat keys. */
export function unfoldCdn<T extends object>(props: T): T {
    const { cdn, ...rest } = props as Record<string, unknown>;
    return (cdn !== null && typeof cdn === "object" ? { ...rest, ...cdn } : rest) as T;
}
