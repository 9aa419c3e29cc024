export { PushDataset } from "./resource";
export type {
    PushDatasetArgs,
    PushDatasetColumn,
    PushDatasetConnectionDetails,
    PushDatasetCrossFilteringBehavior,
    PushDatasetDataType,
    PushDatasetDatasource,
    PushDatasetLookup,
    PushDatasetMeasure,
    PushDatasetProperties,
    PushDatasetRelationship,
    PushDatasetState,
    PushDatasetSummarizeBy,
    PushDatasetTable,
    PushDatasetTableSource,
} from "./types";
