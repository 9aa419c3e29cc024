/**
 * Validation of PostDataset and PutTable bodies as the service applies it: required members, the spec's
 * name patterns, data types (case-insensitive, the official examples mix `Int64`, `string`, `bool`,
 * `DateTime`, `int64` and `dateTime`), unique names, relationships that name existing tables and columns,
 * the dataset modes push datasets accept, and the push limits (push-datasets-limitations.md: 75 tables,
 * 75 columns per table, 75 relationships). The first problem found is reported, with its path.
 */
import {
    CROSS_FILTERING,
    DATA_TYPES,
    type DataType,
    type StoredColumn,
    type StoredDataset,
    type StoredMeasure,
    type StoredRelationship,
    type StoredTable,
} from "../store/powerbi/model";
import { invalidRequest, PowerBiFailure } from "./errors";

/**
 * The spec's NAME_ANY and NAME_LIMITED. Its `\u10000-\u10FFFF` means code points above U+FFFF, which a
 * JavaScript regex only reads that way with the `u` flag and `\u{...}`.
 */
export const NAME_ANY = /^[\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]+$/u;
export const NAME_LIMITED = /^[\t\n\r\x20\x23\x2D\x30-\x39\x40-\x5A\x5E-\x5F\x61-\x7A\x7E-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]{1,100}$/u;

/** Push dataset limits (push-datasets-limitations.md). */
export const LIMITS = { tables: 75, columnsPerTable: 75, relationships: 75, rowsPerRequest: 10_000 } as const;

/** A validated CreateDatasetRequest. */
export type CreateDataset = Pick<StoredDataset, "name" | "defaultMode" | "tables" | "relationships" | "datasources">;

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The body of PostDataset, validated and normalized (canonical data types and behaviors). */
export function parseCreateDataset(body: unknown): CreateDataset {
    if (!isObj(body)) throw invalidRequest("The request body must be a CreateDatasetRequest object.");
    const name = body.name;
    if (typeof name !== "string" || name.trim() === "") throw invalidRequest("dataset.name is required.");
    const defaultMode = parseMode(body.defaultMode);
    if (!Array.isArray(body.tables) || body.tables.length === 0) throw invalidRequest("dataset.tables is required and must hold at least one table.");
    if (body.tables.length > LIMITS.tables) {
        throw invalidRequest(`A push dataset holds at most ${LIMITS.tables} tables; dataset.tables has ${body.tables.length}.`);
    }
    const tables = body.tables.map((t, i) => parseTable(t, `tables[${i}]`));
    checkUnique(
        tables.map((t) => t.name),
        "tables",
        "table",
    );
    const relationships = parseRelationships(body.relationships, tables);
    const datasources = parseDatasources(body.datasources);
    return { name, defaultMode, tables, relationships, datasources };
}

function parseMode(mode: unknown): CreateDataset["defaultMode"] {
    if (mode === undefined || mode === null) return "Push";
    const m = typeof mode === "string" ? mode.toLowerCase() : "";
    if (m === "push") return "Push";
    if (m === "pushstreaming") return "PushStreaming";
    if (m === "streaming") {
        // Real-time streaming is being retired; the service already refuses new streaming datasets (docs/api-facts.md C).
        throw new PowerBiFailure(
            400,
            "FeatureDeprecatedError",
            "Creation of streaming dataset is deprecated. Create a push dataset (defaultMode Push or PushStreaming) instead.",
        );
    }
    if (m === "asazure" || m === "asonprem") {
        throw invalidRequest(
            `defaultMode ${String(mode)} is a live connection to an analysis server; these calls create push datasets only (Push or PushStreaming).`,
        );
    }
    throw invalidRequest(`defaultMode must be one of Push, PushStreaming, Streaming, AsAzure, AsOnPrem; got ${JSON.stringify(mode)}.`);
}

