/**
 * The push dataset's lifecycle. A create makes a new dataset, or takes over the one the program names with `adopt`
 * (or that `pulumi import` reads): never one it merely finds. Power BI allows two datasets of one name in a workspace,
 * and a dataset of the program's name may be anybody's (another stack's, one made by hand, the one a replaced resource
 * still holds), so a create that finds one refuses, naming its id and how to take it over; deleting what was taken
 * over by name is the failure pulumi-azure#468 describes. When a POST's outcome is unknown (5xx, a reset, a broken
 * answer) the workspace is listed again before any second POST: a dataset of the name that was not there before this
 * call's POST is the one it made (the call's own knowledge, not a guess across runs). When it got no answer at all (a
 * timeout, 504), the POST may still be running, so the listing waits one request timeout and, if the dataset has not
 * shown, the create fails instead of posting again, saying what to check before the next `up`. Writes are trusted: the
 * outputs are the inputs and the id, so a create is one request and a schema change one PutTable per changed table.
 * Table schemas change in place; the rest replaces.
 */
import { withContext, writeOutcome } from "../../core/errors/errors";
import { isOperationStopped } from "../../core/http/operation";
import type { DatasetApi, DatasetJson } from "./api";
import { pushDataset } from "./definition";
import { directoryFor } from "./directory";
import type { LiveTable, PushDatasetInputs } from "./schema";
import { DATA_TYPES } from "./schema";
import type { PushDatasetProperties, PushDatasetState, PushDatasetTable } from "./types";

/** How the program that runs a create takes over an existing dataset, as its front end offers it (handler.ts). */
export interface Adoption {
    /** The exact command or input that makes dataset `id` this resource's. */
    takeOver(api: DatasetApi, id: string): string;
}

/** The way both front ends offer: the `adopt` input. */
export const ADOPT_INPUT: Adoption = { takeOver: (_api, id) => `set \`adopt: "${id}"\` on the resource and run pulumi up again` };

/** The datasets of the api's workspace, read through the listing the creates of this process share (directory.ts). */
export function workspaceDatasets(api: DatasetApi): Promise<readonly DatasetJson[]> {
    return directoryFor(api.client).datasets(api.workspaceId ?? "", () => api.list());
}

const ids = (found: readonly DatasetJson[]) => found.map((d) => d.id).join(", ");

/**
 * A create that found datasets of its name: nothing is taken over that the program did not name. What to do depends on
 * where the dataset came from, which the create cannot know, so each case is named with its command.
 */
function nameTaken(api: DatasetApi, name: string, found: readonly DatasetJson[], adoption: Adoption): Error {
    const one =
        found.length === 1
            ? `a dataset named "${name}" already exists in ${api.where} (id ${found[0]!.id})`
            : `${found.length} datasets named "${name}" already exist in ${api.where} (ids ${ids(found)})`;
    return new Error(
        `${one}, and tenantkit does not take over a dataset the program did not name: deleting this resource would delete it. ` +
            `If it is the dataset this resource should manage, ${adoption.takeOver(api, found[0]!.id)}. ` +
            `If this create replaces a resource that holds it (\`pulumi up --replace\`, a provider change), the engine creates the ` +
            `replacement before it deletes the replaced dataset: set the resource option deleteBeforeReplace (the dataset and its rows are ` +
            `then deleted first), or give the new dataset another name; if the resource was renamed, add an alias to its old name. If an ` +
            `earlier \`pulumi up\` was interrupted while creating it, it ` +
            `is the dataset that create made: take it over as above, and \`pulumi refresh --clear-pending-creates\` drops the engine's record ` +
            `of the interrupted create`,
    );
}

/**
 * POSTs the dataset, unless one of its name exists. Creates of one name in this process run one after another, so a
 * second resource of a name sees the first one's dataset and is refused.
 */
function post(api: DatasetApi, args: PushDatasetInputs, adoption: Adoption): Promise<string> {
    const directory = directoryFor(api.client);
    const workspace = api.workspaceId ?? "";
    return directory.oneAtATime(workspace, args.name, async () => {
        const before = await directory.named(workspace, args.name, () => api.list());
        if (before.length > 0) throw nameTaken(api, args.name, before, adoption);
        const id = await postOnce(api, args, before);
        directory.add(workspace, { id, name: args.name });
        return id;
    });
}

/** One POST; when its outcome is unknown, the dataset it made if it shows, and never a second POST that might duplicate it. */
async function postOnce(api: DatasetApi, args: PushDatasetInputs, before: readonly DatasetJson[]): Promise<string> {
    const directory = directoryFor(api.client);
    const workspace = api.workspaceId ?? "";
    try {
        return (await api.create(args)).id;
    } catch (err) {
        const outcome = writeOutcome(err);
        if (outcome === "none") throw err;
        // Cancelled or out of time with the POST in flight: nothing more may be sent, and it may still land.
        if (isOperationStopped(err)) {
            const slow =
                (err as { code?: string }).code === "OperationTimeout" ? "; if Power BI is only slow, raise the resource's customTimeouts" : "";
            throw withContext(err, { nextStep: `${mayStillLand(api, args.name)}${slow}` });
        }
        // A POST that got no answer may still be running: give it the time one attempt waits before looking.
        if (outcome === "pending") await api.client.waitForLateRequest();
        const known = new Set(before.map((d) => d.id.toLowerCase()));
        const made = (await directory.namedNow(workspace, args.name, () => api.list())).filter((d) => !known.has(d.id.toLowerCase()));
        if (made.length === 1) return made[0]!.id;
        if (made.length > 1) {
            throw withContext(err, {
                nextStep:
                    `creating dataset "${args.name}" failed with an unknown outcome and ${made.length} datasets of that name appeared in ${api.where} ` +
                    `meanwhile (ids ${ids(made)}); tenantkit cannot tell which one it made: delete the ones no program manages, then run pulumi up again`,
            });
        }
        if (outcome === "finished") return (await api.create(args)).id;
        // Posting again could make a second dataset when the first POST lands late.
        directory.forget(workspace);
        throw withContext(err, { nextStep: mayStillLand(api, args.name) });
    }
}

/** What to check before the next `up` after a POST whose answer never came. */
function mayStillLand(api: DatasetApi, name: string): string {
    return (
        `Power BI may still be creating dataset "${name}" in ${api.where}, so it was not posted a second time. Before the next ` +
        `\`pulumi up\`, wait a few minutes and list the workspace's datasets: if one named "${name}" appeared, the next up refuses to ` +
        `make a second one and names the command that records it; if none did, the next up creates it`
    );
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

/**
 * Creates the dataset, or takes over the one `adopt` names: that dataset is then this resource's, and deleting the
 * resource deletes it (as an imported resource's delete does).
 */
export async function createDataset(
    api: DatasetApi,
    args: PushDatasetInputs,
    adoption: Adoption = ADOPT_INPUT,
): Promise<{ id: string; outs: PushDatasetState }> {
    if (args.adopt) {
        const existing = await api.get(args.adopt);
        if (!existing) throw new Error(`adopt: dataset ${args.adopt} is not in ${api.where}`);
        await takeOver(api, existing.id, args, "adopt:");
        return { id: existing.id, outs: stateOf(args, existing.id) };
    }
    const id = await post(api, args, adoption);
    return { id, outs: stateOf(args, id) };
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
