/**
 * The stored model of Power BI push datasets (docs/api-facts.md section C, interface spec "Area C"): per tenant,
 * workspaces (groups) with their members, and datasets that live either in a group or in the My workspace
 * of one principal. Also how a stored dataset is rendered as the service's Dataset payload.
 */

/** A workspace (Power BI "group"); `members` are client ids or user object ids allowed to use it. */
export interface Workspace {
    id: string;
    name: string;
    members: string[];
}

/** The column data types push datasets accept, in canonical spelling (api-dataset-properties.md). */
export const DATA_TYPES = ["Int64", "Double", "Decimal", "Boolean", "DateTime", "String"] as const;
/** One of {@link DATA_TYPES}. */
export type DataType = (typeof DATA_TYPES)[number];

/** A column as stored: `dataType` canonical, optional properties only when they were sent. */
export interface StoredColumn {
    name: string;
    dataType: DataType;
    formatString?: string;
    dataCategory?: string;
    isHidden?: boolean;
    sortByColumn?: string;
    summarizeBy?: string;
}

/** A measure as stored. */
export interface StoredMeasure {
    name: string;
    expression: string;
    description?: string;
    formatString?: string;
    isHidden?: boolean;
}

/** A table as stored; `rowCount` counts rows pushed through PostRows (bounded by the retention policy). */
export interface StoredTable {
    name: string;
    columns: StoredColumn[];
    measures?: StoredMeasure[];
    description?: string;
    isHidden?: boolean;
    source?: { expression: string }[];
    rowCount: number;
}

/** The CrossFilteringBehavior values, canonical spelling. */
export const CROSS_FILTERING = ["OneDirection", "BothDirections", "Automatic"] as const;

/** A relationship as stored. */
export interface StoredRelationship {
    name: string;
    fromTable: string;
    fromColumn: string;
    toTable: string;
    toColumn: string;
    crossFilteringBehavior: (typeof CROSS_FILTERING)[number];
}

/** The retention policies of the `defaultRetentionPolicy` query parameter. */
export type RetentionPolicy = "None" | "basicFIFO";

/** A push dataset as stored. */
export interface StoredDataset {
    id: string;
    name: string;
    /** The group id (lower case), or null for the My workspace of {@link ownerId}. */
    workspaceId: string | null;
    /** The principal that created it (`appid` of an app token, `oid` of a user token). */
    ownerId: string;
    defaultMode: "Push" | "PushStreaming";
    defaultRetentionPolicy: RetentionPolicy;
    tables: StoredTable[];
    relationships: StoredRelationship[];
    datasources: Record<string, unknown>[];
    createdDate: string;
    configuredBy: string;
}

/** A tenant's Power BI content, plus the one-shot switches of the admin API. */
export interface PowerBiData {
    workspaces: Workspace[];
    datasets: StoredDataset[];
    /** Answer the next dataset POST with this status (both 201 and 202 are documented successes). */
    nextPostStatus?: 202;
    /** Store the next POSTed dataset, then destroy the connection instead of answering. */
    loseNextPostResponse?: boolean;
}

/** An empty Power BI content. */
export function emptyPowerBi(): PowerBiData {
    return { workspaces: [], datasets: [] };
}

/**
 * The Dataset payload of GetDataset(s): the official examples' members (test/fixtures/conformance/powerbi-get-dataset*.json),
 * with the values a push dataset has, plus `webUrl` and `createdDate` from the spec's Dataset.
 * `targetStorageMode` is "Abf" in groups, as in the GetDatasetInGroup example. Members are camelCase as in the
 * examples, not the PascalCase of the swagger's definitions (DESIGN.md, "Power BI casing").
 */
export function renderDataset(d: StoredDataset): Record<string, unknown> {
    const out: Record<string, unknown> = {
        id: d.id,
        name: d.name,
        webUrl: `https://app.powerbi.com/groups/${d.workspaceId ?? "me"}/datasets/${d.id}`,
        addRowsAPIEnabled: true,
        configuredBy: d.configuredBy,
        isRefreshable: false,
        isEffectiveIdentityRequired: false,
        isEffectiveIdentityRolesRequired: false,
        isOnPremGatewayRequired: false,
        createdDate: d.createdDate,
    };
    if (d.workspaceId !== null) out.targetStorageMode = "Abf";
    return out;
}

/**
 * A table as GetTables lists it. There is no official GetTables example (docs/api-facts.md C), so this is the
 * stored schema without the row count: name, columns with canonical data types, and the optional members.
 */
export function renderTable(t: StoredTable): Record<string, unknown> {
    const schema: Record<string, unknown> = { ...t };
    delete schema.rowCount;
    return schema;
}
