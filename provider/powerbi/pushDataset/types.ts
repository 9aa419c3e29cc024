/**
 * The public shape of `powerbi.PushDataset` (spec area C, CreateDatasetRequest): the one place its properties are
 * declared. `PushDatasetArgs` is their input form, the resource's outputs their state form, and schema.ts is checked
 * against them at compile time. Plain interfaces only (core/model/shapes.ts says why).
 */
import type { InputShape, WithDefaults } from "../../core/model/shapes";
import type { ConnectionArgs } from "../../core/settings/connectionTypes";
import type * as pulumi from "@pulumi/pulumi";
import type { CROSS_FILTERING_SPELLINGS, DATA_TYPE_SPELLINGS, SUMMARIZE_BY_SPELLINGS } from "./spellings";

/**
 * A column's data type: `Int64`, `Double`, `Decimal`, `Boolean`, `DateTime`, `String`, or as the docs' payloads spell
 * them (`int64`, `bool`, `dateTime`, `string`, ...). State holds the canonical spelling.
 */
export type PushDatasetDataType = keyof typeof DATA_TYPE_SPELLINGS;

/** How reports summarize a column (the tabular model's AggregateFunction), as `Sum` or as the official example's `sum`. */
export type PushDatasetSummarizeBy = keyof typeof SUMMARIZE_BY_SPELLINGS;

/**
 * Filter direction of a relationship: `OneDirection` filters the table whose values are aggregated; `BothDirections`
 * treats both as one; also as the official example's `bothDirections`. State holds the canonical spelling.
 */
export type PushDatasetCrossFilteringBehavior = keyof typeof CROSS_FILTERING_SPELLINGS;

/** A column of a push dataset table. */
export interface PushDatasetColumn {
    /** The column name: non-empty, no control characters other than tab and line breaks. */
    readonly name: string;
    /** The data type; changing it updates the table in place (PutTable). */
    readonly dataType: PushDatasetDataType;
    /** A data category such as `Address`, `City`, `WebUrl`. */
    readonly dataCategory?: string;
    /** A format string such as `0.00` or `yyyy-MM-dd`. */
    readonly formatString?: string;
    /** Hidden from report authors. */
    readonly isHidden?: boolean;
    /** A column of the same table that orders this one. */
    readonly sortByColumn?: string;
    /** The default summarization in reports. */
    readonly summarizeBy?: PushDatasetSummarizeBy;
}

/** A DAX measure of a table. */
export interface PushDatasetMeasure {
    /** The measure name. */
    readonly name: string;
    /** A valid DAX expression, not empty. */
    readonly expression: string;
    /** The measure's description. */
    readonly description?: string;
    /** How values are displayed, a FORMAT_STRING such as `0.00 %`. */
    readonly formatString?: string;
    /** Hidden from report authors. */
    readonly isHidden?: boolean;
}

/** A table's source: a Power Query (M) expression. */
export interface PushDatasetTableSource {
    /** The source expression. */
    readonly expression: string;
}

/** A table of a push dataset. */
export interface PushDatasetTable {
    /** 1 to 100 characters, none of `! " $ % & ' ( ) * + , . / : ; < = > ? [ \ ] ` { | }`. Renaming replaces the dataset. */
    readonly name: string;
    /** 1 to 75 columns; changes apply in place. */
    readonly columns: readonly PushDatasetColumn[];
    /** Measures; changes apply in place. */
    readonly measures?: readonly PushDatasetMeasure[];
    /** The table's description; changes apply in place. */
    readonly description?: string;
    /** Hidden from report authors; changes apply in place. */
    readonly isHidden?: boolean;
    /** The table's source expressions; changes apply in place. */
    readonly source?: readonly PushDatasetTableSource[];
}

