/**
 * The spec's "Resource limits" table ("## Limits" > "### Resource limits", kept in test/fixtures/spec/limits.md)
 * as data, one row per line in table order. The cells are copied verbatim so `test/quota/tables.spec.ts` can compare them with the spec;
 * the package ships without the spec, so nothing here reads it.
 */
import type { DimensionLimit, DimensionPoint, LimitUnit, LimitValue, NumericLimit, ResourceLimit } from "./types";

/** A limit that is one number; `unit` defaults to a plain count. */
function n(value: number, unit: LimitUnit = "count"): NumericLimit {
    return { kind: "number", value, unit };
}

/** A limit the table does not give as a value ("refers to a separate list of quotas"). */
function ref(reference: string): LimitValue {
    return { kind: "reference", reference };
}

/**
 * A vector search embedding count that depends on the dimension. The spec states points and "Scales approximately
 * linearly" (Delta Sync: 320M x 768 = 160M x 1536 = 80M x 3072), so count x dimension is taken as constant from
 * the nearest stated point; on a tie the higher dimension (the lower count) wins, the stricter reading.
 */
export function byDimension(points: readonly DimensionPoint[]): DimensionLimit {
    if (points.length === 0) throw new RangeError("a dimension-dependent limit needs at least one stated point");
    const stated = Object.freeze(points.map((p) => Object.freeze({ ...p })));
    return Object.freeze({
        kind: "byDimension",
        unit: "count",
        approximate: true,
        points: stated as DimensionPoint[],
        at(dimension: number): number {
            if (!(Number.isFinite(dimension) && dimension > 0)) {
                throw new RangeError(`embedding dimension must be a positive number, got ${dimension}`);
            }
            let nearest = stated[0];
            for (const p of stated) {
                const d = Math.abs(p.dimension - dimension);
                const best = Math.abs(nearest.dimension - dimension);
                if (d < best || (d === best && p.dimension > nearest.dimension)) nearest = p;
            }
            return Math.floor((nearest.value * nearest.dimension) / dimension);
        },
    } as const);
}

/** Lowercase, every run of non-alphanumerics becomes one "-", trimmed: "Configurations (NCC) per region" -> "configurations-ncc-per-region". */
export function slug(text: string): string {
    return text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "");
}

const BY_REGION = " [by region]";

/** Resource, Metric, Limit, Scope and Fixed as in the spec, Notes ("" for none), the parsed limit, the noun. */
type Row = readonly [
    resource: string,
    metric: string,
    limitText: string,
    scope: string,
    fixed: "Yes" | "No",
    notes: string,
    limit: LimitValue,
    noun: string,
];

const M = 1_000_000;

