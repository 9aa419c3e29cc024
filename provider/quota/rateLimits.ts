/**
 * The spec's "API rate limits" table ("## Limits" > "### API rate limits", kept in test/fixtures/spec/limits.md)
 * as data: each row written with its five cells verbatim, then expanded to one entry per operation. The table says: "Unit is
 * requests per second unless the Limit cell says per minute. Fixed is Yes unless stated."
 */
import type { OperationMatch, RateLimit, RatePeriod } from "./types";

/**
 * How the operations of one row share a budget: "each" (the cell says "each": one budget per operation),
 * "shared" (the cell says "shared" or "combined"), "assumed" (several operations, the cell says neither: one
 * budget, the stricter reading), "one" (a single operation).
 */
type Sharing = "each" | "shared" | "assumed" | "one";

interface Row {
    cells: RateLimit["source"];
    limit: number;
    per: RatePeriod;
    operations: readonly string[];
    sharing: Sharing;
}

function row(
    api: string,
    operation: string,
    limitText: string,
    scope: string,
    fixed: "Yes" | "No",
    rate: [number, RatePeriod],
    operations: readonly string[] = [operation],
    sharing: Sharing = "one",
): Row {
    return { cells: { api, operation, limit: limitText, scope, fixed }, limit: rate[0], per: rate[1], operations, sharing };
}

/** Short forms of the table ("/ml/webhooks/create, get, update") written out: `under("/ml/webhooks/", "create", "get")`. */
function under(prefix: string, ...names: string[]): string[] {
    return names.map((name) => prefix + name);
}

const W = "Workspace";
const IP = "IP address";
const ACC = "Account";
const JOBS = "Jobs API";
const ML = "ML tracking API";
const ML3 = "ML tracking API (3.0)";
const REG = "ML workspace model registry API";