/** A relationship between two tables of the dataset. Changing relationships replaces the dataset. */
export interface PushDatasetRelationship {
    /** 1 to 100 characters, as a table name. */
    readonly name: string;
    /** A table of this dataset. */
    readonly fromTable: string;
    /** A column of `fromTable`. */
    readonly fromColumn: string;
    /** A table of this dataset. */
    readonly toTable: string;
    /** A column of `toTable`. */
    readonly toColumn: string;
    /** Default `OneDirection`. */
    readonly crossFilteringBehavior?: PushDatasetCrossFilteringBehavior;
}

/** Connection details of a data source; which apply depends on its type. */
export interface PushDatasetConnectionDetails {
    /** The connection's account. */
    readonly account?: string;
    /** The connection's class information. */
    readonly classInfo?: string;
    /** The connection's database. */
    readonly database?: string;
    /** The connection's domain. */
    readonly domain?: string;
    /** The connection's email address. */
    readonly emailAddress?: string;
    /** The connection's kind. */
    readonly kind?: string;
    /** The connection's login server. */
    readonly loginServer?: string;
    /** The connection's path. */
    readonly path?: string;
    /** The connection's server. */
    readonly server?: string;
    /** The connection's URL. */
    readonly url?: string;
}

/** A data source of the dataset. Changing data sources replaces the dataset. */
export interface PushDatasetDatasource {
    /** The type, such as `Sql`, `AnalysisServices`, `File`, `OData`. */
    readonly datasourceType?: string;
    /** Where the data source connects; which details apply depends on `datasourceType`. */
    readonly connectionDetails?: PushDatasetConnectionDetails;
    /** A uuid. */
    readonly datasourceId?: string;
    /** A gateway uuid. */
    readonly gatewayId?: string;
}

/** The properties a program sets on a push dataset. */
export interface PushDatasetProperties {
    /** The dataset name: 1 to 256 characters; it identifies the dataset in its workspace. Changing it replaces. */
    readonly name: string;
    /** The workspace (group) id, a uuid; omitted means My workspace. Changing it replaces. */
    readonly workspaceId?: string;
    /** 1 to 75 tables. Column and measure changes apply in place; adding, removing or renaming a table replaces. */
    readonly tables: readonly PushDatasetTable[];
    /** At most 75. Changing them replaces. */
    readonly relationships?: readonly PushDatasetRelationship[];
    /** Changing them replaces. */
    readonly datasources?: readonly PushDatasetDatasource[];
    /** `Push` (default) or `PushStreaming`; set at creation only, so changing it replaces. */
    readonly defaultMode?: "Push" | "PushStreaming";
    /** `None` (default) or `basicFIFO` (keeps the newest 200,000 rows per table); set at creation only, so changing it replaces. */
    readonly defaultRetentionPolicy?: "None" | "basicFIFO";
    /**
     * Take over the existing dataset with this id instead of creating one (the dynamic resources cannot be imported
     * with `pulumi import`). Read only when the dataset is created: a later change of it makes no diff.
     */
    readonly adopt?: string;
}

/** Arguments of `powerbi.PushDataset`: its properties, each of which may be an output of another resource. */
export interface PushDatasetArgs extends InputShape<PushDatasetProperties> {
    /** The tenant and credentials to use instead of the stack's `tenantkit:*` config (a second tenant or cloud). */
    readonly connection?: pulumi.Input<ConnectionArgs>;
}

/** A push dataset as state holds it: the properties with their defaults applied, and the dataset id. */
export interface PushDatasetState extends WithDefaults<
    PushDatasetProperties,
    "relationships" | "datasources" | "defaultMode" | "defaultRetentionPolicy"
> {
    /** The dataset id (a uuid), also the resource's id. */
    readonly datasetId: string;
}

/** What `PushDataset.get` needs besides the id: where the dataset lives. */
export interface PushDatasetLookup {
    /** The workspace (group) id; omit for My workspace. */
    readonly workspaceId?: pulumi.Input<string>;
    /** The tenant and credentials to read with instead of the stack's `tenantkit:*` config. */
    readonly connection?: pulumi.Input<ConnectionArgs>;
}
