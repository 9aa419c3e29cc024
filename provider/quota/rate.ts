/**
 * Rate limits for a plan and for users' own calls (issue 6, "Rate limits"): the minimum time a plan's API calls
 * need under the spec's "API rate limits" table (`apiTime.ts`), token buckets (`tokenBucket.ts`), and limiters
 * per operation that share one bucket per budget across the process (here).
 */
import { realClock } from "../core/limiter";
import type { Clock } from "../core/limiter";
import { scopeKey } from "./apiTime";
import { rateLimits, rateLimitsFor } from "./rateLimits";
import { BucketState, defaultBurst, Scheduler } from "./tokenBucket";
import type { RateLimit } from "./types";

export { minimumApiTime, formatDuration, ratePerSecond, scopeKey, THIS_MACHINE } from "./apiTime";
export type { PlannedCall, QuotaTime, ApiTimeEstimate } from "./apiTime";
export { TokenBucket, defaultBurst } from "./tokenBucket";
export type { Clock, TokenBucketOptions } from "./tokenBucket";

/** One budget a {@link RateLimiter} waits on. */
export interface LimiterBudget {
    /** {@link RateLimit.quota}: the budget's id; entries with the same id share one budget. */
    quota: string;
    /** The scope key: the limiter's `scope`, or "this machine" for IP address rows. */
    scope: string;
    /** The rate limits table entry the budget comes from. */
    entry: RateLimit;
}

/** A limiter for one operation: each call waits until every budget that applies to it has a token. */
export interface RateLimiter {
    /** The operation, as given to {@link limiterFor}. */
    readonly operation: string;
    /** Every budget a call waits on: one per matching entry, a shared budget once. */
    readonly budgets: readonly LimiterBudget[];
    /** Resolves when one call may go ahead under every budget. */
    acquire(): Promise<void>;
    /** Runs `fn` once every budget allows it, and returns its result. */
    run<T>(fn: () => Promise<T>): Promise<T>;
}

/** Options of {@link limiterFor}. */
export interface LimiterForOptions {
    /** The API cell ("Account SCIM API"): needed for methods and "all requests", narrows paths. */
    api?: string;
    /** The workspace or account key the calls go to; limiters with one key share its budgets. Default "default". */
    scope?: string;
    /** Time source; default the wall clock and real timers. Limiters share buckets only with limiters of the same clock. */
    clock?: Clock;
    /** Default {@link rateLimits}. */
    table?: readonly RateLimit[];
}

interface Registry {
    scheduler: Scheduler;
    buckets: Map<string, BucketState>;
}

// One scheduler and set of buckets per clock: limiters on the wall clock share, a test's fake clock gets its own.
let registries = new WeakMap<Clock, Registry>();

/**
 * A limiter for `operation` that waits on every table entry matching it (`/catalog/shares`: its Workspace and its
 * IP address row). Entries with one quota id and scope key share one bucket across all limiters of this process,
 * so `limiterFor("/jobs/runs/output")` and `limiterFor("/jobs/runs/get-output")` stay within 20 per second
 * together. Buckets start full with {@link defaultBurst} tokens. Calls are granted in arrival order, except that
 * a call never waits behind an earlier one held up by a budget it does not use itself. Throws when no entry
 * matches.
 */
export function limiterFor(operation: string, opts: LimiterForOptions = {}): RateLimiter {
    const table = opts.table ?? rateLimits;
    const clock = opts.clock ?? realClock;
    const entries = rateLimitsFor(operation, opts.api, table);
    if (entries.length === 0) {
        const api = opts.api === undefined ? "" : ` of API "${opts.api}"`;
        const hint = opts.api === undefined ? '; methods and "all requests" rows need the api option' : "";
        throw new Error(`no rate limit row matches operation "${operation}"${api} in the API rate limits table${hint} (see quota.rateLimits)`);
    }
    let registry = registries.get(clock);
    if (!registry) registries.set(clock, (registry = { scheduler: new Scheduler(clock), buckets: new Map() }));
    const budgets: LimiterBudget[] = [];
    const buckets: BucketState[] = [];
    for (const entry of entries) {
        const scope = scopeKey(entry, opts.scope ?? "default");
        const key = `${entry.quota}\u0000${scope}`;
        if (budgets.some((b) => `${b.quota}\u0000${b.scope}` === key)) continue;
        let bucket = registry.buckets.get(key);
        if (!bucket) registry.buckets.set(key, (bucket = new BucketState(entry.limit, entry.per, defaultBurst(entry.limit, entry.per), clock.now())));
        budgets.push({ quota: entry.quota, scope, entry });
        buckets.push(bucket);
    }
    const scheduler = registry.scheduler;
    const acquire = (): Promise<void> => scheduler.acquire(buckets);
    return {
        operation,
        budgets,
        acquire,
        async run<T>(fn: () => Promise<T>): Promise<T> {
            await acquire();
            return fn();
        },
    };
}

/** Forgets every shared bucket, so limiters made afterwards start full. Limiters made before keep theirs. For tests. */
export function resetRateLimiters(): void {
    registries = new WeakMap();
}
