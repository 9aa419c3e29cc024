/**
 * The shapes of area E: the spec's "Resource limits" and "API rate limits" tables as typed data
 * (`limits.ts`, `rateLimits.ts`), and what the checks count against them.
 */
import { UNKNOWN } from "../core/model/patterns";

/** Units a limit is expressed in, normalized from the spec's Limit cells ("500 MB", "128 characters", ...). */
export type LimitUnit = "count" | "MB" | "KB" | "bytes" | "characters" | "Gbps" | "queries per second" | "words or 2-byte characters" | "elements";

/** A limit that is one number ("1000", "1M", "500k", "500 MB"). */
export interface NumericLimit {
    /** Always `number`: tells this shape apart in a {@link LimitValue}. */
    kind: "number";
    /** The limit, in `unit`: "1M" is 1000000, "500k" 500000, "500 MB" 500. */
    value: number;
    /** What `value` counts: `count` for objects, else the unit the Limit cell names. */
    unit: LimitUnit;
}

/** One stated point of a limit that depends on the embedding dimension ("about 2,000,000 at dimension 768"). */
export interface DimensionPoint {
    /** The embedding dimension the point is stated at (768, 1536, 3072). */
    dimension: number;
    /** The approximate count of embeddings at that dimension. */
    value: number;
}

/**
 * A limit that is a function of the embedding dimension (vector search embeddings). The spec gives points
 * ("about 320,000,000 at dimension 768; about 160,000,000 at 1536; ...") and says the count scales
 * approximately linearly, i.e. count x dimension stays constant.
 */
export interface DimensionLimit {
    /** Always `byDimension`: tells this shape apart in a {@link LimitValue}; its value comes from {@link DimensionLimit.at}. */
    kind: "byDimension";
    /** Always `count`: the limit counts embeddings. */
    unit: "count";
    /** Always true: the spec states every point as "about". */
    approximate: true;
    /** The points the spec states, in its order. */
    points: DimensionPoint[];
    /** The approximate limit at `dimension`: from the nearest stated point, scaled inversely. */
    at(dimension: number): number;
}

/** A limit the spec does not give as a value but refers elsewhere for ("refers to a separate list of quotas"). */
export interface ReferenceLimit {
    /** Always `reference`: tells this shape apart in a {@link LimitValue}; there is no value to check against. */
    kind: "reference";
    /** The Limit cell, verbatim ("refers to a separate list of quotas"). */
    reference: string;
}

/** The parsed Limit cell of a {@link ResourceLimit}: one number, a count that depends on the embedding dimension, or a reference elsewhere. */
export type LimitValue = NumericLimit | DimensionLimit | ReferenceLimit;

/** One row of the resource limits table. */
export interface ResourceLimit {
    /** Stable id: `<resource>/<metric>/<scope>` slugged, e.g. `sql-warehouses/total-number/workspace`. */
    id: string;
    /** The Resource cell, verbatim ("Data catalog"). */
    resource: string;
    /** The Metric cell, verbatim ("Registered model alias"). */
    metric: string;
    /** The Limit cell parsed; a `reference` limit cannot be checked, a `byDimension` one only at a given dimension. */
    limit: LimitValue;
    /** The Limit cell, verbatim ("about 2,000,000 at dimension 768", "50 Gpbs (as given)"). */
    limitText: string;
    /** The Scope cell without the "[by region]" marker ("Account", "Per region per subscription"). */
    scope: string;
    /** True when the Scope cell carries "[by region]" (the spec: Regions is All otherwise). */
    byRegion: boolean;
    /** Fixed = Yes: cannot be raised; false: can be raised on request through the provider's account team. */
    fixed: boolean;
    /** The Notes cell, verbatim; undefined when empty. */
    notes?: string;
    /**
     * What is counted, as a plural phrase for messages ("SQL warehouses", "tables", "characters in the index
     * name"): "12 SQL warehouses planned in workspace prod, 995 exist, limit 1000 (fixed): 7 over".
     */
    noun: string;
}

/** The request rate unit of a rate-limit row. */
export type RatePeriod = "second" | "minute";

/** How an entry's operation is matched against a request. */
export type OperationMatch =
    /** An API path ("/jobs/create", "/ml/logged-models/{model_id}"); a trailing "/*" matches everything under it. */
    | "path"
    /** An HTTP method of the API ("GET", "POST"). */
    | "method"
    /** Every request of the API ("all requests"). */
    | "all";

/**
 * One operation of the API rate limits table: rows listing several operations are expanded to one entry each.
 * Entries with the same `quota` share one budget ("/jobs/runs/get-output and /jobs/runs/output (one quota shared
 * by both)"); operations listed with "each" get their own.
 */
