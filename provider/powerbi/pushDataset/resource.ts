/**
 * `powerbi.PushDataset`: a push dataset in My workspace or a named workspace, with its tables, measures,
 * relationships, data sources and retention policy.
 */
import type * as pulumi from "@pulumi/pulumi";
import { handlerStub, lazyUndefinedOutputs, TenantkitResource } from "../../core/dynamic";

export interface PushDatasetColumn {
    readonly name: string;
    /** Int64, Double, Decimal, Boolean, DateTime or String (also `string`, `bool`, `int64`...: normalized). */
    readonly dataType: string;
    readonly dataCategory?: string;
    readonly formatString?: string;
    readonly isHidden?: boolean;
    /** A column of the same table that orders this one. */
    readonly sortByColumn?: string;
    readonly summarizeBy?: string;
}

export interface PushDatasetMeasure {
    readonly name: string;
    readonly expression: string;
    readonly description?: string;
    readonly formatString?: string;
    readonly isHidden?: boolean;
}

export interface PushDatasetTable {
    readonly name: string;
    readonly columns: PushDatasetColumn[];
    readonly measures?: PushDatasetMeasure[];
    readonly description?: string;
    readonly isHidden?: boolean;
    readonly source?: { expression: string }[];
}

export interface PushDatasetRelationship {
    readonly name: string;
    readonly fromTable: string;
    readonly fromColumn: string;
    readonly toTable: string;
    readonly toColumn: string;
    /** OneDirection (default), BothDirections or Automatic. */
    readonly crossFilteringBehavior?: string;
}

export interface PushDatasetDatasource {
    readonly datasourceType?: string;
    readonly connectionDetails?: Record<string, string>;
    readonly datasourceId?: string;
    readonly gatewayId?: string;
}

export interface PushDatasetArgs {
    readonly name: pulumi.Input<string>;
    /** The workspace (group) id; omitted means My workspace. Changing it replaces. */
    readonly workspaceId?: pulumi.Input<string>;
    /** At most 75 tables of at most 75 columns. Column and measure changes apply in place; adding or removing a table replaces. */
    readonly tables: pulumi.Input<PushDatasetTable[]>;
    readonly relationships?: pulumi.Input<PushDatasetRelationship[]>;
    readonly datasources?: pulumi.Input<PushDatasetDatasource[]>;
    /** Push (default) or PushStreaming. */
    readonly defaultMode?: pulumi.Input<"Push" | "PushStreaming">;
    /** None (default) or basicFIFO (keeps the newest 200,000 rows per table); set at creation only. */
    readonly defaultRetentionPolicy?: pulumi.Input<"None" | "basicFIFO">;
    /** Take over an existing dataset by id instead of creating one (dynamic resources cannot be imported). */
    readonly adopt?: pulumi.Input<string>;
}

/** What `PushDataset.get` needs besides the id: where the dataset lives. */
export interface PushDatasetState {
    /** The workspace (group) id; omit for My workspace. */
    readonly workspaceId?: pulumi.Input<string>;
}

export const stub = handlerStub("pulumi-tenantkit/bin/powerbi/pushDataset/handler");

export class PushDataset extends TenantkitResource {
    /** The dataset id. */
    declare readonly datasetId: pulumi.Output<string>;
    declare readonly name: pulumi.Output<string>;
    declare readonly workspaceId: pulumi.Output<string | undefined>;
    declare readonly tables: pulumi.Output<PushDatasetTable[]>;
    declare readonly defaultMode: pulumi.Output<string>;
    declare readonly defaultRetentionPolicy: pulumi.Output<string>;

    /**
     * Reads an existing dataset into the program by id, without managing it: its outputs come from the service, a
     * refresh re-reads it, and destroy forgets it without deleting it. Pass the workspace it lives in (omit it for My
     * workspace). A dataset that is not there fails the preview. (`pulumi import` cannot work for dynamic resources:
     * to manage an existing dataset, set `adopt` to its id.)
     */
    static get(name: string, id: pulumi.Input<pulumi.ID>, state?: PushDatasetState, opts?: pulumi.CustomResourceOptions): PushDataset {
        // Every output must be among the props for the engine to fill it; the service answers them all.
        const outputs = { workspaceId: state?.workspaceId, name: undefined, tables: undefined, relationships: undefined, datasources: undefined };
        return new PushDataset(name, outputs as unknown as PushDatasetArgs, { ...opts, id });
    }

    constructor(name: string, args: PushDatasetArgs, opts?: pulumi.CustomResourceOptions) {
        // defaultMode and defaultRetentionPolicy always have a value (check applies the defaults); workspaceId has one
        // only when the program sets it.
        const props = { datasetId: undefined, defaultMode: undefined, defaultRetentionPolicy: undefined, ...args };
        super(stub, "PushDataset", name, props, opts);
        lazyUndefinedOutputs(this, ["workspaceId"], props);
    }
}