const ROWS: readonly Row[] = [
    ["CIDR notation", "IP access", "1000", "Account", "Yes", "", n(1000), "IP access CIDR entries"],
    ["CIDR notation", "IP access", "1000", "Workspace", "Yes", "", n(1000), "IP access CIDR entries"],
    ["Clean rooms", "Clean room", "10", "Metastore", "No", "", n(10), "clean rooms"],
    [
        "Clean rooms",
        "Clean room notebook tasks running simultaneously",
        "10",
        "Clean room",
        "Yes",
        "",
        n(10),
        "clean room notebook tasks running at once",
    ],
    ["Clean rooms", "Output tables", "100", "Clean room notebook task run", "Yes", "", n(100), "output tables"],
    ["Clusters", "Attached notebooks or execution contexts", "145", "Cluster", "Yes", "", n(145), "attached notebooks or execution contexts"],
    ["Dashboards (legacy)", "Widgets", "1000", "Legacy dashboard", "Yes", "", n(1000), "widgets"],
    ["Apps", "App", "100", "Workspace", "Yes", "", n(100), "apps"],
    ["Data sharing", "Provider", "1000", "Metastore", "No", "", n(1000), "data sharing providers"],
    ["Data sharing", "Recipient", "5000", "Metastore", "No", "", n(5000), "data sharing recipients"],
    ["Data sharing", "Share", "1000", "Metastore", "No", "", n(1000), "shares"],
    ["Data sharing", "Table", "1000", "Share", "No", "", n(1000), "tables"],
    ["Data sharing", "Model", "1000", "Share", "No", "", n(1000), "models"],
    ["Data sharing", "Volume", "1000", "Share", "No", "", n(1000), "volumes"],
    ["Data sharing", "Function", "1000", "Share", "No", "", n(1000), "functions"],
    ["Data sharing", "Schema", "500", "Share", "No", "", n(500), "schemas"],
    ["Data sharing", "Notebook", "100", "Share", "No", "", n(100), "notebooks"],
    ["Git folders", "Working branch size", "500 MB", "Git folder", "Yes", "", n(500, "MB"), "MB of working branch"],
    ["Git folders", "Number of notebooks", "5000", "Git folder", "Yes", "", n(5000), "notebooks"],
    ["Git folders", "Total number of files (including notebooks)", "10000", "Git folder", "Yes", "", n(10000), "files (notebooks included)"],
    [
        "Identity",
        "Direct group memberships",
        "1500",
        "Account",
        "Yes",
        "Direct parent groups only; nested groups not counted",
        n(1500),
        "direct group memberships",
    ],
    ["Identity", "Groups", "5000", "Account", "Yes", "", n(5000), "groups"],
    ["Identity", "Layers of nested groups", "10", "Account", "Yes", "", n(10), "layers of nested groups"],
    ["Identity", "Users and service principals", "10000", "Account", "No", "", n(10000), "users and service principals"],
    ["Jobs", "Created per hour", "10000", "Workspace", "Yes", "", n(10000), "jobs created in one hour"],
    [
        "Jobs",
        "Tasks running simultaneously",
        "2000",
        "Workspace",
        "Yes",
        "Run-job and for-each parent tasks excluded",
        n(2000),
        "tasks running at once",
    ],
    [
        "Jobs",
        "Parent tasks running simultaneously",
        "750",
        "Workspace",
        "Yes",
        "Only run-job and for-each tasks counted",
        n(750),
        "parent tasks running at once",
    ],
    ["Jobs", "Saved jobs", "10000", "Workspace", "Yes", "", n(10000), "jobs"],
    ["Declarative pipelines", "Concurrent pipeline updates", "200", "Workspace", "Yes", "", n(200), "concurrent pipeline updates"],
    ["Declarative pipelines", "Saved pipelines", "12000", "Workspace", "Yes", "Active and inactive", n(12000), "pipelines"],
    ["Declarative pipelines", "Number of tables per pipeline", "1000", "Pipeline", "Yes", "", n(1000), "tables"],
    ["Data monitoring", "Monitors", "100", "Metastore", "No", "", n(100), "monitors"],
    ["Marketplace", "Listings", "250", "Metastore", "Yes", "", n(250), "Marketplace listings"],
    ["Marketplace", "Providers", "20", "Account", "Yes", "", n(20), "Marketplace providers"],
    ["ML tracking", "Total metric steps", "1M", "Run", "Yes", "", n(1 * M), "metric steps"],
    ["ML tracking", "Parameters", "1600", "Run", "Yes", "", n(1600), "parameters"],
    ["ML tracking", "Tags", "1600", "Run", "Yes", "", n(1600), "tags"],
    ["ML tracking", "Runs", "500k", "Experiment", "Yes", "", n(500_000), "runs"],
    ["ML tracking", "Tags", "1000", "Experiment", "Yes", "", n(1000), "tags"],
    ["ML tracking", "Logged models", "10000", "Experiment", "Yes", "", n(10000), "logged models"],
    ["ML tracking", "Metrics", "1000", "Logged model", "Yes", "", n(1000), "metrics"],
    ["ML tracking", "Parameters", "1600", "Logged model", "Yes", "", n(1600), "parameters"],
    ["ML tracking", "Tags", "1600", "Logged model", "Yes", "", n(1600), "tags"],
    ["Model serving", "Payload size", "16 MB", "Serving endpoint", "Yes", "", n(16, "MB"), "MB of request payload"],
    [
        "Model serving",
        "Throughput target (not guaranteed)",
        "200 queries per second",
        "Serving endpoint",
        "Yes",
        "",
        n(200, "queries per second"),
        "queries per second of throughput",
    ],
    [
        "Model serving",
        "Provisioned concurrency",
        "200 per endpoint and per model",
        "Serving endpoint",
        "Yes",
        "",
        n(200),
        "units of provisioned concurrency",
    ],
    [
        "Network connectivity configuration",
        "Configurations (NCC) per region",
        "10",
        "Account [by region]",
        "Yes",
        "",
        n(10),
        "network connectivity configurations",
    ],
    [
        "Network connectivity configuration",
        "Private endpoints per region",
        "100",
        "Region [by region]",
        "Yes",
        "Distributed across 1-10 NCCs",
        n(100),
        "private endpoints",
    ],
    ["Network connectivity configuration", "Workspaces per configuration", "50", "NCC", "Yes", "", n(50), "workspaces"],
    ["Notebook", "Cells", "10000", "Notebook", "Yes", "", n(10000), "cells"],
    ["Notebook", "Dashboards", "1000", "Notebook", "Yes", "", n(1000), "notebook dashboards"],
    ["Notebook", "Comments", "1000", "Notebook", "Yes", "", n(1000), "comments"],
    ["Query", "Visualizations", "1000", "Query", "Yes", "", n(1000), "visualizations"],
    ["Query snippets", "Total number", "10000", "Workspace", "Yes", "", n(10000), "query snippets"],
    ["Resource groups", "Maximum", "980", "Subscription", "Yes", "", n(980), "resource groups"],
    [
        "Resource groups",
        "Resources of any type per resource group",
        "800",
        "Subscription",
        "Yes",
        "Some resource types are exempt",
        n(800),
        "resources in one resource group",
    ],
    ["Secrets", "Scopes", "1000", "Workspace", "No", "", n(1000), "secret scopes"],
    [
        "Serverless compute",
        "Serverless quotas",
        "refers to a separate list of quotas",
        "Account [by region]",
        "No",
        "",
        ref("refers to a separate list of quotas"),
        "serverless compute quota units",
    ],
    ["SQL warehouses", "Total number", "1000", "Workspace", "Yes", "", n(1000), "SQL warehouses"],
    [
        "Storage",
        "Egress for general-purpose v2 and blob storage accounts",
        "50 Gpbs (as given)",
        "Subscription",
        "Yes",
        "",
        n(50, "Gbps"),
        "Gbps of egress",
    ],
    ["Storage", "Storage accounts", "250", "Per region per subscription", "Yes", "", n(250), "storage accounts"],
    ["Data catalog", "Column", "32768", "Table", "Yes", "", n(32768), "columns"],
    ["Data catalog", "Table", "10000", "Schema", "No", "", n(10000), "tables"],
    ["Data catalog", "Table", "1000000", "Metastore", "Yes", "", n(1_000_000), "tables"],
    ["Data catalog", "Volume", "10000", "Schema", "No", "", n(10000), "volumes"],
    ["Data catalog", "Volume", "100000", "Metastore", "No", "", n(100_000), "volumes"],
    ["Data catalog", "Function", "10000", "Schema", "No", "", n(10000), "functions"],
    ["Data catalog", "Registered model", "1000", "Schema", "No", "", n(1000), "registered models"],
    ["Data catalog", "Registered model", "5000", "Metastore", "No", "", n(5000), "registered models"],
    ["Data catalog", "Registered model alias", "10", "Registered model", "No", "", n(10), "registered model aliases"],
    ["Data catalog", "Model version", "10000", "Registered model", "Yes", "", n(10000), "model versions"],
    ["Data catalog", "Model version", "100000", "Metastore", "Yes", "", n(100_000), "model versions"],
    ["Data catalog", "Schema", "10000", "Catalog", "No", "", n(10000), "schemas"],
    ["Data catalog", "Catalog", "1000", "Metastore", "No", "", n(1000), "catalogs"],
    ["Data catalog", "Connection", "1000", "Metastore", "No", "", n(1000), "connections"],
    ["Data catalog", "External lineage relationships", "100000", "Metastore", "Yes", "", n(100_000), "external lineage relationships"],
    ["Data catalog", "External metadata objects", "10000", "Metastore", "Yes", "", n(10000), "external metadata objects"],
    [
        "Data catalog",
        "Storage and service credential",
        "1000",
        "Metastore",
        "No",
        "Combined total of both kinds",
        n(1000),
        "storage and service credentials",
    ],
    ["Data catalog", "External location", "10000", "Metastore", "No", "", n(10000), "external locations"],
    ["Vector search", "Endpoints", "100", "Workspace", "No", "", n(100), "vector search endpoints"],
    [
        "Vector search",
        "Embeddings (Delta Sync index)",
        "about 320,000,000 at dimension 768; about 160,000,000 at 1536; about 80,000,000 at 3072",
        "Endpoint",
        "No",
        "Scales approximately linearly",
        byDimension([
            { dimension: 768, value: 320 * M },
            { dimension: 1536, value: 160 * M },
            { dimension: 3072, value: 80 * M },
        ]),
        "embeddings in Delta Sync indexes",
    ],
    [
        "Vector search",
        "Embeddings (Direct Vector index)",
        "about 2,000,000 at dimension 768",
        "Endpoint",
        "No",
        "",
        byDimension([{ dimension: 768, value: 2 * M }]),
        "embeddings in Direct Vector indexes",
    ],
    [
        "Vector search",
        "Embeddings (storage-optimized endpoint)",
        "about 1,000,000,000 at dimension 768",
        "Endpoint",
        "No",
        "",
        byDimension([{ dimension: 768, value: 1000 * M }]),
        "embeddings",
    ],
    ["Vector search", "Embedding dimension", "4096", "Index", "No", "", n(4096), "embedding dimensions"],
    ["Vector search", "Indexes", "50", "Endpoint", "No", "", n(50), "vector search indexes"],
    ["Vector search", "Columns", "50", "Index", "No", "", n(50), "columns"],
    ["Vector search", "Metadata fields", "50", "Index", "No", "", n(50), "metadata fields"],
    ["Vector search", "Index name", "128 characters", "Index", "No", "", n(128, "characters"), "characters in the index name"],
    ["Vector search", "Row size for Delta Sync index", "100KB", "Index", "No", "", n(100, "KB"), "KB in one row"],
    [
        "Vector search",
        "Embedding source column size for Delta Sync index",
        "32764 bytes",
        "Index",
        "No",
        "",
        n(32764, "bytes"),
        "bytes in the embedding source column",
    ],
    ["Vector search", "Bulk upsert request size for Direct Vector index", "10MB", "Index", "No", "", n(10, "MB"), "MB in one bulk upsert request"],
    ["Vector search", "Bulk delete request size for Direct Vector index", "10MB", "Index", "No", "", n(10, "MB"), "MB in one bulk delete request"],
    ["Vector search", "Query text length", "32764 characters", "Query", "No", "", n(32764, "characters"), "characters of query text"],
    [
        "Vector search",
        "Tokens when using hybrid search",
        "1024 words or 2-byte characters",
        "Query",
        "No",
        "",
        n(1024, "words or 2-byte characters"),
        "hybrid search tokens",
    ],
    ["Vector search", "Filter conditions", "1024 elements", "Filter clause", "No", "", n(1024, "elements"), "filter conditions"],
    ["Vector search", "Maximum results (approximate nearest neighbor search)", "10000", "Query", "No", "", n(10000), "results"],
    ["Vector search", "Maximum results (hybrid keyword-similarity search)", "200", "Query", "No", "", n(200), "results"],
    ["Virtual machines", "Maximum", "25000", "Per subscription per region", "Yes", "", n(25000), "virtual machines"],
    ["Workspaces", "Folder depth", "25", "Workspace", "Yes", "", n(25), "folder levels"],
    ["Workspaces", "Workspace object name length", "500 characters", "Workspace", "Yes", "", n(500, "characters"), "characters in the object name"],
    ["Workspace files", "Individual file size", "500 MB", "File", "Yes", "", n(500, "MB"), "MB in one file"],
];

