/**
 * `tenantkit:powerbi:PushDataset`, declared once (core/model/definition.ts): every property of the public types in
 * types.ts with what it is and what a change of it does. Power BI changes a table's columns and measures in place
 * (PutTable); everything else can only be set when a dataset is created, so it replaces the dataset.
 */
import {
    arrayOf,
    boolean,
    enumFromSpellings,
    enumOf,
    objectOf,
    string,
    type ObjectDefinition,
    defineResource,
    type Wire,
} from "../../core/model/definition";
import { CROSS_FILTERING_SPELLINGS, DATA_TYPE_SPELLINGS, SUMMARIZE_BY_SPELLINGS } from "./spellings";
import type {
    PushDatasetColumn,
    PushDatasetConnectionDetails,
    PushDatasetDatasource,
    PushDatasetMeasure,
    PushDatasetProperties,
    PushDatasetRelationship,
    PushDatasetState,
    PushDatasetTable,
    PushDatasetTableSource,
} from "./types";

/** A column's data type, in any letter case of any spelling the docs write; state holds the canonical one. */
export const DATA_TYPE = enumFromSpellings("PushDatasetDataType", DATA_TYPE_SPELLINGS);

const Column: ObjectDefinition<PushDatasetColumn> = {
    name: "PushDatasetColumn",
    fields: {
        name: { type: string, required: true },
        dataType: { type: enumOf(DATA_TYPE), required: true },
        dataCategory: { type: string },
        formatString: { type: string },
        isHidden: { type: boolean },
        sortByColumn: { type: string },
        // The service takes any letter case (the official example sends `none`): kept as the program writes it.
        summarizeBy: { type: enumOf(enumFromSpellings("PushDatasetSummarizeBy", SUMMARIZE_BY_SPELLINGS, "asWritten")) },
    },
};

const Measure: ObjectDefinition<PushDatasetMeasure> = {
    name: "PushDatasetMeasure",
    fields: {
        name: { type: string, required: true },
        expression: { type: string, required: true },
        description: { type: string },
        formatString: { type: string },
        isHidden: { type: boolean },
    },
};

const TableSource: ObjectDefinition<PushDatasetTableSource> = {
    name: "PushDatasetTableSource",
    fields: { expression: { type: string, required: true } },
};

const Table: ObjectDefinition<PushDatasetTable> = {
    name: "PushDatasetTable",
    fields: {
        name: { type: string, required: true },
        columns: { type: arrayOf(objectOf(Column)), required: true },
        measures: { type: arrayOf(objectOf(Measure)) },
        description: { type: string },
        isHidden: { type: boolean },
        source: { type: arrayOf(objectOf(TableSource)) },
    },
};

const Relationship: ObjectDefinition<PushDatasetRelationship> = {
    name: "PushDatasetRelationship",
    fields: {
        name: { type: string, required: true },
        fromTable: { type: string, required: true },
        fromColumn: { type: string, required: true },
        toTable: { type: string, required: true },
        toColumn: { type: string, required: true },
        crossFilteringBehavior: {
            type: enumOf(enumFromSpellings("PushDatasetCrossFilteringBehavior", CROSS_FILTERING_SPELLINGS)),
            default: "OneDirection",
        },
    },
};

const ConnectionDetails: ObjectDefinition<PushDatasetConnectionDetails> = {
    name: "PushDatasetConnectionDetails",
    fields: {
        account: { type: string },
        classInfo: { type: string },
        database: { type: string },
        domain: { type: string },
        emailAddress: { type: string },
        kind: { type: string },
        loginServer: { type: string },
        path: { type: string },
        server: { type: string },
        url: { type: string },
    },
};

const Datasource: ObjectDefinition<PushDatasetDatasource> = {
    name: "PushDatasetDatasource",
    fields: {
        datasourceType: { type: string },
        connectionDetails: { type: objectOf(ConnectionDetails) },
        datasourceId: { type: string },
        gatewayId: { type: string },
    },
};

/**
 * Where each property travels ({@link Wire}): in the create request (`PostDataset`'s JSON body or query, the workspace in
 * its URL's path, or not at all), and where a read by id finds it (a field of the same name in `GetDataset`'s answer, a
 * value the reader already has (the workspace of the URL, the tables of their own listing), or nowhere: the service
 * does not return it). GetDataset's Dataset has the name but no mode and no retention policy (the official examples,
 * docs/api-facts.md C: the policy is a create-time query parameter only), so a read by id leaves those unset rather
 * than taking their defaults, which may not be the truth.
 */
export type DatasetWire = Required<Wire>;

export const pushDataset = defineResource<PushDatasetProperties, Pick<PushDatasetState, "datasetId">, DatasetWire>()({
    token: "tenantkit:powerbi:PushDataset",
    area: "powerbi",
    folder: "pushDataset",
    docs: { inputs: "PushDatasetProperties", outputs: "PushDatasetState", resource: "PushDataset" },
    inputs: {
        name: { type: string, required: true, change: "replace", output: true, wire: { request: "body", read: "service" } },
        workspaceId: { type: string, change: "replace", output: true, wire: { request: "path", read: "reader" } },
        // The set of tables (by name) replaces; a table's columns, measures and other fields update in place
        // (diff.ts tells the two apart).
        tables: { type: arrayOf(objectOf(Table)), required: true, change: "update", output: true, wire: { request: "body", read: "reader" } },
        // An empty list is the service's default: check fills it, the create request leaves it out (api.ts).
        relationships: {
            type: arrayOf(objectOf(Relationship)),
            change: "replace",
            default: [],
            output: true,
            filled: true,
            wire: { request: "body", read: "none" },
        },
        datasources: {
            type: arrayOf(objectOf(Datasource)),
            change: "replace",
            default: [],
            output: true,
            filled: true,
            wire: { request: "body", read: "none" },
        },
        // GetDataset returns neither the mode nor the retention policy (`read: "none"`): after an import state does not
        // hold them, and the program's value is taken as what exists (`filled`), not as a replacement.
        defaultMode: {
            type: enumOf({ name: "PushDatasetMode", values: [{ value: "Push" }, { value: "PushStreaming" }] }),
            change: "replace",
            default: "Push",
            output: true,
            filled: true,
            wire: { request: "body", read: "none" },
        },
        defaultRetentionPolicy: {
            type: enumOf({ name: "PushDatasetRetentionPolicy", values: [{ value: "None" }, { value: "basicFIFO" }] }),
            change: "replace",
            default: "None",
            output: true,
            filled: true,
            wire: { request: "query", read: "none" },
        },
        // Which dataset a create takes over. Once it exists the resource is that dataset: a later change of `adopt`
        // neither adopts another (the one managed would be left behind) nor replaces (that would delete it).
        adopt: { type: string, change: "ignore", output: true, wire: { request: "none", read: "none" } },
    },
    outputs: {
        datasetId: { type: string, always: true, onUpdate: "kept" },
    },
});
