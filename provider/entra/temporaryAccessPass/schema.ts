/**
 * Temporary access pass (TAP) methods of a user: Graph v1.0 `temporaryAccessPassAuthenticationMethod`
 * (spec area A; docs/api-facts.md section A; test/fixtures/conformance/graph-tap-list.response.json).
 * Strict in (what a program passes), tolerant out (what the service sends may grow).
 */
import * as z from "zod";
import { schemaOf } from "../../core/model/schemaOf";
import { getTemporaryAccessPassMethods } from "./definition";
import type { TemporaryAccessPassLookup, TemporaryAccessPassMethod as PublicMethod } from "./types";
import { GUID } from "../../core/model/patterns";

export type { TemporaryAccessPassMethodsResult } from "./types";

/** A user principal name: `local@domain`, guests included (`ann_contoso.com#EXT#@fabrikam.onmicrosoft.com`). */
const UPN = /^[^@\s]{1,113}@[^@\s]{1,255}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** An object id or a UPN; omitted means the signed-in user (`/me`). */
export const UserReference = z
    .string()
    .trim()
    .min(1, "must not be empty; omit `user` for the signed-in user")
    .refine((s) => !CONTROL.test(s), "must not contain control characters")
    .refine((s) => GUID.test(s) || UPN.test(s), "must be a user object id (guid) or a user principal name (name@domain)");

/** The lookup's inputs as check validates them: the definition's structure (core/schemaOf.ts), refined. */
export const TemporaryAccessPassInputs = schemaOf<TemporaryAccessPassLookup>(getTemporaryAccessPassMethods, { user: UserReference });
export type TemporaryAccessPassInputs = { -readonly [K in keyof TemporaryAccessPassLookup]: TemporaryAccessPassLookup[K] };

/** `methodUsabilityReason` values documented by Graph; others may come and are kept as strings. */
export const METHOD_USABILITY_REASONS = ["EnabledByPolicy", "DisabledByPolicy", "Expired", "NotYetValid", "OneTimeUsed"] as const;

/** One method as Graph sends it. */
export const TemporaryAccessPassMethodWire = z.looseObject({
    id: z.string(),
    temporaryAccessPass: z.string().nullable().optional(),
    createdDateTime: z.string().nullable().optional(),
    startDateTime: z.string().nullable().optional(),
    lifetimeInMinutes: z.number().int().nullable().optional(),
    isUsableOnce: z.boolean().nullable().optional(),
    isUsable: z.boolean().nullable().optional(),
    methodUsabilityReason: z.string().nullable().optional(),
});
export type TemporaryAccessPassMethodWire = z.infer<typeof TemporaryAccessPassMethodWire>;

/** The list envelope; "a user can have only one TAP", so `value` holds at most one method. */
export const TemporaryAccessPassMethodListWire = z.looseObject({
    "@odata.context": z.string().optional(),
    value: z.array(TemporaryAccessPassMethodWire),
});
export type TemporaryAccessPassMethodListWire = z.infer<typeof TemporaryAccessPassMethodListWire>;

/** The method as tenantkit outputs it: plain JSON, nulls where Graph sent none, plus `expiresDateTime`. */
export const TemporaryAccessPassMethod = z.object({
    id: z.string(),
    createdDateTime: z.string().nullable(),
    startDateTime: z.string().nullable(),
    lifetimeInMinutes: z.number().int().nullable(),
    isUsableOnce: z.boolean().nullable(),
    isUsable: z.boolean().nullable(),
    methodUsabilityReason: z.string().nullable(),
    /** `startDateTime` (or `createdDateTime` when no start was set) plus `lifetimeInMinutes`, ISO 8601 UTC. */
    expiresDateTime: z.string().nullable(),
});
export type TemporaryAccessPassMethod = z.infer<typeof TemporaryAccessPassMethod>;

// A method as output is the public one.
const _methodIsPublic = (m: TemporaryAccessPassMethod): PublicMethod => m;
void _methodIsPublic;