function toLimit([resource, metric, limitText, scopeCell, fixed, notes, limit, noun]: Row): ResourceLimit {
    // The spec: "Regions is All unless "[by region]" is written in the Scope cell".
    const byRegion = scopeCell.endsWith(BY_REGION);
    const scope = byRegion ? scopeCell.slice(0, -BY_REGION.length) : scopeCell;
    const entry: ResourceLimit = {
        id: `${slug(resource)}/${slug(metric)}/${slug(scope)}`,
        resource,
        metric,
        limit: Object.freeze(limit),
        limitText,
        scope,
        byRegion,
        fixed: fixed === "Yes",
        noun,
    };
    if (notes !== "") entry.notes = notes;
    return Object.freeze(entry);
}

/** Every row of the spec's resource limits table, in table order. */
export const resourceLimits: readonly ResourceLimit[] = Object.freeze(ROWS.map(toLimit));

const BY_ID = new Map(resourceLimits.map((l) => [l.id, l]));
if (BY_ID.size !== resourceLimits.length) throw new Error("resource limit ids must be unique");

/** The ids of {@link resourceLimits}, in table order. */
export const LIMIT_IDS: readonly string[] = Object.freeze(resourceLimits.map((l) => l.id));

/**
 * The limit with this id, e.g. `limitById("sql-warehouses/total-number/workspace")`.
 * @throws RangeError naming the id when no row has it.
 */
export function limitById(id: string): ResourceLimit {
    const limit = BY_ID.get(id);
    if (!limit) throw new RangeError(`no resource limit has the id "${id}"; see quota.resourceLimits (or LIMIT_IDS) for the ids`);
    return limit;
}
