/**
 * Rate limiters for users' own API calls (issue 6, "Rate limits"): a limiter per operation waits on a token bucket
 * per budget of the spec's "API rate limits" table, shared across the process, and a call that needs tokens of
 * several buckets (a path limited per workspace and per IP address) takes them all at one moment.
 */
import { realClock } from "../core/http/clock";
import type { Clock } from "../core/http/clock";
import { scopeKey } from "./apiTime";
import { rateLimits, rateLimitsFor } from "./rateLimits";
import type { RatePeriod, RateLimit } from "./types";

/**
 * The default burst: the calls of one second, rounded up, at least 1 (20 per second: 20; 400 per minute: 7;
 * 35 per minute: 1). A per-minute budget is not handed out at once, since a service counting in a sliding window
 * would refuse most of a minute's calls sent in its first second. In any window of w seconds a bucket grants at
 * most burst + rate x w calls.
 */
export function defaultBurst(limit: number, per: RatePeriod): number {
    return Math.max(1, Math.ceil(per === "minute" ? limit / 60 : limit));
}

// Refills are computed in floating point: 1714.2857 ms per token at 35 per minute must count as a whole token.
const EPSILON = 1e-9;

/** The tokens of one budget: full ({@link defaultBurst}) at creation, one per `interval` ms back, never above the burst. */
class Bucket {
    private tokens: number;
    private since: number;
    /** Milliseconds it takes to get one token back. */
    private readonly interval: number;
    /** The most tokens the bucket holds: calls allowed at once after an idle spell. */
    private readonly burst: number;

    constructor(entry: RateLimit, now: number) {
        if (!(Number.isFinite(entry.limit) && entry.limit > 0)) throw new RangeError(`limit must be a number above 0, got ${entry.limit}`);
        this.interval = (entry.per === "minute" ? 60_000 : 1000) / entry.limit;
        this.burst = defaultBurst(entry.limit, entry.per);
        this.tokens = this.burst;
        this.since = now;
    }

    /** Whether the bucket holds `n` tokens at `now` (clock milliseconds). */
    has(n: number, now: number): boolean {
        return this.level(now) >= n - EPSILON;
    }

    /** When the bucket will hold `n` tokens if nobody takes any; Infinity when `n` exceeds the burst. */
    when(n: number, now: number): number {
        if (n > this.burst) return Infinity;
        return now + Math.max(0, n - this.level(now)) * this.interval;
    }

    /** Takes one token at `now` (clock milliseconds); the level never goes below zero. */
    take(now: number): void {
        this.tokens = Math.max(0, this.level(now) - 1);
        this.since = now;
    }

    private level(now: number): number {
        return Math.min(this.burst, this.tokens + (now - this.since) / this.interval);
    }
}

interface Waiter {
    buckets: readonly Bucket[];
    grant: () => void;
}

/**
 * Grants calls that each need one token of every bucket they list, all taken at the same moment (a token taken
 * early while waiting on another bucket would let later calls of its budget bunch up). Calls are considered in
 * arrival order; the first waiting call of each bucket has the next token of that bucket set aside, so it is
 * never starved, and calls behind it with the same buckets keep their order. A later call that does not use the
 * bucket an earlier one waits for may go first: a call is never held up by a budget it does not use. @internal
 */
class Scheduler {
    private waiting: Waiter[] = [];
    private wakeAt = Infinity;

    constructor(
        /** The time source of the grants and waits. */
        readonly clock: Clock,
    ) {}

    /** Resolves when the call has taken one token of each of `buckets`, all at the same moment. */
    acquire(buckets: readonly Bucket[]): Promise<void> {
        return new Promise<void>((grant) => {
            this.waiting.push({ buckets, grant });
            this.pump();
        });
    }

    private pump(): void {
        const now = this.clock.now();
        const setAside = new Set<Bucket>();
        const still: Waiter[] = [];
        let next = Infinity;
        for (const w of this.waiting) {
            const need = (b: Bucket): number => (setAside.has(b) ? 2 : 1);
            if (w.buckets.every((b) => b.has(need(b), now))) {
                for (const b of w.buckets) b.take(now);
                w.grant();
                continue;
            }
            next = Math.min(next, Math.max(...w.buckets.map((b) => b.when(need(b), now))));
            for (const b of w.buckets) setAside.add(b);
            still.push(w);
        }
        this.waiting = still;
        if (next === Infinity || next >= this.wakeAt) return;
        const at = next;
        this.wakeAt = at;
        void this.clock.sleep(at - now).then(() => {
            if (this.wakeAt === at) this.wakeAt = Infinity;
            this.pump();
        });
    }
}

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
    buckets: Map<string, Bucket>;
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
    const buckets: Bucket[] = [];
    for (const entry of entries) {
        const scope = scopeKey(entry, opts.scope ?? "default");
        const key = `${entry.quota}\u0000${scope}`;
        if (budgets.some((b) => `${b.quota}\u0000${b.scope}` === key)) continue;
        let bucket = registry.buckets.get(key);
        if (!bucket) registry.buckets.set(key, (bucket = new Bucket(entry, clock.now())));
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
