export {
    PushDataset, type PushDatasetArgs, type PushDatasetColumn, type PushDatasetDatasource, type PushDatasetMeasure,
    type PushDatasetRelationship, type PushDatasetTable,
} from "./resource";
