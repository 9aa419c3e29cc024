/**
 * The push dataset's lifecycle. The name identifies a dataset in its workspace: a create first looks for a dataset
 * of that name (one listing per workspace and process, see directory.ts) and adopts it, which is how an `up` after a
 * crash converges on the dataset the lost create made; only when there is none is it POSTed. When a POST's outcome
 * is unknown (timeout, reset, 5xx), the workspace is listed again before any second POST, so a create never leaves
 * a duplicate; when it got no answer at all (a timeout, 504), the POST may still be running, so the listing waits one
 * request timeout and, if the dataset has not shown, the create fails instead of posting again. Writes are trusted: the
 * outputs are the inputs and the id, so a create is one request and a schema change one PutTable per changed table.
 * Table schemas change in place; the rest replaces.
 */
import { withContext, writeOutcome } from "../../core/errors/errors";
import type { DatasetApi, DatasetJson } from "./api";
import { pushDataset } from "./definition";
import { withClaim, type HeldObject } from "../../core/runtime/holders";
import { recordTaken, takenAlongside, withNameHeld } from "./claims";
import { directoryFor } from "./directory";
import type { LiveTable, PushDatasetInputs } from "./schema";
import { DATA_TYPES } from "./schema";
import type { PushDatasetProperties, PushDatasetState, PushDatasetTable } from "./types";

function ambiguous(api: DatasetApi, name: string, found: readonly DatasetJson[], why: string): Error {
    return new Error(
        `${why} ${found.length} datasets named "${name}" are in ${api.where} (${found.map((d) => d.id).join(", ")}): ` +
            `set adopt to the id of the one to manage, and delete the others`,
    );
}

/** The datasets of the api's workspace, read through the listing the creates of this process share (directory.ts). */
export function workspaceDatasets(api: DatasetApi): Promise<readonly DatasetJson[]> {
    return directoryFor(api.client).datasets(api.workspaceId ?? "", () => api.list());
}

/**
 * The dataset of this name that exists already (adopted), or the one a POST created. The search and the take are one
 * step per name (claims.ts): creates of one name, in this process or in another of the program's folder, run it one at
 * a time, and none adopts a dataset another create took while this process runs, so same-name datasets created in
 * parallel never share one: each gets its own.
 */
function findOrPost(api: DatasetApi, args: PushDatasetInputs, cwd: string): Promise<{ id: string; adopted: boolean }> {
    return withNameHeld(cwd, api.workspaceId ?? "", args.name, () => findOrPostHeld(api, args, cwd));
}

async function findOrPostHeld(api: DatasetApi, args: PushDatasetInputs, cwd: string): Promise<{ id: string; adopted: boolean }> {
    const directory = directoryFor(api.client);
    const free = (found: readonly DatasetJson[]) => found.filter((d) => !takenAlongside(cwd, d.id));
    const take = (id: string) => {
        directory.claim(id);
        recordTaken(cwd, id);
    };
    const existing = free(await directory.named(api.workspaceId ?? "", args.name, () => api.list()));
    if (existing.length > 1) throw ambiguous(api, args.name, existing, "cannot tell which dataset to manage:");
    if (existing.length === 1) {
        take(existing[0]!.id);
        return { id: existing[0]!.id, adopted: true };
    }
    try {
        const created = await api.create(args);
        take(created.id);
        return { id: created.id, adopted: false };
    } catch (err) {
        const outcome = writeOutcome(err);
        if (outcome === "none") throw err;
        // A POST that got no answer may still be running: give it the time one attempt waits before looking.
        if (outcome === "pending") await api.client.waitForLateRequest();
        const fresh = free(await directory.namedNow(api.workspaceId ?? "", args.name, () => api.list()));
        if (fresh.length > 1) throw ambiguous(api, args.name, fresh, `creating it failed with an unknown outcome (${(err as Error).message}), and`);
        if (fresh.length === 0 && outcome === "pending") {
            // Posting again could make a second dataset when the first POST lands late. The next up lists afresh.
            directory.forget(api.workspaceId ?? "");
            throw withContext(err, {
                nextStep:
                    `Power BI may still be creating dataset "${args.name}" in ${api.where}, so it was not posted a second time: run up again ` +
                    `in a minute; tenantkit then adopts the dataset of that name if it was created, and creates it if not`,
            });
        }
        const id = fresh.length === 1 ? fresh[0]!.id : (await api.create(args)).id;
        take(id);
        return { id, adopted: false };
    }
}

/** A table's schema as a comparable text: names case-insensitive, types canonical, order ignored. */
export function signature(
    t: { name: string; columns?: readonly { name: string; dataType: string }[]; measures?: readonly { name: string; expression?: string }[] },
    withMeasures: boolean,
): string {
    const cols = (t.columns ?? []).map((c) => `${c.name.toLowerCase()}:${DATA_TYPES[c.dataType.toLowerCase()] ?? c.dataType}`).sort();
    const measures = withMeasures ? (t.measures ?? []).map((m) => `${m.name.toLowerCase()}=${m.expression ?? ""}`).sort() : [];
    return JSON.stringify([t.name.toLowerCase(), cols, measures]);
}

function liveAsTable(t: LiveTable): PushDatasetTable {
    const columns = (t.columns ?? []).map((c) => ({ name: c.name, dataType: DATA_TYPES[c.dataType.toLowerCase()] ?? c.dataType }));
    const measures = t.measures?.length ? t.measures.map((m) => ({ name: m.name, expression: m.expression ?? "" })) : undefined;
    return { name: t.name, columns, ...(measures ? { measures } : {}) } as PushDatasetTable;
}

