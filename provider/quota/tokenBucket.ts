/**
 * Token buckets, and the scheduler that hands out grants when a call needs a token from several buckets at
 * once (a path limited per workspace and per IP address). `limiterFor` in `rate.ts` builds on both.
 */
import { realClock } from "../core/limiter";
import type { Clock } from "../core/limiter";
import type { RatePeriod } from "./types";

export type { Clock } from "../core/limiter";

/** Options of {@link TokenBucket}. */
export interface TokenBucketOptions {
    /** Calls allowed per `per`. */
    limit: number;
    /** The period of `limit`: a second or a minute. */
    per: RatePeriod;
    /** Calls allowed at once after an idle spell; default {@link defaultBurst}. */
    burst?: number;
    /** Time source; default the wall clock and real timers. */
    clock?: Clock;
}

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

/** The tokens of one bucket: full at creation, one per `interval` ms back, never above `burst`. @internal */
export class BucketState {
    private tokens: number;
    private since: number;
    /** Milliseconds it takes to get one token back. */
    readonly interval: number;

    constructor(
        /** Tokens given back per `per`. */
        readonly limit: number,
        /** The period of `limit`. */
        readonly per: RatePeriod,
        /** The most tokens the bucket holds: calls allowed at once after an idle spell. */
        readonly burst: number,
        now: number,
    ) {
        if (!(Number.isFinite(limit) && limit > 0)) throw new RangeError(`limit must be a number above 0, got ${limit}`);
        if (!(Number.isInteger(burst) && burst >= 1)) throw new RangeError(`burst must be an integer >= 1, got ${burst}`);
        this.interval = (per === "minute" ? 60_000 : 1000) / limit;
        this.tokens = burst;
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
    buckets: readonly BucketState[];
    grant: () => void;
}

/**
 * Grants calls that each need one token of every bucket they list, all taken at the same moment (a token taken
 * early while waiting on another bucket would let later calls of its budget bunch up). Calls are considered in
 * arrival order; the first waiting call of each bucket has the next token of that bucket set aside, so it is
 * never starved, and calls behind it with the same buckets keep their order. A later call that does not use the
 * bucket an earlier one waits for may go first: a call is never held up by a budget it does not use. @internal
 */
export class Scheduler {
    private waiting: Waiter[] = [];
    private wakeAt = Infinity;

    constructor(
        /** The time source of the grants and waits. */
        readonly clock: Clock,
    ) {}

    /** Resolves when the call has taken one token of each of `buckets`, all at the same moment. */
    acquire(buckets: readonly BucketState[]): Promise<void> {
        return new Promise<void>((grant) => {
            this.waiting.push({ buckets, grant });
            this.pump();
        });
    }

    private pump(): void {
        const now = this.clock.now();
        const setAside = new Set<BucketState>();
        const still: Waiter[] = [];
        let next = Infinity;
        for (const w of this.waiting) {
            const need = (b: BucketState): number => (setAside.has(b) ? 2 : 1);
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

/** A token bucket: `burst` calls at once, then `limit` per `per`, granted first come, first served. */
export class TokenBucket {
    /** Calls allowed per `per`. */
    readonly limit: number;
    /** The period of `limit`. */
    readonly per: RatePeriod;
    /** Calls allowed at once after an idle spell: the option given, else {@link defaultBurst}. */
    readonly burst: number;
    /** The time source: the option given, else the wall clock and real timers. */
    readonly clock: Clock;
    private readonly state: BucketState;
    private readonly scheduler: Scheduler;

    constructor(opts: TokenBucketOptions) {
        this.limit = opts.limit;
        this.per = opts.per;
        this.burst = opts.burst ?? defaultBurst(opts.limit, opts.per);
        this.clock = opts.clock ?? realClock;
        this.state = new BucketState(this.limit, this.per, this.burst, this.clock.now());
        this.scheduler = new Scheduler(this.clock);
    }

    /** Resolves when one call may go ahead; callers are served in the order they called. */
    acquire(): Promise<void> {
        return this.scheduler.acquire([this.state]);
    }

    /** Runs `fn` once the bucket allows it, and returns its result. */
    async run<T>(fn: () => Promise<T>): Promise<T> {
        await this.acquire();
        return fn();
    }
}
