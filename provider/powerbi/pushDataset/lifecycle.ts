/**
 * The push dataset's lifecycle. A create never leaves a duplicate: when a POST's outcome is unknown (timeout,
 * reset, 5xx), the workspace is listed and a dataset of that name that was not there before is adopted; only
 * when there is none is the POST sent again. Table schemas change in place (PutTable); the rest replaces.
 */
import { isApiError } from "../../core/errors";
import { PartialFailure } from "../../core/handler";
import type { JsonObject } from "../../core/json";
import { type DatasetApi, type DatasetJson } from "./api";
import type { LiveTable, PushDatasetArgs, Table } from "./schema";
import { DATA_TYPES } from "./schema";

export type DatasetOutputs = PushDatasetArgs & {
    datasetId: string;
    /** What Power BI says about the dataset (GET dataset), without OData annotations. */
    dataset: JsonObject;
    /** The live table schema (GET tables). */
    liveTables: JsonObject[];
};

/** Did the service maybe act on a request that failed? (no answer, or a server error) */
function outcomeUnknown(err: unknown): boolean {
    return isApiError(err) && (err.status === undefined || err.status >= 500 || err.code === "InvalidResponse");
}

async function post(api: DatasetApi, args: PushDatasetArgs): Promise<DatasetJson> {
    const before = new Set((await api.list()).filter((d) => d.name === args.name).map((d) => d.id));
    try {
        return await api.create(args);
    } catch (err) {
        if (!outcomeUnknown(err)) throw err;
        const fresh = (await api.list()).filter((d) => d.name === args.name && !before.has(d.id));
        if (fresh.length === 1) return fresh[0]!;
        if (fresh.length > 1) {
            throw new Error(`creating "${args.name}" in ${api.where} failed with an unknown outcome and ${fresh.length} new datasets of that name appeared: delete the extra ones, then adopt one by id`);
        }
        return api.create(args);
    }
}

/** A table's schema as a comparable text: names case-insensitive, types canonical, order ignored. */
export function signature(t: { name: string; columns?: readonly { name: string; dataType: string }[]; measures?: readonly { name: string; expression?: string }[] }, withMeasures: boolean): string {
    const cols = (t.columns ?? []).map((c) => `${c.name.toLowerCase()}:${DATA_TYPES[c.dataType.toLowerCase()] ?? c.dataType}`).sort();
    const measures = withMeasures ? (t.measures ?? []).map((m) => `${m.name.toLowerCase()}=${m.expression ?? ""}`).sort() : [];
    return JSON.stringify([t.name.toLowerCase(), cols, measures]);
}

function liveAsTable(t: LiveTable): Table {
    const table: Table = { name: t.name, columns: (t.columns ?? []).map((c) => ({ name: c.name, dataType: DATA_TYPES[c.dataType.toLowerCase()] ?? c.dataType })) };
    if (t.measures?.length) table.measures = t.measures.map((m) => ({ name: m.name, expression: m.expression ?? "" }));
    return table;
}

/** The program's tables where the live schema matches them, the live schema where it drifted. */
export function reconcileTables(desired: readonly Table[], live: readonly LiveTable[]): Table[] {
    const liveByName = new Map(live.map((t) => [t.name.toLowerCase(), t]));
    const out: Table[] = [];
    for (const t of desired) {
        const l = liveByName.get(t.name.toLowerCase());
        if (!l) continue;
        liveByName.delete(t.name.toLowerCase());
        const withMeasures = l.measures !== undefined;
        out.push(signature(t, withMeasures) === signature(l, withMeasures) ? t : liveAsTable(l));
    }
    for (const l of liveByName.values()) out.push(liveAsTable(l));
    return out;
}

function assemble(args: PushDatasetArgs, id: string, dataset: DatasetJson, liveTables: LiveTable[]): DatasetOutputs {
    const info = Object.fromEntries(Object.entries(dataset).filter(([k]) => !k.startsWith("@odata"))) as JsonObject;
    return { ...args, datasetId: id, dataset: info, liveTables: liveTables as unknown as JsonObject[] };
}

async function outputsOf(api: DatasetApi, id: string, args: PushDatasetArgs): Promise<DatasetOutputs> {
    const dataset = await api.get(id);
    if (!dataset) throw new Error(`dataset ${id} is not found in ${api.where} right after it was written`);
    return assemble(args, id, dataset, await api.tables(id));
}

export async function createDataset(api: DatasetApi, args: PushDatasetArgs): Promise<{ id: string; outs: DatasetOutputs }> {
    let id: string;
    if (args.adopt) {
        const existing = await api.get(args.adopt);
        if (!existing) throw new Error(`adopt: dataset ${args.adopt} is not in ${api.where}`);
        id = existing.id;
        const live = await api.tables(id);
        const liveNames = live.map((t) => t.name.toLowerCase()).sort().join("\n");
        if (liveNames !== args.tables.map((t) => t.name.toLowerCase()).sort().join("\n")) {
            throw new Error(`adopt: dataset ${id} has the tables [${live.map((t) => t.name).join(", ")}]; declare the same tables to adopt it (tables cannot be added or removed in place)`);
        }
        await putChangedTables(api, id, args.tables, reconcileTables(args.tables, live));
    } else {
        id = (await post(api, args)).id;
    }
    try {
        return { id, outs: await outputsOf(api, id, args) };
    } catch (err) {
        throw new PartialFailure(id, { ...args, datasetId: id, dataset: {}, liveTables: [] } as unknown as JsonObject, err);
    }
}

async function putChangedTables(api: DatasetApi, id: string, wanted: readonly Table[], current: readonly Table[]): Promise<void> {
    const byName = new Map(current.map((t) => [t.name.toLowerCase(), JSON.stringify(t)]));
    for (const t of wanted) if (byName.get(t.name.toLowerCase()) !== JSON.stringify(t)) await api.putTable(id, t);
}

export async function updateDataset(api: DatasetApi, olds: DatasetOutputs, news: PushDatasetArgs): Promise<DatasetOutputs> {
    await putChangedTables(api, olds.datasetId, news.tables, olds.tables);
    return outputsOf(api, olds.datasetId, news);
}

export async function readDataset(api: DatasetApi, props: DatasetOutputs): Promise<{ outs: DatasetOutputs; inputs: PushDatasetArgs } | undefined> {
    const dataset = await api.get(props.datasetId);
    if (!dataset) return undefined;
    const live = await api.tables(props.datasetId);
    const inputs: PushDatasetArgs = { ...stripOutputs(props), tables: reconcileTables(props.tables, live) };
    return { outs: assemble(inputs, props.datasetId, dataset, live), inputs };
}

function stripOutputs(props: DatasetOutputs): PushDatasetArgs {
    const { datasetId: _id, dataset: _d, liveTables: _l, ...inputs } = props;
    return inputs;
}
