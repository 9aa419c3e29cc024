/**
 * Provider-host side of `powerbi.PushDataset`. Loaded by package name from the stub:
 * `pulumi-tenantkit/powerbi/pushDataset` (a public contract).
 */
import { typeName } from "../../core/model/definition";
import { pushDataset } from "./definition";
import { warnResource } from "../../core/runtime/engineLog";
import { defineHandler, withoutUnknowns, stubConfigure } from "../../core/runtime/handler";
import { overtaken, releaseObject } from "../../core/runtime/holders";
import type { JsonObject } from "../../core/model/json";
import { checkWithSchema } from "../../core/runtime/validation";
import { DatasetApi } from "./api";
import { diffDataset, replacementWarning } from "./diff";
import { directoryFor } from "./directory";
import { forgetTaken } from "./claims";
import { createDataset, heldDataset, readDataset, readDatasetById, updateDataset, workspaceDatasets } from "./lifecycle";
import { referenceFailures } from "./references";
import { PushDatasetInputs } from "./schema";
import type { PushDatasetState } from "./types";
import { typeToken, UNKNOWN } from "../../core/model/patterns";
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

    async diff(id, olds, news) {
        const diff = diffDataset(olds, news);
        const warning = replacementWarning(olds, news, diff);
        if (warning !== undefined) await warnResource(id, `${typeToken(typeName(pushDataset))} (${describe(olds)})`, warning);
        return diff;
    },

    async create(inputs, ctx) {
        const r = await createDataset(api(ctx, inputs.workspaceId), inputs);
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
        // The engine replaced this resource create-first (a changed provider, `--replace`, a crash between the two
        // steps) and the replacement's create adopted this very dataset: deleting it would leave the replacement
        // pointing at nothing. It is the replacement's now, so the old resource is only forgotten. The claim is on disk,
        // so this holds when the delete runs in another process than the create (core/runtime/holders.ts).
        if (overtaken(process.cwd(), heldDataset(id), props)) return;
        // A listing taken before this delete must not offer the dataset to a create (a same-name replacement).
        directoryFor(datasets.client).claim(id);
        await datasets.delete(id);
        releaseObject(process.cwd(), heldDataset(id), props);
        forgetTaken(process.cwd(), id);
    },
});

/** The dataset (and workspace) an id names: `<datasetId>` in My workspace, or `<workspaceId>/<datasetId>`. */
function importId(id: string): { workspaceId?: string; datasetId: string } {
    const slash = id.indexOf("/");
    return slash < 0 ? { datasetId: id } : { workspaceId: id.slice(0, slash), datasetId: id.slice(slash + 1) };
}

/** Called by the serialized stub (core/program/stub.ts): installs `handler` on the host's stub object. */
export const configure = stubConfigure(handler);
