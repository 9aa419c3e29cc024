/**
 * Inputs of `powerbi.PushDataset` (spec area C, CreateDatasetRequest), validated and normalized at preview:
 * canonical data types and filter directions, defaults applied, so that previews show no noise. The structure comes
 * from the definition (core/schemaOf.ts); this file says what its rules cannot.
 */
import * as z from "zod";
import { nearestWord } from "../../core/model/nearest";
import { schemaOf, spellingsByLowercase } from "../../core/model/schemaOf";
import { isDotSegment } from "../../core/http/urls";
import type { PushDatasetProperties, PushDatasetState } from "./types";
import { GUID } from "../../core/model/patterns";
import { DATA_TYPE, pushDataset } from "./definition";

/**
 * The spec's NAME_ANY and NAME_LIMITED. Its `\u10000-\u10FFFF` means code points above U+FFFF, which a JavaScript
 * regex only understands with the `u` flag and `\u{...}`; without it the class silently means something else.
 */
export const NAME_ANY = /^[\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]+$/u;
export const NAME_LIMITED = /^[\t\n\r\x20\x23\x2D\x30-\x39\x40-\x5A\x5E-\x5F\x61-\x7A\x7E-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]{1,100}$/u;

const nameAny = z.string().regex(NAME_ANY, "must be a non-empty name without control characters other than tab and line breaks");
const nameLimited = z
    .string()
    .regex(NAME_LIMITED, "must be 1 to 100 characters without ! \" $ % & ' ( ) * + , . / : ; < = > ? [ \\ ] ` { | } or control characters");

/** Data types the service accepts, by their lowercase spelling (official examples use `Int64`, `int64`, `string`, `bool`, `dateTime`). */
export const DATA_TYPES = spellingsByLowercase(DATA_TYPE);

/**
 * A count limit reported beside the elements' own problems: zod's `.max` skips the elements when it fails, and a
 * plain refine runs only when they pass, so either way one problem hid the others.
 */
const atMost = <T extends z.ZodType<unknown[]>>(array: T, max: number, message: string) =>
    array.refine((a) => !Array.isArray(a) || a.length <= max, { message, when: () => true });

const uuid = z.string().regex(GUID, "must be a uuid");

/** Modes the service refuses for push datasets, and why. */
const REFUSED_MODES: Readonly<Record<string, string>> = Object.assign(Object.create(null) as Record<string, string>, {
    Streaming:
        "Streaming datasets can no longer be created (Power BI answers FeatureDeprecatedError; real-time streaming is being retired): use Push or PushStreaming",
    AsAzure: "AsAzure is a live connection to Azure Analysis Services, not a push dataset: these calls create push datasets only",
    AsOnPrem: "AsOnPrem is a live connection to an on-premises Analysis Services, not a push dataset: these calls create push datasets only",
});
const defaultMode = z.unknown().transform((s, ctx): "Push" | "PushStreaming" => {
    if (s === "Push" || s === "PushStreaming") return s;
    const near = typeof s === "string" ? nearestWord(s, ["Push", "PushStreaming"]) : undefined;
    ctx.addIssue({
        code: "custom",
        message: (typeof s === "string" && REFUSED_MODES[s]) || `must be Push or PushStreaming${near ? `; did you mean ${near}?` : ""}`,
    });
    return z.NEVER;
});

/** The inputs as check leaves them, the state without the dataset's id: valid, canonical spellings, defaults applied. */
export type PushDatasetInputs = Omit<PushDatasetState, "datasetId">;

/**
 * The inputs' schema: the definition's structure (strict objects, optional fields, enumerations in any letter case,
 * defaults), with the spec's names, counts and the modes the service refuses.
 */
export const PushDatasetInputs = schemaOf<PushDatasetProperties, PushDatasetInputs>(pushDataset, {
    name: nameAny.refine((s) => [...s].length <= 256, "must be at most 256 characters"),
    workspaceId: uuid,
    tables: {
        fields: {
            name: nameLimited,
            columns: {
                fields: { name: nameAny },
                then: (a) => atMost(a.min(1, "a table needs at least one column"), 75, "at most 75 columns per table (push dataset limit)"),
            },
            measures: { fields: { name: nameAny, expression: (s) => s.min(1, "must not be empty") } },
        },
        then: (a) => atMost(a.min(1, "a push dataset needs at least one table"), 75, "at most 75 tables (push dataset limit)"),
    },
    relationships: {
        fields: { name: nameLimited, fromTable: nameLimited, fromColumn: nameAny, toTable: nameLimited, toColumn: nameAny },
        then: (a) => atMost(a, 75, "at most 75 relationships (push dataset limit)"),
    },
    datasources: { fields: { datasourceId: uuid, gatewayId: uuid } },
    defaultMode,
    /** Take over an existing dataset by id instead of creating one (dynamic resources cannot be imported). */
    adopt: (s) =>
        s
            .min(1)
            .refine(
                (a) => !isDotSegment(a),
                'must be the id of the dataset to adopt, not "." or ".." (in a URL path they mean this folder and its parent)',
            ),
});

/** A dataset as Power BI sends it: only `id` and `name` are relied upon. */
export const DatasetWire = z.looseObject({ id: z.string(), name: z.string().optional() });
export const DatasetListWire = z.looseObject({ value: z.array(DatasetWire) });
export const TableListWire = z.looseObject({
    value: z.array(
        z.looseObject({
            name: z.string(),
            columns: z.array(z.looseObject({ name: z.string(), dataType: z.string() })).optional(),
            measures: z.array(z.looseObject({ name: z.string(), expression: z.string().optional() })).optional(),
        }),
    ),
});
export type LiveTable = z.infer<typeof TableListWire>["value"][number];
