/**
 * Checks that span fields, after the schema: unique names (the model compares them case-insensitively),
 * `sortByColumn` inside its table, relationships that name existing tables and columns.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { PushDatasetArgs } from "./schema";

const key = (s: string) => s.toLowerCase();

function duplicates(names: readonly string[]): Set<number> {
    const seen = new Map<string, number>();
    const dup = new Set<number>();
    names.forEach((n, i) => {
        if (seen.has(key(n))) dup.add(i);
        else seen.set(key(n), i);
    });
    return dup;
}

export function referenceFailures(args: PushDatasetArgs): pulumi.dynamic.CheckFailure[] {
    const failures: pulumi.dynamic.CheckFailure[] = [];
    const fail = (property: string, reason: string) => failures.push({ property, reason });
    const tableNames = args.tables.map((t) => t.name);
    for (const i of duplicates(tableNames)) fail(`tables[${i}].name`, `"${tableNames[i]}" is already the name of another table`);

    args.tables.forEach((t, ti) => {
        const columns = t.columns.map((c) => c.name);
        for (const i of duplicates(columns)) fail(`tables[${ti}].columns[${i}].name`, `"${columns[i]}" is already a column of table "${t.name}"`);
        const columnSet = new Set(columns.map(key));
        t.columns.forEach((c, ci) => {
            if (c.sortByColumn === undefined) return;
            if (!columnSet.has(key(c.sortByColumn))) fail(`tables[${ti}].columns[${ci}].sortByColumn`, `"${c.sortByColumn}" is not a column of table "${t.name}"`);
            else if (key(c.sortByColumn) === key(c.name)) fail(`tables[${ti}].columns[${ci}].sortByColumn`, "a column cannot be sorted by itself");
        });
        const measures = (t.measures ?? []).map((m) => m.name);
        for (const i of duplicates(measures)) fail(`tables[${ti}].measures[${i}].name`, `"${measures[i]}" is already a measure of table "${t.name}"`);
        measures.forEach((m, mi) => {
            if (columnSet.has(key(m))) fail(`tables[${ti}].measures[${mi}].name`, `"${m}" is already a column of table "${t.name}"`);
        });
    });

    const byName = new Map(args.tables.map((t) => [key(t.name), new Set(t.columns.map((c) => key(c.name)))]));
    const relNames = args.relationships.map((r) => r.name);
    for (const i of duplicates(relNames)) fail(`relationships[${i}].name`, `"${relNames[i]}" is already the name of another relationship`);
    args.relationships.forEach((r, ri) => {
        for (const side of ["from", "to"] as const) {
            const table = r[`${side}Table`];
            const column = r[`${side}Column`];
            const columns = byName.get(key(table));
            if (!columns) fail(`relationships[${ri}].${side}Table`, `"${table}" is not a table of this dataset`);
            else if (!columns.has(key(column))) fail(`relationships[${ri}].${side}Column`, `"${column}" is not a column of table "${table}"`);
        }
    });
    return failures;
}
