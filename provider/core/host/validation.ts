/**
 * Validation in `check`, the one place inputs are validated (STYLE.md, "Validate once"): every failure with its
 * property path, never a throw for bad input, and values unknown during preview skipped rather than rejected.
 */
import type * as pulumi from "@pulumi/pulumi";
import type * as z from "zod";
import { withoutUnknowns } from "./handler";
import { UNKNOWN } from "../model/patterns";
import type { JsonObject } from "../model/json";
import { propertyPath } from "./propertyPaths";

/** True when the original input holds the unknown sentinel at `path` or above it. */
function unknownAt(original: unknown, path: readonly PropertyKey[]): boolean {
    let cur: unknown = original;
    for (const seg of path) {
        if (cur === UNKNOWN) return true;
        if (cur === null || typeof cur !== "object") return false;
        cur = (cur as Record<PropertyKey, unknown>)[seg as string];
    }
    return cur === UNKNOWN;
}

/** Puts the unknown sentinels of `original` back into the normalized inputs, so the engine keeps them unknown. */
function overlayUnknowns(normalized: unknown, original: unknown): unknown {
    if (original === UNKNOWN) return UNKNOWN;
    if (Array.isArray(original) && Array.isArray(normalized)) {
        return normalized.map((v, i) => overlayUnknowns(v, original[i]));
    }
    if (original && typeof original === "object" && normalized && typeof normalized === "object" && !Array.isArray(normalized)) {
        const out: Record<string, unknown> = { ...(normalized as Record<string, unknown>) };
        for (const [k, v] of Object.entries(original)) {
            if (v === UNKNOWN) out[k] = UNKNOWN;
            else if (k in out) out[k] = overlayUnknowns(out[k], v);
        }
        return out;
    }
    return normalized;
}

export interface SchemaCheck<T> {
    /** Normalized inputs when valid (defaults applied, canonical spelling), unknowns kept; else the inputs as given. */
    readonly inputs: T | JsonObject;
    readonly value?: T;
    readonly failures: pulumi.dynamic.CheckFailure[];
}

/** Validates `news` against `schema`, collecting every failure with its path. */
export function checkWithSchema<S extends z.ZodType>(schema: S, news: JsonObject): SchemaCheck<z.infer<S>> {
    const parsed = schema.safeParse(withoutUnknowns(news));
    if (parsed.success) {
        return { inputs: overlayUnknowns(parsed.data, news) as z.infer<S>, value: parsed.data, failures: [] };
    }
    const failures = parsed.error.issues
        .filter((issue) => !unknownAt(news, issue.path))
        .flatMap((issue) =>
            issue.code === "unrecognized_keys"
                ? issue.keys.map((key) => ({ property: propertyPath([...issue.path, key]), reason: `unknown property "${key}": check its spelling` }))
                : [{ property: propertyPath(issue.path), reason: issue.message }],
        );
    if (failures.length === 0) {
        // Only unknown values failed: nothing to report in preview; pass the inputs through unchanged.
        return { inputs: news, failures: [] };
    }
    return { inputs: news, failures };
}
