/**
 * `@pulumi/databricks` resource types mapped to rows of the resource limits table. Scope keys come from the
 * inputs (a table's catalog and schema, an index's endpoint) and from the provider (the workspace); a key input
 * not known until apply makes the scope null, which the checks count as the worst case.
 */
import { knownPath, knownArray, knownObject, countOne, knownString } from "../mapping";
import type { QuotaMapping } from "../mapping";
import type { LimitUse, PlannedResource } from "../types";
import { UNKNOWN_INPUT } from "../types";

const t = (module: string, name: string): string => `databricks:index/${module}:${name}`;

/**
 * Maps each of `types` to the limits `uses` returns, reading the named inputs (and the scope ones) only; of the
 * `countOnly` ones, only how many known elements they hold.
 */
function counts(types: string[], inputs: readonly string[], uses: QuotaMapping["uses"], countOnly?: readonly string[]): QuotaMapping[] {
    return types.map((type) => (countOnly ? { type, inputs, countOnly, uses } : { type, inputs, uses }));
}

/** The inputs that place a Unity Catalog object: its catalog, schema and name. */
const UC_OBJECT: readonly string[] = ["catalogName", "schemaName", "name"];

/** `catalog.schema` of a Unity Catalog object, or null while either is unknown. */
const schemaOf = (r: PlannedResource): string | null => knownPath(r.inputs.catalogName, r.inputs.schemaName);
/** Full name `catalog.schema.name` of a Unity Catalog object, or null while any part is unknown. */
const fullName = (r: PlannedResource): string | null => knownPath(r.inputs.catalogName, r.inputs.schemaName, r.inputs.name);
/**
 * The key of a limit scoped to the object itself (a table's columns, an index's name): its natural name when
 * known, else the Pulumi resource: one object is one scope either way, so no worst case applies.
 */
const itself = (r: PlannedResource, natural: string | null | undefined): string => natural ?? `(resource ${r.name})`;

/**
 * A Unity Catalog object counted in its schema and in its metastore, and, with `perObject`, the known elements of one
 * of its array inputs counted against a limit of the object itself.
 */
function inSchemaAndMetastore(schemaLimit: string, metastoreLimit: string, perObject?: { limit: string; input: string }): QuotaMapping["uses"] {
    return (r, s) => {
        const uses = [countOne(schemaLimit, schemaOf(r)), countOne(metastoreLimit, s.metastore(r))];
        if (perObject) uses.push({ limit: perObject.limit, scope: itself(r, fullName(r)), amount: size(r.inputs[perObject.input]) });
        return uses;
    };
}

/** Known elements of an array input (an unknown array counts none: its size is not known until apply). */
function size(v: unknown): number {
    const items = knownArray(v);
    if (!items) return 0;
    let n = 0;
    for (const x of items) if (x !== UNKNOWN_INPUT) n += 1;
    return n;
}

/** Share objects by the spec's "Data sharing" metrics (`dataObjectType` values of the Share resource). */
const SHARE_OBJECT_LIMITS: Record<string, string> = {
    TABLE: "data-sharing/table/share",
    VIEW: "data-sharing/table/share",
    MATERIALIZED_VIEW: "data-sharing/table/share",
    STREAMING_TABLE: "data-sharing/table/share",
    FOREIGN_TABLE: "data-sharing/table/share",
    MODEL: "data-sharing/model/share",
    VOLUME: "data-sharing/volume/share",
    FUNCTION: "data-sharing/function/share",
    SCHEMA: "data-sharing/schema/share",
    NOTEBOOK_FILE: "data-sharing/notebook/share",
};

function shareObjects(r: PlannedResource): LimitUse[] {
    const share = knownString(r.inputs.name) ?? null;
    return (knownArray(r.inputs.objects) ?? []).flatMap((o) => {
        const limit = SHARE_OBJECT_LIMITS[knownString(knownObject(o)?.dataObjectType)?.toUpperCase() ?? ""];
        return limit ? [countOne(limit, share)] : [];
    });
}

/** Largest known embedding dimension of a vector search index's specs. */
function embeddingDimension(r: PlannedResource): number {
    const specs = [knownObject(r.inputs.deltaSyncIndexSpec), knownObject(r.inputs.directAccessIndexSpec)];
    const dims = specs.flatMap((s) => knownArray(s?.embeddingVectorColumns) ?? []).map((c) => knownObject(c)?.embeddingDimension);
    return Math.max(0, ...dims.filter((d): d is number => typeof d === "number"));
}

