/**
 * Throttling, kept apart from retries and shared by the whole provider host process (octokit
 * plugin-throttling does the same): one limiter per service, base URL, tenant and identity caps concurrent requests and
 * holds a "blocked until" time. A 429 on one resource makes every request to that service wait, so
 * parallel resources do not all hammer a throttled service.
 */
import { headerValue } from "../errors/redact";
import { parseRetryAfter } from "../errors/retry";
import { realClock, type Clock } from "./clock";
import { stopSignal, unlessAborted, type Operation } from "./operation";

/** Time, injectable so tests never sleep for real (clock.ts). */
export { realClock, type Clock };

/** Options of a {@link ServiceLimiter}. */
export interface LimiterOptions {
    /** Most requests in flight at once (default 8). */
    readonly maxConcurrent?: number;
    /** Longest pause taken on a hint in a successful response (default 120 s). */
    readonly maxPauseMs?: number;
    /** Default clock; each call may pass its own. */
    readonly clock?: Clock;
}

/** Below this share of the Azure DevOps budget left, requests go one at a time. */
const LOW_REMAINING_SHARE = 0.1;

/** A concurrency cap plus a shared "blocked until" time for one service. */
export class ServiceLimiter {
    /** Most requests in flight at once (default 8). */
    readonly maxConcurrent: number;
    private readonly maxPauseMs: number;
    private readonly clock: Clock;
    private active = 0;
    private slowed = false;
    private until = 0;
    private readonly waiting: (() => void)[] = [];

    constructor(options: LimiterOptions = {}) {
        this.maxConcurrent = options.maxConcurrent ?? 8;
        if (!Number.isInteger(this.maxConcurrent) || this.maxConcurrent < 1) {
            throw new RangeError(`maxConcurrent must be an integer >= 1, got ${this.maxConcurrent}`);
        }
        this.maxPauseMs = options.maxPauseMs ?? 120_000;
        this.clock = options.clock ?? realClock;
    }

    /** Requests holding a slot now. */
    get inFlight(): number {
        return this.active;
    }

    /** Requests waiting for a slot. */
    get queued(): number {
        return this.waiting.length;
    }

    /** Epoch ms before which no request starts (0 when not blocked). */
    get blockedUntil(): number {
        return this.until;
    }

    /** The concurrency in force: 1 while Azure DevOps says the budget is nearly spent. */
    get effectiveConcurrency(): number {
        return this.slowed ? 1 : this.maxConcurrent;
    }

    /**
     * Wait for a slot and for any block to pass; resolves to the function that frees the slot (safe to call
     * twice). The block is re-checked after each sleep so a 429 that arrives meanwhile extends the wait.
     * When `signal` aborts, the wait ends at once, in the queue or in a pause, rejecting with the signal's reason; the
     * caller holds no slot then.
     */
    async acquire(clock: Clock = this.clock, signal?: AbortSignal): Promise<() => void> {
        signal?.throwIfAborted();
        if (this.active < this.effectiveConcurrency) this.active += 1;
        else await this.queue(signal);
        try {
            signal?.throwIfAborted();
            let target = this.until;
            for (;;) {
                const wait = target - clock.now();
                if (wait > 0) await unlessAborted(clock.sleep(wait, signal), signal);
                // Loop only when the block moved: a fake clock that does not advance must not spin forever.
                if (this.until <= target) break;
                target = this.until;
            }
        } catch (err) {
            this.release();
            throw err;
        }
        let released = false;
        return () => {
            if (released) return;
            released = true;
            this.release();
        };
    }

    /** Wait in line for a slot; an abort takes the caller out of the line. */
    private queue(signal: AbortSignal | undefined): Promise<void> {
        return new Promise<void>((resolve, reject) => {
            const onAbort = (): void => {
                const at = this.waiting.indexOf(handOver);
                if (at >= 0) this.waiting.splice(at, 1);
                reject(signal!.reason as Error);
            };
            const handOver = (): void => {
                signal?.removeEventListener("abort", onAbort);
                resolve();
            };
            this.waiting.push(handOver);
            signal?.addEventListener("abort", onAbort, { once: true });
        });
    }