/** A Table (PostDataset member or PutTable body), validated; `rowCount` starts at 0. */
export function parseTable(v: unknown, at: string): StoredTable {
    if (!isObj(v)) throw invalidRequest(`${at} must be a Table object.`);
    const name = limitedName(v.name, `${at}.name`);
    if (!Array.isArray(v.columns)) throw invalidRequest(`${at}.columns is required.`);
    if (v.columns.length > LIMITS.columnsPerTable) {
        throw invalidRequest(`A push dataset table holds at most ${LIMITS.columnsPerTable} columns; ${at}.columns has ${v.columns.length}.`);
    }
    const columns = v.columns.map((c, i) => parseColumn(c, `${at}.columns[${i}]`));
    checkUnique(
        columns.map((c) => c.name),
        `${at}.columns`,
        "column",
    );
    columns.forEach((c, i) => {
        if (c.sortByColumn !== undefined && !columns.some((o) => same(o.name, c.sortByColumn as string))) {
            throw invalidRequest(`${at}.columns[${i}].sortByColumn names ${c.sortByColumn}, which is not a column of table ${name}.`);
        }
    });
    const table: StoredTable = { name, columns, rowCount: 0 };
    if (v.measures !== undefined && v.measures !== null) {
        if (!Array.isArray(v.measures)) throw invalidRequest(`${at}.measures must be an array.`);
        table.measures = v.measures.map((m, i) => parseMeasure(m, `${at}.measures[${i}]`));
        checkUnique(
            table.measures.map((m) => m.name),
            `${at}.measures`,
            "measure",
        );
    }
    if (v.description !== undefined) table.description = str(v.description, `${at}.description`);
    if (v.isHidden !== undefined) table.isHidden = bool(v.isHidden, `${at}.isHidden`);
    if (v.source !== undefined && v.source !== null) {
        if (!Array.isArray(v.source) || !v.source.every((s) => isObj(s) && typeof s.expression === "string")) {
            throw invalidRequest(`${at}.source must be an array of { expression } objects.`);
        }
        table.source = v.source.map((s) => ({ expression: (s as { expression: string }).expression }));
    }
    return table;
}

function parseColumn(v: unknown, at: string): StoredColumn {
    if (!isObj(v)) throw invalidRequest(`${at} must be a Column object.`);
    const name = anyName(v.name, `${at}.name`);
    const dataType = canonicalType(v.dataType, `${at}.dataType`);
    const col: StoredColumn = { name, dataType };
    for (const key of ["formatString", "dataCategory", "sortByColumn", "summarizeBy"] as const) {
        if (v[key] !== undefined) col[key] = str(v[key], `${at}.${key}`);
    }
    if (v.isHidden !== undefined) col.isHidden = bool(v.isHidden, `${at}.isHidden`);
    return col;
}

function canonicalType(v: unknown, at: string): DataType {
    const t = typeof v === "string" ? v.toLowerCase() : undefined;
    // `bool` is the swagger example's spelling of Boolean.
    const found = t === "bool" ? "Boolean" : DATA_TYPES.find((d) => d.toLowerCase() === t);
    if (found === undefined) throw invalidRequest(`${at} must be one of ${DATA_TYPES.join(", ")}; got ${JSON.stringify(v)}.`);
    return found;
}

function parseMeasure(v: unknown, at: string): StoredMeasure {
    if (!isObj(v)) throw invalidRequest(`${at} must be a Measure object.`);
    const m: StoredMeasure = { name: anyName(v.name, `${at}.name`), expression: str(v.expression, `${at}.expression`) };
    for (const key of ["description", "formatString"] as const) if (v[key] !== undefined) m[key] = str(v[key], `${at}.${key}`);
    if (v.isHidden !== undefined) m.isHidden = bool(v.isHidden, `${at}.isHidden`);
    return m;
}

