/**
 * Table routes of a push dataset, in both URL forms: GetTables, PutTable (changes a table's schema in
 * place), PostRows and DeleteRows (docs/api-facts.md section C). Rows are only counted: what matters to the
 * provider is that the calls succeed or fail as the service's would.
 */
import { jsonReply } from "../http/http";
import type { Router } from "../http/router";
import { datasetOr404, metadataUrl, powerBiOf, requireScope } from "./access";
import { changePowerBi, jsonBody, SCOPES } from "./datasets";
import { invalidRequest, okNoBody, PowerBiFailure, powerBiRoute } from "./errors";
import { renderTable, type StoredDataset, type StoredTable } from "../store/powerbi/model";
import { checkRelationship, LIMITS, parseTable, same } from "./validate";

/** basicFIFO keeps about 200,000 rows per table (api-automatic-retention-policy-for-real-time-data.md). */
const FIFO_ROWS = 200_000;

/** Registers the table routes. */
export function registerTableRoutes(r: Router): void {
    for (const base of SCOPES) {
        const tables = `${base}/datasets/:datasetId/tables`;
        r.add(
            "GET",
            tables,
            powerBiRoute((ctx, p) => {
                const scope = requireScope(ctx, p, "read");
                const d = datasetOr404(powerBiOf(scope.caller.tenant), scope, p.datasetId);
                return jsonReply(200, { "@odata.context": `${metadataUrl(ctx, scope)}#tables`, value: d.tables.map(renderTable) });
            }),
        );
        r.add(
            "PUT",
            `${tables}/:tableName`,
            powerBiRoute((ctx, p) => {
                const scope = requireScope(ctx, p, "write");
                const update = parseTable(jsonBody(ctx), "table");
                if (!same(update.name, p.tableName)) {
                    throw invalidRequest(`The table name in the body (${update.name}) must equal the table name of the path (${p.tableName}).`);
                }
                const table = changePowerBi(ctx, scope, (data) => {
                    const d = datasetOr404(data, scope, p.datasetId);
                    return replaceTable(d, tableOr404(d, p.tableName), update);
                });
                // The official example answers {"name":"Product"}; the whole table is a superset of it.
                return jsonReply(200, renderTable(table));
            }),
        );
        r.add(
            "POST",
            `${tables}/:tableName/rows`,
            powerBiRoute((ctx, p) => {
                const scope = requireScope(ctx, p, "write");
                const rows = parseRows(jsonBody(ctx));
                changePowerBi(ctx, scope, (data) => {
                    const d = datasetOr404(data, scope, p.datasetId);
                    const t = tableOr404(d, p.tableName);
                    t.rowCount = d.defaultRetentionPolicy === "basicFIFO" ? Math.min(FIFO_ROWS, t.rowCount + rows) : t.rowCount + rows;
                });
                return okNoBody();
            }),
        );
        r.add(
            "DELETE",
            `${tables}/:tableName/rows`,
            powerBiRoute((ctx, p) => {
                const scope = requireScope(ctx, p, "write");
                changePowerBi(ctx, scope, (data) => {
                    tableOr404(datasetOr404(data, scope, p.datasetId), p.tableName).rowCount = 0;
                });
                return okNoBody();
            }),
        );
    }
}

/**
 * Replaces a table's schema (columns, measures, description, isHidden, source), keeping its name and row
 * count; refused when a relationship of the dataset would lose its column. Also used by the admin API.
 */
export function replaceTable(d: StoredDataset, current: StoredTable, update: StoredTable): StoredTable {
    const next: StoredTable = { ...update, name: current.name, rowCount: current.rowCount };
    const tables = d.tables.map((t) => (t === current ? next : t));
    d.relationships.forEach((rel, i) => checkRelationship(rel, tables, `relationships[${i}]`));
    d.tables = tables;
    return next;
}

/** The table of a dataset by name, or a 404 (code picked; the service's is not documented). */
export function tableOr404(d: StoredDataset, name: string): StoredTable {
    const t = d.tables.find((x) => same(x.name, name));
    if (t === undefined) throw new PowerBiFailure(404, "ItemNotFound", `Table ${name} was not found in dataset ${d.id}.`);
    return t;
}

/** The PostRows body `{"rows":[{...}]}`: at most 10,000 rows per request (push-datasets-limitations.md). */
function parseRows(v: unknown): number {
    const rows = typeof v === "object" && v !== null && !Array.isArray(v) ? (v as { rows?: unknown }).rows : undefined;
    if (!Array.isArray(rows) || !rows.every((r) => typeof r === "object" && r !== null && !Array.isArray(r))) {
        throw invalidRequest('The body must be {"rows": [ {column: value, ...}, ... ]}.');
    }
    if (rows.length > LIMITS.rowsPerRequest) {
        throw invalidRequest(`A PostRows request holds at most ${LIMITS.rowsPerRequest} rows; this one has ${rows.length}.`);
    }
    return rows.length;
}