/** The program's tables where the live schema matches them, the live schema where it drifted. */
export function reconcileTables(desired: readonly PushDatasetTable[], live: readonly LiveTable[]): PushDatasetTable[] {
    const liveByName = new Map(live.map((t) => [t.name.toLowerCase(), t]));
    const out: PushDatasetTable[] = [];
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

const stateOf = (inputs: PushDatasetInputs, id: string): PushDatasetState => ({ ...inputs, datasetId: id });

/**
 * Takes over dataset `id`: its tables must be the program's (tables cannot be added or removed in place); those
 * whose schema differs are PUT. `how` says in errors why this dataset was chosen.
 */
async function takeOver(api: DatasetApi, id: string, args: PushDatasetInputs, how: string): Promise<void> {
    const live = await api.tables(id);
    const liveNames = live
        .map((t) => t.name.toLowerCase())
        .sort()
        .join("\n");
    if (
        liveNames !==
        args.tables
            .map((t) => t.name.toLowerCase())
            .sort()
            .join("\n")
    ) {
        throw new Error(
            `${how} dataset ${id} has the tables [${live.map((t) => t.name).join(", ")}], the program declares ` +
                `[${args.tables.map((t) => t.name).join(", ")}]: declare the same tables to take it over (tables cannot be added or ` +
                `removed in place), or give the new dataset another name`,
        );
    }
    await putChangedTables(api, id, args.tables, reconcileTables(args.tables, live));
}

/** The dataset as an object another resource may hold (core/runtime/holders.ts). */
export const heldDataset = (id: string): HeldObject => ({ kind: "dataset", key: id });

/**
 * Creates the dataset, or takes over the one `adopt` names or the one of this name. A dataset taken over may be held
 * by another resource, the one this create replaces: the claim (core/runtime/holders.ts) keeps that resource's delete from
 * deleting it. One the create POSTed is nobody else's, and needs none.
 */
export async function createDataset(
    api: DatasetApi,
    args: PushDatasetInputs,
    cwd: string = process.cwd(),
): Promise<{ id: string; outs: PushDatasetState }> {
    if (args.adopt) {
        const existing = await api.get(args.adopt);
        if (!existing) throw new Error(`adopt: dataset ${args.adopt} is not in ${api.where}`);
        directoryFor(api.client).claim(existing.id);
        recordTaken(cwd, existing.id);
        await takeOver(api, existing.id, args, "adopt:");
        return { id: existing.id, outs: withClaim(stateOf(args, existing.id), cwd, heldDataset(existing.id)) };
    }
    const { id, adopted } = await findOrPost(api, args, cwd);
    if (!adopted) return { id, outs: stateOf(args, id) };
    await takeOver(api, id, args, `a dataset named "${args.name}" exists in ${api.where}:`);
    return { id, outs: withClaim(stateOf(args, id), cwd, heldDataset(id)) };
}

async function putChangedTables(
    api: DatasetApi,
    id: string,
    wanted: readonly PushDatasetTable[],
    current: readonly PushDatasetTable[],
): Promise<void> {
    const byName = new Map(current.map((t) => [t.name.toLowerCase(), JSON.stringify(t)]));
    for (const t of wanted) if (byName.get(t.name.toLowerCase()) !== JSON.stringify(t)) await api.putTable(id, t);
}

/**
 * PUTs the tables whose schema changed. When one fails, the engine keeps the old outputs and the next up PUTs every
 * table that still differs from them again (PutTable is idempotent).
 */
export async function updateDataset(api: DatasetApi, olds: PushDatasetState, news: PushDatasetInputs): Promise<PushDatasetState> {
    await putChangedTables(api, olds.datasetId, news.tables, olds.tables);
    return stateOf(news, olds.datasetId);
}

/** What a read gives the engine: the state, and the inputs that would make it (refresh compares them with the program's). */
export interface DatasetRead {
    readonly outs: PushDatasetState;
    readonly inputs: PushDatasetProperties;
}

export async function readDataset(api: DatasetApi, state: PushDatasetState): Promise<DatasetRead | undefined> {
    const dataset = await api.get(state.datasetId);
    if (!dataset) return undefined;
    const live = await api.tables(state.datasetId);
    const { datasetId, ...recorded } = state;
    const inputs = { ...recorded, tables: reconcileTables(state.tables, live) };
    return { outs: { ...inputs, datasetId }, inputs };
}

/**
 * A read by id (`PushDataset.get`, or `opts.id`): the state holds no outputs yet, so everything but the workspace
 * comes from the service, each property from where its rule's `wire` in definition.ts says a read finds it, and unset
 * when the service does not return it: not its definition's default, which may not be what the dataset was created
 * with (a basicFIFO dataset would read as "None" and the next diff would replace it). Unset, a replacing input that the
 * definition marks `filled` is taken as the program's at the next diff. A dataset that is not there fails: the
 * engine would otherwise record a resource whose outputs are all undefined.
 */
export async function readDatasetById(api: DatasetApi, id: string): Promise<DatasetRead> {
    const dataset = await api.get(id);
    if (!dataset) {
        throw new Error(
            `dataset ${id} was not found in ${api.where}: check the id and the workspaceId passed to PushDataset.get, ` +
                `or import a dataset of a named workspace as <workspaceId>/<datasetId>`,
        );
    }
    const live = await api.tables(id);
    const known: Readonly<Record<string, unknown>> = { workspaceId: api.workspaceId, tables: reconcileTables([], live) };
    const inputs: Record<string, unknown> = {};
    for (const [key, { wire }] of Object.entries(pushDataset.inputs)) {
        const served = dataset[key];
        const value = wire.read === "reader" ? known[key] : wire.read === "service" && typeof served === "string" ? served : undefined;
        if (value !== undefined) inputs[key] = value;
    }
    return { outs: { ...(inputs as unknown as PushDatasetInputs), datasetId: id }, inputs: inputs as unknown as PushDatasetProperties };
}