/** Workspace object path limits: folder depth and the object's own name length. */
function workspacePath(r: PlannedResource, folders: boolean): LimitUse[] {
    const path = knownString(r.inputs.path);
    if (!path) return [];
    const parts = path.split("/").filter((p) => p !== "");
    // A directory is itself a folder; a notebook or file sits in the folders above it.
    const depth = folders ? parts.length : parts.length - 1;
    return [
        { limit: "workspaces/folder-depth/workspace", scope: path, amount: depth },
        { limit: "workspaces/workspace-object-name-length/workspace", scope: path, amount: (parts[parts.length - 1] ?? "").length },
    ];
}

/** The default `@pulumi/databricks` mappings. */
export const databricksMappings: readonly QuotaMapping[] = [
    ...counts([t("job", "Job")], [], (r, s) => {
        const workspace = s.workspace(r);
        // Only creations use the hourly budget; a resource not known to exist already is counted.
        return r.creating === false
            ? [countOne("jobs/saved-jobs/workspace", workspace)]
            : [countOne("jobs/saved-jobs/workspace", workspace), countOne("jobs/created-per-hour/workspace", workspace)];
    }),
    ...counts([t("pipeline", "Pipeline")], [], (r, s) => [countOne("declarative-pipelines/saved-pipelines/workspace", s.workspace(r))]),
    ...counts([t("sqlEndpoint", "SqlEndpoint")], [], (r, s) => [countOne("sql-warehouses/total-number/workspace", s.workspace(r))]),
    ...counts([t("secretScope", "SecretScope")], [], (r, s) => [countOne("secrets/scopes/workspace", s.workspace(r))]),
    ...counts([t("app", "App")], [], (r, s) => [countOne("apps/app/workspace", s.workspace(r))]),
    ...counts([t("vectorSearchEndpoint", "VectorSearchEndpoint")], [], (r, s) => [countOne("vector-search/endpoints/workspace", s.workspace(r))]),
    {
        type: t("vectorSearchIndex", "VectorSearchIndex"),
        inputs: ["name", "endpointName", "deltaSyncIndexSpec", "directAccessIndexSpec"],
        uses: (r) => {
            const name = knownString(r.inputs.name);
            return [
                countOne("vector-search/indexes/endpoint", knownString(r.inputs.endpointName) ?? null),
                { limit: "vector-search/embedding-dimension/index", scope: itself(r, name), amount: embeddingDimension(r) },
                ...(name ? [{ limit: "vector-search/index-name/index", scope: name, amount: name.length }] : []),
            ];
        },
    },
    ...counts(
        [t("ipAccessList", "IpAccessList")],
        ["ipAddresses"],
        (r, s) => [{ limit: "cidr-notation/ip-access/workspace", scope: s.workspace(r), amount: size(r.inputs.ipAddresses) }],
        ["ipAddresses"],
    ),
    ...counts([t("catalog", "Catalog")], [], (r, s) => [countOne("data-catalog/catalog/metastore", s.metastore(r))]),
    ...counts([t("schema", "Schema")], ["catalogName"], (r) => [countOne("data-catalog/schema/catalog", knownString(r.inputs.catalogName) ?? null)]),
    ...counts(
        [t("sqlTable", "SqlTable"), t("table", "Table")],
        UC_OBJECT.concat("columns"),
        inSchemaAndMetastore("data-catalog/table/schema", "data-catalog/table/metastore", { limit: "data-catalog/column/table", input: "columns" }),
        ["columns"],
    ),
    ...counts([t("volume", "Volume")], UC_OBJECT, inSchemaAndMetastore("data-catalog/volume/schema", "data-catalog/volume/metastore")),
    ...counts(
        [t("registeredModel", "RegisteredModel")],
        UC_OBJECT.concat("aliases"),
        inSchemaAndMetastore("data-catalog/registered-model/schema", "data-catalog/registered-model/metastore", {
            limit: "data-catalog/registered-model-alias/registered-model",
            input: "aliases",
        }),
        ["aliases"],
    ),
    ...counts([t("connection", "Connection")], [], (r, s) => [countOne("data-catalog/connection/metastore", s.metastore(r))]),
    ...counts([t("externalLocation", "ExternalLocation")], [], (r, s) => [countOne("data-catalog/external-location/metastore", s.metastore(r))]),
    ...counts([t("storageCredential", "StorageCredential"), t("credential", "Credential")], [], (r, s) => [
        countOne("data-catalog/storage-and-service-credential/metastore", s.metastore(r)),
    ]),
    ...counts([t("externalMetadata", "ExternalMetadata")], [], (r, s) => [
        countOne("data-catalog/external-metadata-objects/metastore", s.metastore(r)),
    ]),
    ...counts(
        [
            t("qualityMonitor", "QualityMonitor"),
            t("qualityMonitorV2", "QualityMonitorV2"),
            t("lakehouseMonitor", "LakehouseMonitor"),
            t("dataQualityMonitor", "DataQualityMonitor"),
        ],
        [],
        (r, s) => [countOne("data-monitoring/monitors/metastore", s.metastore(r))],
    ),
    ...counts([t("share", "Share")], ["name", "objects"], (r, s) => [countOne("data-sharing/share/metastore", s.metastore(r)), ...shareObjects(r)]),
    ...counts([t("recipient", "Recipient")], [], (r, s) => [countOne("data-sharing/recipient/metastore", s.metastore(r))]),
    ...counts([t("metastoreProvider", "MetastoreProvider")], [], (r, s) => [countOne("data-sharing/provider/metastore", s.metastore(r))]),
    ...counts([t("group", "Group"), t("accountIamGroupV2", "AccountIamGroupV2"), t("workspaceIamGroupV2", "WorkspaceIamGroupV2")], [], (r, s) => [
        countOne("identity/groups/account", s.account(r)),
    ]),
    ...counts(
        [
            t("user", "User"),
            t("servicePrincipal", "ServicePrincipal"),
            t("accountIamUserV2", "AccountIamUserV2"),
            t("accountIamServicePrincipalV2", "AccountIamServicePrincipalV2"),
            t("workspaceIamUserV2", "WorkspaceIamUserV2"),
            t("workspaceIamServicePrincipalV2", "WorkspaceIamServicePrincipalV2"),
        ],
        [],
        (r, s) => [countOne("identity/users-and-service-principals/account", s.account(r))],
    ),
    // Direct memberships are counted per member (a principal's direct parent groups), within the account.
    ...counts(
        [
            t("groupMember", "GroupMember"),
            t("accountIamDirectGroupMemberV2", "AccountIamDirectGroupMemberV2"),
            t("workspaceIamDirectGroupMemberV2", "WorkspaceIamDirectGroupMemberV2"),
        ],
        ["memberId", "principalId"],
        (r, s) => {
            const member = knownString(r.inputs.memberId) ?? knownString(r.inputs.principalId);
            return [countOne("identity/direct-group-memberships/account", member ? `${s.account(r)} member ${member}` : null)];
        },
    ),
    ...counts([t("mwsNetworkConnectivityConfig", "MwsNetworkConnectivityConfig")], ["region"], (r, s) => {
        const region = knownString(r.inputs.region);
        return [countOne("network-connectivity-configuration/configurations-ncc-per-region/account", region ? `${s.account(r)} ${region}` : null)];
    }),
    // The rule's region is its configuration's, which its inputs do not carry: the worst case applies.
    ...counts([t("mwsNccPrivateEndpointRule", "MwsNccPrivateEndpointRule")], [], () => [
        countOne("network-connectivity-configuration/private-endpoints-per-region/region", null),
    ]),
    ...counts([t("mwsNccBinding", "MwsNccBinding")], ["networkConnectivityConfigId"], (r) => [
        countOne("network-connectivity-configuration/workspaces-per-configuration/ncc", knownString(r.inputs.networkConnectivityConfigId) ?? null),
    ]),
    ...counts([t("sqlVisualization", "SqlVisualization")], ["queryId"], (r) => [
        countOne("query/visualizations/query", knownString(r.inputs.queryId) ?? null),
    ]),
    ...counts([t("sqlWidget", "SqlWidget")], ["dashboardId"], (r) => [
        countOne("dashboards-legacy/widgets/legacy-dashboard", knownString(r.inputs.dashboardId) ?? null),
    ]),
    { type: t("directory", "Directory"), inputs: ["path"], uses: (r) => workspacePath(r, true) },
    ...counts([t("notebook", "Notebook"), t("workspaceFile", "WorkspaceFile")], ["path"], (r) => workspacePath(r, false)),
];
