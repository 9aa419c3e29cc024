/**
 * Checks that span fields: unique names, `sortByColumn` inside its table, relationships that name existing tables and
 * columns. Names are compared ignoring case everywhere, as the model behind a dataset (Analysis Services) does: its
 * object naming rules say "Names are case insensitive", so `Sales` and `sales` are one table, and a relationship may
 * name `productid` for the column `ProductID`; a miss says so, so that the user does not hunt for a case typo. They read the inputs leniently, not the schema's
 * result, so that they report beside the schema's own problems (every problem in one preview): a name that is not a
 * string (malformed, or unknown during preview) is left to the schema and never compared.
 */
import type * as pulumi from "@pulumi/pulumi";

/** The names the checks compare; undefined where the input holds no usable name. */
interface Names {
    /** `known` is false when the input's `tables` (or a table's `columns`) is not a list: unknown, or malformed. */
    readonly tablesKnown: boolean;
    readonly tables: ReadonlyArray<{
        name?: string;
        columnsKnown: boolean;
        columns: ReadonlyArray<{ name?: string; sortByColumn?: string }>;
        measures: ReadonlyArray<{ name?: string }>;
    }>;
    readonly relationships: ReadonlyArray<{ name?: string; fromTable?: string; fromColumn?: string; toTable?: string; toColumn?: string }>;
}

const text = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const items = (v: unknown): Record<string, unknown>[] =>
    Array.isArray(v) ? v.map((x) => (x !== null && typeof x === "object" ? (x as Record<string, unknown>) : {})) : [];

/** The names in `inputs`, positions kept (so property paths stay right), whatever else is wrong with them. */
function namesOf(inputs: unknown): Names {
    const o = inputs !== null && typeof inputs === "object" ? (inputs as Record<string, unknown>) : {};
    // An unknown value (during preview) has been taken out before this, so it reads as absent: not a list.
    return {
        tablesKnown: Array.isArray(o.tables),
        tables: items(o.tables).map((t) => ({
            name: text(t.name),
            columnsKnown: Array.isArray(t.columns),
            columns: items(t.columns).map((c) => ({ name: text(c.name), sortByColumn: text(c.sortByColumn) })),
            measures: items(t.measures).map((m) => ({ name: text(m.name) })),
        })),
        relationships: items(o.relationships).map((r) => ({
            name: text(r.name),
            fromTable: text(r.fromTable),
            fromColumn: text(r.fromColumn),
            toTable: text(r.toTable),
            toColumn: text(r.toColumn),
        })),
    };
}

const key = (s: string) => s.toLowerCase();
const IGNORING_CASE = "names are compared ignoring case, as Power BI compares them";

/** Positions of names that repeat an earlier one; missing names are skipped. */
function duplicates(names: ReadonlyArray<string | undefined>): Set<number> {
    const seen = new Set<string>();
    const dup = new Set<number>();
    names.forEach((n, i) => {
        if (n === undefined) return;
        if (seen.has(key(n))) dup.add(i);
        else seen.add(key(n));
    });
    return dup;
}

/** Cross-field problems of the push dataset inputs (plain JSON, as check receives them). */
export function referenceFailures(inputs: unknown): pulumi.dynamic.CheckFailure[] {
    const args = namesOf(inputs);
    const failures: pulumi.dynamic.CheckFailure[] = [];
    const fail = (property: string, reason: string) => failures.push({ property, reason });
    const tableNames = args.tables.map((t) => t.name);
    for (const i of duplicates(tableNames)) fail(`tables[${i}].name`, `"${tableNames[i]}" is already the name of another table`);

    args.tables.forEach((t, ti) => {
        const columns = t.columns.map((c) => c.name);
        for (const i of duplicates(columns)) fail(`tables[${ti}].columns[${i}].name`, `"${columns[i]}" is already a column of table "${t.name}"`);
        const allKnown = t.columnsKnown && columns.every((c) => c !== undefined);
        const columnSet = new Set(columns.filter((c): c is string => c !== undefined).map(key));
        t.columns.forEach((c, ci) => {
            if (c.sortByColumn === undefined || !allKnown) return;
            if (!columnSet.has(key(c.sortByColumn)))
                fail(`tables[${ti}].columns[${ci}].sortByColumn`, `"${c.sortByColumn}" is not a column of table "${t.name}" (${IGNORING_CASE})`);
            else if (c.name !== undefined && key(c.sortByColumn) === key(c.name))
                fail(`tables[${ti}].columns[${ci}].sortByColumn`, "a column cannot be sorted by itself");
        });
        const measures = t.measures.map((m) => m.name);
        for (const i of duplicates(measures)) fail(`tables[${ti}].measures[${i}].name`, `"${measures[i]}" is already a measure of table "${t.name}"`);
        measures.forEach((m, mi) => {
            if (m !== undefined && columnSet.has(key(m)))
                fail(`tables[${ti}].measures[${mi}].name`, `"${m}" is already a column of table "${t.name}"`);
        });
    });

    // A relationship's table is judged only when every table name is known, its column only when all of that table's are.
    const tablesKnown = args.tablesKnown && args.tables.every((t) => t.name !== undefined);
    const byName = new Map(
        args.tables.map((t) => [
            key(t.name ?? ""),
            t.columnsKnown && t.columns.every((c) => c.name !== undefined) ? new Set(t.columns.map((c) => key(c.name!))) : undefined,
        ]),
    );
    const relNames = args.relationships.map((r) => r.name);
    for (const i of duplicates(relNames)) fail(`relationships[${i}].name`, `"${relNames[i]}" is already the name of another relationship`);
    args.relationships.forEach((r, ri) => {
        for (const side of ["from", "to"] as const) {
            const table = r[`${side}Table`];
            const column = r[`${side}Column`];
            if (table === undefined || !tablesKnown) continue;
            if (!byName.has(key(table))) fail(`relationships[${ri}].${side}Table`, `"${table}" is not a table of this dataset (${IGNORING_CASE})`);
            else {
                const columns = byName.get(key(table));
                if (columns && column !== undefined && !columns.has(key(column)))
                    fail(`relationships[${ri}].${side}Column`, `"${column}" is not a column of table "${table}" (${IGNORING_CASE})`);
            }
        }
    });
    return failures;
}
