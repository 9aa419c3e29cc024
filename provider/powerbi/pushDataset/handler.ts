/**
 * Provider-host side of `powerbi.PushDataset`. Loaded by package name from the stub:
 * `pulumi-tenantkit/powerbi/pushDataset` (a public contract).
 */
import { typeName } from "../../core/model/definition";
import { pushDataset } from "./definition";
import { defineHandler, withoutUnknowns, stubConfigure, type HandlerContext } from "../../core/host/handler";
import type { JsonObject } from "../../core/model/json";
import { checkWithSchema } from "../../core/host/validation";
import { DatasetApi } from "./api";
import { diffDataset, replacementWarning } from "./diff";
import { directoryFor } from "./directory";
import { ADOPT_INPUT, createDataset, readDataset, readDatasetById, updateDataset, workspaceDatasets, type Adoption } from "./lifecycle";
import { referenceFailures } from "./references";
import { PushDatasetInputs } from "./schema";
import type { PushDatasetState } from "./types";
import { typeToken, UNKNOWN, urnParts } from "../../core/model/patterns";
import { powerBiService } from "../powerBiService";

// The handler's values as JSON objects: the inputs as check leaves them, and the state.
type Inputs = PushDatasetInputs & JsonObject;
type State = PushDatasetState & JsonObject;

const api = (
    ctx: { session(): { client(s: typeof powerBiService): import("../../core/http/http").ServiceClient } },
    workspaceId: string | undefined,
) => new DatasetApi(ctx.session().client(powerBiService), workspaceId);

const describe = (inputs: Partial<Inputs>) =>
    `dataset "${String(inputs.name ?? "?")}" in ${inputs.workspaceId ? `workspace ${String(inputs.workspaceId)}` : "My workspace"}`;

/**
 * How this front end takes over an existing dataset: the plugin imports it (the engine then reads it by id, and the
 * program's inputs must match it), the dynamic resources, which `pulumi import` cannot serve, name it with `adopt`.
 */
function adoptionFor(ctx: HandlerContext): Adoption {
    if (ctx.frontEnd === "dynamic") return ADOPT_INPUT;
    return {
        takeOver: (api, id) => {
            const name = ctx.urn ? urnParts(ctx.urn).name : "<resource name>";
            const importId = api.workspaceId ? `${api.workspaceId}/${id}` : id;
            return `run \`pulumi import ${pushDataset.token} ${name} ${importId}\`, or ${ADOPT_INPUT.takeOver(api, id)}`;
        },
    };
}

export const handler = defineHandler<Inputs, State>({
    type: typeToken(typeName(pushDataset)),
    describe,

    signsInTo: ["powerbi"],

    async preflight(inputs, ctx) {
        // A named workspace the identity may not use fails the preview, before an up has changed anything else.
        if (typeof inputs.workspaceId === "string" && inputs.workspaceId !== UNKNOWN) await workspaceDatasets(api(ctx, inputs.workspaceId));
    },

    async check(news) {
        const checked = checkWithSchema(PushDatasetInputs, news);
        // Beside the schema's problems, not after them: one preview lists every problem of the input.
        return { inputs: checked.inputs as Inputs, failures: [...checked.failures, ...referenceFailures(withoutUnknowns(news))] };
    },

    async diff(_id, olds, news, ctx) {
        const diff = diffDataset(olds, news);
        const adopted = news.adopt !== undefined && sameId(news.adopt, olds.datasetId);
        if (adopted && (diff.replaces ?? []).length > 0) throw adoptedReplacement(olds, diff);
        if (adopted) await ctx.warn(ADOPT_SERVED);
        const warning = replacementWarning(olds, news, diff);
        if (warning !== undefined) await ctx.warn(warning);
        return diff;
    },

    async create(inputs, ctx) {
        const r = await createDataset(api(ctx, inputs.workspaceId), inputs, adoptionFor(ctx));
        return { id: r.id, outs: r.outs as State };
    },

    async read(id, props, ctx) {
        // Refresh reads what state recorded; a read by id (PushDataset.get) starts from the id alone, and an import's
        // id names the workspace too (`<workspaceId>/<datasetId>`), there being no other input to say it.
        if (props.datasetId === undefined) {
            const named = importId(id);
            const r = await readDatasetById(api(ctx, props.workspaceId ?? named.workspaceId), named.datasetId);
            return { id: named.datasetId, outs: r.outs as State, inputs: r.inputs as Inputs };
        }
        const r = await readDataset(api(ctx, props.workspaceId), props);
        if (!r) return undefined;
        return { id, outs: r.outs as State, inputs: r.inputs as Inputs };
    },

    async update(_id, olds, news, ctx) {
        return (await updateDataset(api(ctx, olds.workspaceId), olds, news)) as State;
    },

    async delete(id, props, ctx) {
        const datasets = api(ctx, props.workspaceId);
        // The id in state is this resource's own dataset: one it created, or the one the program named with `adopt` or
        // `pulumi import`. A create never takes over a dataset it merely found, so no other resource holds this id.
        await datasets.delete(id);
        directoryFor(datasets.client).remove(props.workspaceId ?? "", id);
    },
});

/**
 * What the diff says while `adopt` still names the dataset the resource holds: the engine runs `pulumi up --replace`
 * create-first without asking the provider, so the replacement would adopt this dataset and the replaced resource's
 * delete would remove it. Only the program can close that window.
 */
const ADOPT_SERVED =
    "adopt names the dataset this resource has held since it was adopted: remove adopt from the program. While it stays, " +
    "`pulumi up --replace` (which the engine runs create-first, without asking tenantkit) would adopt this dataset for the " +
    "replacement and then delete it with the replaced resource";

const sameId = (a: string, b: string | undefined) => b !== undefined && a.toLowerCase() === b.toLowerCase();

/**
 * A replacement of a dataset the program still names with `adopt`: the replacement's create would take over the very
 * dataset the replaced resource's delete then deletes (create-first), or find it deleted (delete-first). The engine
 * refuses the same of its `import` option ("previously-imported resources that still specify an ID may not be replaced").
 */
function adoptedReplacement(olds: State, diff: { replaces?: string[] }): Error {
    return new Error(
        `adopt names dataset ${olds.datasetId}, which this resource holds, and ${(diff.replaces ?? []).join(", ")} can only change by ` +
            `replacing the dataset: the replacement would take over the very dataset the replaced resource deletes. Remove adopt from the ` +
            `program (the dataset is this resource's since it was adopted) to replace it with a new, empty dataset, or undo the change`,
    );
}

/** The dataset (and workspace) an id names: `<datasetId>` in My workspace, or `<workspaceId>/<datasetId>`. */
function importId(id: string): { workspaceId?: string; datasetId: string } {
    const slash = id.indexOf("/");
    return slash < 0 ? { datasetId: id } : { workspaceId: id.slice(0, slash), datasetId: id.slice(slash + 1) };
}

/** Called by the serialized stub (core/program/stub.ts): installs `handler` on the host's stub object. */
export const configure = stubConfigure(handler);