export interface RateLimit {
    /** The API cell, verbatim ("Jobs API"). */
    api: string;
    /** One operation: a path, a method or "all requests". */
    operation: string;
    /** How `operation` is matched against a request: as a path, an HTTP method, or every request of the API. */
    match: OperationMatch;
    /** Requests allowed per `per`. */
    limit: number;
    /** The period of `limit`: the Limit cell says per second unless it says per minute. */
    per: RatePeriod;
    /** The Scope cell, verbatim ("Workspace", "IP address"). */
    scope: string;
    /** Fixed = Yes: cannot be raised; false: can be raised on request through the provider's account team. */
    fixed: boolean;
    /**
     * The budget this entry draws from: equal ids share one budget. Id form: `<api>|<scope>|<operations>`.
     */
    quota: string;
    /**
     * "stated": the row says "each" (own budget per operation) or "shared" explicitly, or lists one operation;
     * "assumed": the row lists several operations without saying, and tenantkit assumes one shared budget (the
     * stricter reading, so estimates and limiters never go over).
     */
    sharing: "stated" | "assumed";
    /** The row's cells, verbatim, so the data can be checked against the spec. */
    source: { api: string; operation: string; limit: string; scope: string; fixed: string };
}

/** The unknown-during-preview marker in resource inputs, as the engine sends it (also in `pulumi preview --json`). */
export const UNKNOWN_INPUT: typeof UNKNOWN = UNKNOWN;

/**
 * A planned resource, as the checks see it whatever the source: a registration in a running program
 * (`enforceQuotas`), a step of `pulumi preview --json` or a resource of `pulumi stack export` (`tenantkit-quota`).
 * Inputs are plain JSON; a value not known until apply is {@link UNKNOWN_INPUT}.
 */
export interface PlannedResource {
    /** Resource type token, e.g. `databricks:index/sqlEndpoint:SqlEndpoint`. */
    type: string;
    /** The resource's name (the last part of its URN). */
    name: string;
    /** The resource's inputs, plain JSON; a value not known until apply is {@link UNKNOWN_INPUT}. */
    inputs: Record<string, unknown>;
    /**
     * The resource's provider: its name and inputs (e.g. `{ host: "https://adb-1.azuredatabricks.net" }`).
     * Undefined for the default provider, whose inputs come from stack config when known.
     */
    provider?: { name: string; inputs: Record<string, unknown> };
    /**
     * False when the plan keeps an object that exists already (a `same` or `update` step); undefined when not known
     * (a registration in a running program), which limits on creations count conservatively.
     */
    creating?: boolean;
}

/** How much of one limit one resource uses, in one scope. */
export interface LimitUse {
    /** {@link ResourceLimit.id}. */
    limit: string;
    /** The scope key ("https://adb-1.azuredatabricks.net", "main.sales"), or null when not known until apply. */
    scope: string | null;
    /** Amount used: 1 for a counted object, the CIDR entries of an IP access list, a name's length, ... */
    amount: number;
}

/** Planned usage of one limit in one scope, summed over the plan. */
export interface PlannedUsage {
    /** {@link ResourceLimit.id}. */
    limit: string;
    /** Scope key, or null for usage whose scope is not known until apply (counted against the fullest scope). */
    scope: string | null;
    /** The amount planned in this scope, in the limit's unit: the sum of the {@link LimitUse.amount}s. */
    planned: number;
}

/** Counts that exist outside the plan, by limit id, then scope key ("*" applies to every scope of that limit). */
export type ExistingCounts = Record<string, Record<string, number>>;

/** The outcome of one (limit, scope) check. Exactly at the limit is `ok`. */
export interface Finding {
    /** `exceeded` when `total` is above `max`, `warning` from `warnAt` x `max` (default 0.8), else `ok`. */
    status: "ok" | "warning" | "exceeded";
    /** The row of the resource limits table checked. */
    limit: ResourceLimit;
    /** The scope key, or null when all of this usage has a scope not known until apply. */
    scope: string | null;
    /** Usage the plan adds in this scope. */
    planned: number;
    /** Usage outside the plan: the existing count given for this scope, else the one for "*", else 0. */
    existing: number;
    /** Usage whose scope is unknown until apply, added here as the worst case (it may all land in this scope). */
    unknownScope: number;
    /** planned + existing + unknownScope. */
    total: number;
    /** The limit's value for this check. */
    max: number;
    /** total - max when exceeded, else 0. */
    over: number;
    /** True when the limit can be raised through the account team (Fixed = No). */
    raisable: boolean;
    /** A sentence a person can act on. */
    message: string;
}