function parseRelationships(v: unknown, tables: readonly StoredTable[]): StoredRelationship[] {
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) throw invalidRequest("relationships must be an array.");
    if (v.length > LIMITS.relationships) {
        throw invalidRequest(`A push dataset holds at most ${LIMITS.relationships} relationships; dataset.relationships has ${v.length}.`);
    }
    const rels = v.map((r, i): StoredRelationship => {
        const at = `relationships[${i}]`;
        if (!isObj(r)) throw invalidRequest(`${at} must be a Relationship object.`);
        const behavior =
            r.crossFilteringBehavior === undefined
                ? "OneDirection"
                : CROSS_FILTERING.find(
                      (b) => typeof r.crossFilteringBehavior === "string" && b.toLowerCase() === r.crossFilteringBehavior.toLowerCase(),
                  );
        if (behavior === undefined) throw invalidRequest(`${at}.crossFilteringBehavior must be one of ${CROSS_FILTERING.join(", ")}.`);
        const rel: StoredRelationship = {
            name: limitedName(r.name, `${at}.name`),
            fromTable: limitedName(r.fromTable, `${at}.fromTable`),
            fromColumn: anyName(r.fromColumn, `${at}.fromColumn`),
            toTable: limitedName(r.toTable, `${at}.toTable`),
            toColumn: anyName(r.toColumn, `${at}.toColumn`),
            crossFilteringBehavior: behavior,
        };
        checkRelationship(rel, tables, at);
        return rel;
    });
    checkUnique(
        rels.map((r) => r.name),
        "relationships",
        "relationship",
    );
    return rels;
}

/** Refuses a relationship whose tables or columns do not exist (also used when PutTable drops a column). */
export function checkRelationship(rel: StoredRelationship, tables: readonly StoredTable[], at: string): void {
    for (const [side, tableName, columnName] of [
        ["from", rel.fromTable, rel.fromColumn],
        ["to", rel.toTable, rel.toColumn],
    ] as const) {
        const table = tables.find((t) => same(t.name, tableName));
        if (table === undefined) throw invalidRequest(`${at}.${side}Table names ${tableName}, which is not a table of the dataset.`);
        if (!table.columns.some((c) => same(c.name, columnName))) {
            throw invalidRequest(`${at}.${side}Column names ${columnName}, which is not a column of table ${table.name}.`);
        }
    }
}

function parseDatasources(v: unknown): Record<string, unknown>[] {
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v) || !v.every(isObj)) throw invalidRequest("datasources must be an array of Datasource objects.");
    return v.map((d) => structuredClone(d));
}

function limitedName(v: unknown, at: string): string {
    if (typeof v !== "string" || !NAME_LIMITED.test(v)) {
        throw invalidRequest(
            `${at} must be 1 to 100 characters without ! " $ % & ' ( ) * + , . / : ; < = > ? [ \\ ] \` { | } or control characters; got ${JSON.stringify(v)}.`,
        );
    }
    return v;
}

function anyName(v: unknown, at: string): string {
    if (typeof v !== "string" || !NAME_ANY.test(v))
        throw invalidRequest(`${at} must be a non-empty name without control characters; got ${JSON.stringify(v)}.`);
    return v;
}

function str(v: unknown, at: string): string {
    if (typeof v !== "string") throw invalidRequest(`${at} must be a string.`);
    return v;
}

function bool(v: unknown, at: string): boolean {
    if (typeof v !== "boolean") throw invalidRequest(`${at} must be a boolean.`);
    return v;
}

/** Names in a tabular model compare case-insensitively. */
export function same(a: string, b: string): boolean {
    return a.toLowerCase() === b.toLowerCase();
}

function checkUnique(names: readonly string[], at: string, what: string): void {
    const seen = new Set<string>();
    for (const n of names) {
        if (seen.has(n.toLowerCase())) throw invalidRequest(`${at}: the ${what} name ${n} appears twice; ${what} names must be unique.`);
        seen.add(n.toLowerCase());
    }
}
