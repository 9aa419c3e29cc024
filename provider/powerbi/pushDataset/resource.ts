/**
 * `powerbi.PushDataset`: a push dataset in My workspace or a named workspace, with its tables, measures,
 * relationships, data sources and retention policy. Its properties are declared once, in types.ts.
 */
import type * as pulumi from "@pulumi/pulumi";
import { readByIdArgs, TenantkitResource } from "../../core/program/dynamic";
import { handlerModule } from "../../core/model/definition";
import { handlerStub } from "../../core/program/stub";
import { pushDataset } from "./definition";
import type { OutputShape } from "../../core/model/shapes";
import type { PushDatasetArgs, PushDatasetLookup, PushDatasetState } from "./types";

/** The serialized provider stub of this resource: it requires the handler named here, by package name, when the engine runs it (core/program/stub.ts). */
export const stub = handlerStub(handlerModule(pushDataset));

/** The outputs: every property as state holds it (defaults applied) and `datasetId`. */
export interface PushDataset extends OutputShape<PushDatasetState> {}

/**
 * A push dataset (Power BI `Datasets - PostDataset`). The name identifies it in its workspace: a create adopts a
 * dataset of that name that is already there (how an `up` after a crash converges), else POSTs one. Column and
 * measure changes apply in place, one PutTable per changed table; any other change replaces it. Destroy deletes it,
 * with its rows.
 */
export class PushDataset extends TenantkitResource {
    /**
     * Reads an existing dataset into the program by id, without managing it: its outputs come from the service, a
     * refresh re-reads it, and destroy forgets it without deleting it. Pass the workspace it lives in (omit it for My
     * workspace). A dataset that is not there fails the preview. (`pulumi import` cannot work for dynamic resources:
     * to manage an existing dataset, set `adopt` to its id.)
     */
    static get(name: string, id: pulumi.Input<pulumi.ID>, lookup?: PushDatasetLookup, opts?: pulumi.CustomResourceOptions): PushDataset {
        return new PushDataset(name, readByIdArgs(pushDataset, lookup) as unknown as PushDatasetArgs, { ...opts, id });
    }

    constructor(name: string, args: PushDatasetArgs, opts?: pulumi.CustomResourceOptions) {
        super(pushDataset, name, args, opts, stub);
    }
}
