export {
    PushDataset, type PushDatasetArgs, type PushDatasetColumn, type PushDatasetDatasource, type PushDatasetMeasure,
    type PushDatasetRelationship, type PushDatasetState, type PushDatasetTable,
} from "./resource";
