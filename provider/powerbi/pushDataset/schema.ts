/**
 * Inputs of `powerbi.PushDataset` (spec area C, CreateDatasetRequest), validated and normalized at preview:
 * canonical data types and filter directions, defaults applied, so that previews show no noise.
 */
import * as z from "zod";
import { conforms } from "../../core/model/schemaCheck";
import { isDotSegment } from "../../core/http/urls";
import type {
    PushDatasetCrossFilteringBehavior,
    PushDatasetDataType,
    PushDatasetProperties,
    PushDatasetState,
    PushDatasetSummarizeBy,
} from "./types";
import { GUID } from "../../core/model/patterns";
import { CROSS_FILTERING_SPELLINGS, DATA_TYPE_SPELLINGS, SUMMARIZE_BY_SPELLINGS } from "./spellings";

type CanonicalDataType = (typeof DATA_TYPE_SPELLINGS)[keyof typeof DATA_TYPE_SPELLINGS];

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

/**
 * A lookup table without a prototype: a program's `constructor` or `__proto__` must find nothing in it, not
 * Object's members (which once made `dataType: "constructor"` valid and its canonical spelling a function).
 */
const lookupTable = <V extends string>(entries: Record<string, V>): Readonly<Record<string, V>> =>
    Object.freeze(Object.assign(Object.create(null) as Record<string, V>, entries));

/** The public spellings (spellings.ts) by their lowercase form: a program may write them in any letter case. */
const byLowercase = <V extends string>(spellings: Readonly<Record<string, V>>): Readonly<Record<string, V>> =>
    lookupTable(Object.fromEntries(Object.entries(spellings).map(([k, v]) => [k.toLowerCase(), v])));

/**
 * An enumerated field: a public spelling in whatever letter case (spellings.ts), as `canonical` gives it to state. A value
 * of another type (a number, a list) is refused with the same message as a misspelling, which lists every accepted
 * spelling: the engine and the check's own message show the value (core/runtime/propertyPaths.ts).
 */
function enumeration<V extends string, S extends string>(spellings: Readonly<Record<string, V>>, canonical: (written: string, value: V) => S) {
    const table = byLowercase(spellings);
    // One word per letter-case folding, as spellings.ts first writes it: `Int64`, not `int64` too.
    const accepted = Object.keys(spellings).filter((k, i, all) => all.findIndex((o) => o.toLowerCase() === k.toLowerCase()) === i);
    const message = `must be one of ${accepted.join(", ")} (any letter case)`;
    return z.unknown().transform((v, ctx): S => {
        const value = typeof v === "string" ? table[v.toLowerCase()] : undefined;
        if (value !== undefined) return canonical(v as string, value);
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
    });
}

/** Data types the service accepts, by their lowercase spelling (official examples use `Int64`, `int64`, `string`, `bool`, `dateTime`). */
export const DATA_TYPES = byLowercase<CanonicalDataType>(DATA_TYPE_SPELLINGS);
const dataType = enumeration(DATA_TYPE_SPELLINGS, (_, value): PushDatasetDataType => value);

const crossFiltering = enumeration(CROSS_FILTERING_SPELLINGS, (_, value): PushDatasetCrossFilteringBehavior => value).default("OneDirection");

/** The tabular model's AggregateFunction names; the service takes any letter case (the official example sends `none`), kept as written. */
const summarizeBy = enumeration(SUMMARIZE_BY_SPELLINGS, (written) => written as PushDatasetSummarizeBy);

/**
 * A count limit reported beside the elements' own problems: zod's `.max` skips the elements when it fails, and a
 * plain refine runs only when they pass, so either way one problem hid the others.
 */
const atMost = <T extends z.ZodType<unknown[]>>(array: T, max: number, message: string) =>
    array.refine((a) => !Array.isArray(a) || a.length <= max, { message, when: () => true });

export const Column = z.strictObject({
    name: nameAny,
    dataType,
    dataCategory: z.string().optional(),
    formatString: z.string().optional(),
    isHidden: z.boolean().optional(),
    sortByColumn: z.string().optional(),
    summarizeBy: summarizeBy.optional(),
});