    /** Run `fn` holding a slot; the wait for it ends when `operation`, the one `fn` serves, stops (operation.ts). */
    async run<T>(fn: () => Promise<T>, clock: Clock = this.clock, operation?: Operation): Promise<T> {
        const stop = stopSignal(operation);
        let release: () => void;
        try {
            release = await this.acquire(clock, stop?.signal);
        } finally {
            stop?.dispose();
        }
        try {
            return await fn();
        } finally {
            release();
        }
    }

    /** Hold every request of this service for `ms` from now; an earlier block is never shortened. */
    blockFor(ms: number, clock: Clock = this.clock): void {
        if (Number.isFinite(ms) && ms > 0) this.until = Math.max(this.until, clock.now() + ms);
    }

    /**
     * Learn from a response's headers before the service blocks us (Azure DevOps rate limits,
     * docs integrate/concepts/rate-limits.md): `X-RateLimit-Delay` (seconds the request was delayed) and a
     * Retry-After on a successful response pause the service; `X-RateLimit-Remaining` below a tenth of
     * `X-RateLimit-Limit` (or 0) serializes requests until the budget recovers. A Retry-After on an error
     * response is left to the retry decision, which knows the policy's cap.
     */
    noteResponse(headers: unknown, status?: number, clock: Clock = this.clock): void {
        const delaySeconds = Number(headerValue(headers, "x-ratelimit-delay"));
        if (delaySeconds > 0) this.blockFor(Math.min(delaySeconds * 1000, this.maxPauseMs), clock);
        if (status !== undefined && status < 400) {
            const retryAfter = parseRetryAfter(headerValue(headers, "retry-after"), clock.now());
            if (retryAfter !== undefined) this.blockFor(Math.min(retryAfter, this.maxPauseMs), clock);
        }
        const remainingText = headerValue(headers, "x-ratelimit-remaining");
        if (remainingText !== undefined && remainingText.trim() !== "" && Number.isFinite(Number(remainingText))) {
            const remaining = Number(remainingText);
            const limit = Number(headerValue(headers, "x-ratelimit-limit"));
            this.slowed = remaining <= 0 || (limit > 0 && remaining < limit * LOW_REMAINING_SHARE);
            this.wake();
        }
    }

    private release(): void {
        const next = this.active <= this.effectiveConcurrency ? this.waiting.shift() : undefined;
        if (next) next();
        else this.active -= 1;
    }

    /** Hand out slots freed by a higher concurrency. */
    private wake(): void {
        while (this.active < this.effectiveConcurrency && this.waiting.length > 0) {
            this.active += 1;
            this.waiting.shift()!();
        }
    }
}

const registry = new Map<string, ServiceLimiter>();

/**
 * Whose requests a limiter counts: the services throttle per tenant and per caller (Graph per application and tenant,
 * Power BI per user or principal and tenant, Azure DevOps per identity), so two tenants, or two identities in one
 * tenant, neither pause together nor share a concurrency. Never a secret: a static token or PAT is named by a hash.
 */
export interface ThrottleScope {
    /** The tenant id or domain, as configured (compared without letter case). */
    readonly tenant?: string;
    /** The identity: its credential kind and application id, or the hash of a static token or PAT. */
    readonly identity?: string;
}

/**
 * The process-wide limiter of a service at a base URL for one tenant and identity, created on first use with
 * `options`; later calls get the same limiter and their options are ignored. Two clients of one service, tenant and
 * identity share it. Without a scope (tests, tools), the limiter of the service and base URL alone.
 */
export function serviceLimiterFor(service: string, baseUrl: string, options?: LimiterOptions, scope?: ThrottleScope): ServiceLimiter {
    const who = scope === undefined ? "" : ` ${(scope.tenant ?? "").toLowerCase()} ${scope.identity ?? ""}`;
    const key = `${service} ${baseUrl.replace(/\/+$/, "").toLowerCase()}${who}`;
    let limiter = registry.get(key);
    if (!limiter) {
        limiter = new ServiceLimiter(options);
        registry.set(key, limiter);
    }
    return limiter;
}