const ROWS: readonly Row[] = [
    row("File system API", "/fs", "30 per second", W, "Yes", [30, "second"]),
    row("Data sharing provider API", "/catalog/providers", "400 per minute", W, "Yes", [400, "minute"]),
    row("Data sharing provider API", "/catalog/providers", "10 per second", IP, "No", [10, "second"]),
    row("Data sharing recipient API", "/catalog/recipients", "400 per minute", W, "Yes", [400, "minute"]),
    row("Data sharing recipient API", "/catalog/recipients", "10 per second", IP, "No", [10, "second"]),
    row("Data sharing shares API", "/catalog/shares", "400 per minute", W, "Yes", [400, "minute"]),
    row("Data sharing shares API", "/catalog/shares", "10 per second", IP, "No", [10, "second"]),
    row(
        JOBS,
        "/jobs/create, /jobs/get, /jobs/list, /jobs/reset, /jobs/run-now, /jobs/runs/delete, /jobs/runs/export",
        "20 per second each",
        W,
        "Yes",
        [20, "second"],
        under("/jobs/", "create", "get", "list", "reset", "run-now", "runs/delete", "runs/export"),
        "each",
    ),
    row(
        JOBS,
        "/jobs/runs/get-output and /jobs/runs/output (one quota shared by both)",
        "20 per second",
        W,
        "Yes",
        [20, "second"],
        ["/jobs/runs/get-output", "/jobs/runs/output"],
        "shared",
    ),
    row(
        JOBS,
        "/jobs/delete, /jobs/update, /jobs/runs/cancel",
        "10 per second each",
        W,
        "Yes",
        [10, "second"],
        under("/jobs/", "delete", "update", "runs/cancel"),
        "each",
    ),
    row(
        JOBS,
        "/jobs/runs/cancel-all, /jobs/runs/repair",
        "5 per second each",
        W,
        "Yes",
        [5, "second"],
        under("/jobs/runs/", "cancel-all", "repair"),
        "each",
    ),
    row(JOBS, "/jobs/runs/get", "100 per second", W, "Yes", [100, "second"]),
    row(JOBS, "/jobs/runs/list", "30 per second", W, "Yes", [30, "second"]),
    row(JOBS, "/jobs/runs/submit", "35 per second", W, "Yes", [35, "second"]),
    row("Account SCIM API", "GET", "20 per second", ACC, "Yes", [20, "second"]),
    row("Account SCIM API", "PATCH", "2 per second", ACC, "Yes", [2, "second"]),
    row("Account SCIM API", "POST, PUT, DELETE", "5 per second", ACC, "Yes", [5, "second"], ["POST", "PUT", "DELETE"], "assumed"),
    row("Workspace-level SCIM API", "GET", "255 per minute", W, "Yes", [255, "minute"]),
    row("Workspace-level SCIM API", "PATCH", "10 per minute", W, "Yes", [10, "minute"]),
    row("Workspace-level SCIM API", "POST, PUT, DELETE", "35 per minute", W, "Yes", [35, "minute"], ["POST", "PUT", "DELETE"], "assumed"),
    row("Permissions API", "GET", "100 per second", W, "Yes", [100, "second"]),
    row("Permissions API", "PATCH, PUT", "30 per second", W, "Yes", [30, "second"], ["PATCH", "PUT"], "assumed"),
    row("Secrets API", "all requests", "1100 per minute", W, "Yes", [1100, "minute"]),
    row("Token management API", "all requests", "40 per second", W, "Yes", [40, "second"]),
    row("Workspace API", "/workspace/delete", "2 per second", W, "Yes", [2, "second"]),
    row("Workspace API", "/workspace/export", "50 per second", ACC, "Yes", [50, "second"]),
    row("Workspace API", "/workspace/export", "60 per second", W, "Yes", [60, "second"]),
    row("Workspace API", "/workspace/import", "20 per second", ACC, "Yes", [20, "second"]),
    row("Workspace API", "/workspace/import", "30 per second", W, "Yes", [30, "second"]),
    row("Workspace API", "/workspace/list", "50 per second", W, "Yes", [50, "second"]),
    row("Workspace API", "/workspace/mkdirs", "20 per second", W, "Yes", [20, "second"]),
    row("Git credentials API", "/git-credentials/* combined", "10 per second", W, "Yes", [10, "second"], ["/git-credentials/*"], "shared"),
    row("Git folders API", "/repos/* combined", "10 per second", W, "Yes", [10, "second"], ["/repos/*"], "shared"),
    row("Marketplace consumer API", "/marketplace-consumer", "100 per second", W, "Yes", [100, "second"]),
    row("Marketplace provider API", "/marketplace-provider", "100 per second", W, "Yes", [100, "second"]),
    row(
        ML,
        "/ml/experiments/create, /ml/experiments/delete, /ml/experiments/restore, /ml/experiments/update, /ml/experiments/set-experiment-tag, /ml/experiments/get, /ml/experiments/get-by-name",
        "120 per second each",
        W,
        "Yes",
        [120, "second"],
        under("/ml/experiments/", "create", "delete", "restore", "update", "set-experiment-tag", "get", "get-by-name"),
        "each",
    ),
    row(
        ML,
        "/ml/runs/create, /ml/runs/update, /ml/runs/delete, /ml/runs/restore, /ml/runs/set-tag, /ml/runs/delete-tag, /ml/runs/log-param, /ml/runs/log-metric, /ml/runs/log-batch, /ml/runs/log-inputs, /ml/runs/get",
        "120 per second each",
        W,
        "Yes",
        [120, "second"],
        under(
            "/ml/runs/",
            "create",
            "update",
            "delete",
            "restore",
            "set-tag",
            "delete-tag",
            "log-param",
            "log-metric",
            "log-batch",
            "log-inputs",
            "get",
        ),
        "each",
    ),
    row(
        ML,
        "/ml/metrics/get-history, /ml/artifacts/list",
        "120 per second each",
        W,
        "Yes",
        [120, "second"],
        ["/ml/metrics/get-history", "/ml/artifacts/list"],
        "each",
    ),
    row(
        ML,
        "/ml/experiments/list, /ml/experiments/search, /ml/runs/search",
        "7 per second each",
        W,
        "Yes",
        [7, "second"],
        ["/ml/experiments/list", "/ml/experiments/search", "/ml/runs/search"],
        "each",
    ),
    row(
        ML3,
        "/ml/logged-models, /ml/logged-models/{model_id}, /ml/logged-models/{model_id}/tags, /ml/logged-models/{model_id}/tags/{tag_key}, /ml/logged-models/{model_id}/params",
        "120 per second each",
        W,
        "Yes",
        [120, "second"],
        ["/ml/logged-models", ...under("/ml/logged-models/{model_id}", "", "/tags", "/tags/{tag_key}", "/params")],
        "each",
    ),
    row(ML3, "/ml/logged-models/search", "7 per second", W, "Yes", [7, "second"]),
    row(ML3, "/ml/logged-models/{model_id}/artifacts/directories", "2 per second", W, "Yes", [2, "second"]),
    row(
        REG,
        "/ml/registered-models/create, get, update, delete, set-tag, delete-tag",
        "40 per second each",
        W,
        "Yes",
        [40, "second"],
        under("/ml/registered-models/", "create", "get", "update", "delete", "set-tag", "delete-tag"),
        "each",
    ),
    row(
        REG,
        "/ml/model-versions/create, get, update, delete, transition-stage, set-tag, delete-tag",
        "40 per second each",
        W,
        "Yes",
        [40, "second"],
        under("/ml/model-versions/", "create", "get", "update", "delete", "transition-stage", "set-tag", "delete-tag"),
        "each",
    ),
    row(
        REG,
        "/ml/model-versions/transition-requests/create, approve, reject",
        "40 per second each",
        W,
        "Yes",
        [40, "second"],
        under("/ml/model-versions/transition-requests/", "create", "approve", "reject"),
        "each",
    ),
    row(
        REG,
        "/ml/webhooks/create, get, update, delete, list, test",
        "40 per second each",
        W,
        "Yes",
        [40, "second"],
        under("/ml/webhooks/", "create", "get", "update", "delete", "list", "test"),
        "each",
    ),
    row(
        REG,
        "/ml/registered-models/search, /ml/model-versions/search",
        "7 per second each",
        W,
        "Yes",
        [7, "second"],
        ["/ml/registered-models/search", "/ml/model-versions/search"],
        "each",
    ),
];