export const Measure = z.strictObject({
    name: nameAny,
    expression: z.string().min(1, "must not be empty"),
    description: z.string().optional(),
    formatString: z.string().optional(),
    isHidden: z.boolean().optional(),
});

const Table = z.strictObject({
    name: nameLimited,
    columns: atMost(z.array(Column).min(1, "a table needs at least one column"), 75, "at most 75 columns per table (push dataset limit)"),
    measures: z.array(Measure).optional(),
    description: z.string().optional(),
    isHidden: z.boolean().optional(),
    source: z.array(z.strictObject({ expression: z.string() })).optional(),
});

export const Relationship = z.strictObject({
    name: nameLimited,
    fromTable: nameLimited,
    fromColumn: nameAny,
    toTable: nameLimited,
    toColumn: nameAny,
    crossFilteringBehavior: crossFiltering,
});

const uuid = z.string().regex(GUID, "must be a uuid");

export const Datasource = z.strictObject({
    datasourceType: z.string().optional(),
    connectionDetails: z
        .strictObject({
            account: z.string().optional(),
            classInfo: z.string().optional(),
            database: z.string().optional(),
            domain: z.string().optional(),
            emailAddress: z.string().optional(),
            kind: z.string().optional(),
            loginServer: z.string().optional(),
            path: z.string().optional(),
            server: z.string().optional(),
            url: z.string().optional(),
        })
        .optional(),
    datasourceId: uuid.optional(),
    gatewayId: uuid.optional(),
});

/** Modes the service refuses for push datasets, and why. */
const REFUSED_MODES = lookupTable({
    Streaming:
        "Streaming datasets can no longer be created (Power BI answers FeatureDeprecatedError; real-time streaming is being retired): use Push or PushStreaming",
    AsAzure: "AsAzure is a live connection to Azure Analysis Services, not a push dataset: these calls create push datasets only",
    AsOnPrem: "AsOnPrem is a live connection to an on-premises Analysis Services, not a push dataset: these calls create push datasets only",
});
const defaultMode = z
    .unknown()
    .transform((s, ctx): "Push" | "PushStreaming" => {
        if (s === "Push" || s === "PushStreaming") return s;
        ctx.addIssue({ code: "custom", message: (typeof s === "string" && REFUSED_MODES[s]) || "must be Push or PushStreaming" });
        return z.NEVER;
    })
    .default("Push");

/** The inputs as check leaves them: valid, in the canonical spellings, defaults applied. */
export const PushDatasetInputs = z.strictObject({
    name: nameAny.refine((s) => [...s].length <= 256, "must be at most 256 characters"),
    workspaceId: uuid.optional(),
    tables: atMost(z.array(Table).min(1, "a push dataset needs at least one table"), 75, "at most 75 tables (push dataset limit)"),
    relationships: atMost(z.array(Relationship), 75, "at most 75 relationships (push dataset limit)").default([]),
    datasources: z.array(Datasource).default([]),
    defaultMode,
    defaultRetentionPolicy: z.enum(["None", "basicFIFO"], "must be None or basicFIFO").default("None"),
    /** Take over an existing dataset by id instead of creating one (dynamic resources cannot be imported). */
    adopt: z
        .string()
        .min(1)
        .refine(
            (s) => !isDotSegment(s),
            'must be the id of the dataset to adopt, not "." or ".." (in a URL path they mean this folder and its parent)',
        )
        .optional(),
});
export type PushDatasetInputs = z.infer<typeof PushDatasetInputs>;

// The public shape (types.ts) and this schema name the same properties, every public value is valid input, and what
// check returns is the state the resource's outputs promise.
conforms<PushDatasetProperties, typeof PushDatasetInputs>(true);
const _stateIsPublic = (a: PushDatasetInputs, datasetId: string): PushDatasetState => ({ ...a, datasetId });
void _stateIsPublic;

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
