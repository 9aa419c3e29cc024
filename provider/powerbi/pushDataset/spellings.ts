/**
 * Every spelling of an enumerated push dataset field that a program may write, each with the canonical spelling that
 * state holds: the service's own enum names, and the spellings its documentation and official payloads write
 * (`int64`, `string`, `bool`, `dateTime`, `none`, `bothDirections`). The one list: the public types (types.ts) are
 * its keys, and the schema (schema.ts) accepts exactly these words in any letter case, so the two cannot drift. Plain
 * `as const` objects, so that the declarations a program reads stay TypeScript 3.8 syntax (DESIGN.md, "Public types").
 */

/** Column data types. */
export const DATA_TYPE_SPELLINGS = {
    Int64: "Int64",
    int64: "Int64",
    Double: "Double",
    double: "Double",
    Decimal: "Decimal",
    decimal: "Decimal",
    Boolean: "Boolean",
    boolean: "Boolean",
    bool: "Boolean",
    DateTime: "DateTime",
    dateTime: "DateTime",
    datetime: "DateTime",
    String: "String",
    string: "String",
} as const;

/** The tabular model's AggregateFunction names. */
export const SUMMARIZE_BY_SPELLINGS = {
    Default: "Default",
    default: "Default",
    None: "None",
    none: "None",
    Sum: "Sum",
    sum: "Sum",
    Min: "Min",
    min: "Min",
    Max: "Max",
    max: "Max",
    Count: "Count",
    count: "Count",
    Average: "Average",
    average: "Average",
    DistinctCount: "DistinctCount",
    distinctCount: "DistinctCount",
    distinctcount: "DistinctCount",
} as const;

/** Filter directions of a relationship. */
export const CROSS_FILTERING_SPELLINGS = {
    OneDirection: "OneDirection",
    oneDirection: "OneDirection",
    BothDirections: "BothDirections",
    bothDirections: "BothDirections",
    Automatic: "Automatic",
    automatic: "Automatic",
} as const;