function matchOf(operation: string): OperationMatch {
    if (operation === "all requests") return "all";
    return operation.startsWith("/") ? "path" : "method";
}

function expand(r: Row): RateLimit[] {
    const { api, scope } = r.cells;
    const shared = `${api}|${scope}|${r.operations.join(",")}`;
    return r.operations.map((operation) =>
        Object.freeze({
            api,
            operation,
            match: matchOf(operation),
            limit: r.limit,
            per: r.per,
            scope,
            fixed: r.cells.fixed === "Yes",
            quota: r.sharing === "each" ? `${api}|${scope}|${operation}` : shared,
            sharing: r.sharing === "assumed" ? "assumed" : "stated",
            source: Object.freeze({ ...r.cells }),
        }),
    );
}

/** Every row of the spec's API rate limits table, one entry per operation, in table order. */
export const rateLimits: readonly RateLimit[] = Object.freeze(ROWS.flatMap(expand));

// A quota id names one row's budget: ids from two rows would silently merge budgets the spec keeps apart.
const ROW_OF_QUOTA = new Map<string, number>();
ROWS.forEach((r, index) => {
    for (const e of expand(r)) {
        if ((ROW_OF_QUOTA.get(e.quota) ?? index) !== index) throw new Error(`rate limit quota "${e.quota}" spans two table rows`);
        ROW_OF_QUOTA.set(e.quota, index);
    }
});

/** The distinct budgets ({@link RateLimit.quota}) of {@link rateLimits}, in table order. */
export function quotaIds(): string[] {
    return [...ROW_OF_QUOTA.keys()];
}

const segments = (path: string): string[] => path.split("/");

/** A table path with "{param}" segments ("/ml/logged-models/{model_id}") against a concrete path. */
function templateMatches(template: string, path: string): boolean {
    const t = segments(template);
    const p = segments(path);
    return t.length === p.length && t.every((s, i) => s === p[i] || (/^\{[^}]+\}$/.test(s) && p[i] !== ""));
}

/**
 * Every entry that applies to one request, e.g. `rateLimitsFor("/jobs/create")`, `rateLimitsFor("POST",
 * "Account SCIM API")`, `rateLimitsFor("/repos/123", "Git folders API")`. Several can apply (the same path at
 * Workspace and at IP address scope); a request must stay within all of them.
 *
 * `operation` is a path in the table's form (a query string and a trailing "/" are ignored), an HTTP method, or
 * "all requests". A path matches an entry with the same path, an entry ending in "/*" it lies under, or an entry
 * with "{param}" segments when no entry has the literal path ("/ml/logged-models/search" is not a model id).
 * With `api` (compared without case), only that API's entries are considered, and its "all requests" entries apply
 * to every operation. `table` defaults to the spec's.
 */
export function rateLimitsFor(operation: string, api?: string, table: readonly RateLimit[] = rateLimits): RateLimit[] {
    const wanted = api?.trim().toLowerCase();
    const candidates = wanted === undefined ? table : table.filter((e) => e.api.toLowerCase() === wanted);
    const op = operation.trim();
    const isPath = op.startsWith("/");
    const path = isPath ? op.replace(/[?#].*$/, "").replace(/(.)\/+$/, "$1") : op;
    const method = !isPath && /^[a-z]+$/i.test(op) ? op.toUpperCase() : undefined;
    const literal = isPath && candidates.some((e) => e.match === "path" && e.operation === path);
    return candidates.filter((e) => {
        switch (e.match) {
            case "all":
                return wanted !== undefined || op.toLowerCase() === e.operation.toLowerCase();
            case "method":
                return e.operation.toUpperCase() === method;
            case "path":
                if (!isPath) return false;
                if (e.operation.endsWith("/*")) {
                    const prefix = e.operation.slice(0, -2);
                    return path === prefix || path.startsWith(`${prefix}/`);
                }
                return e.operation === path || (!literal && e.operation.includes("{") && templateMatches(e.operation, path));
        }
    });
}
