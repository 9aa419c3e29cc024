/**
 * The retry decision, as a pure function: no I/O, no timers, no clock of its own. The HTTP client asks it
 * after every failed attempt and does the waiting itself, so every branch here is testable without sleeping.
 */
import { failureMeaning, neverReached } from "./failures";

/** How many times and how patiently a request is retried. */
export interface RetryPolicy {
    /** Total attempts including the first one. */
    readonly maxAttempts: number;
    /** Base of the exponential backoff. Tests inject 1 ms; the default is never zero. */
    readonly baseDelayMs: number;
    /** Cap of one backoff delay. */
    readonly maxDelayMs: number;
    /** Longest Retry-After honoured; a service asking for more makes the request give up with that reason. */
    readonly maxRetryAfterMs: number;
}

/** What the client knows about the attempt that just failed. */
export interface RetryInput {
    /** 1-based number of the attempt that just failed. */
    readonly attempt: number;
    readonly method: string;
    /** Set by a caller that knows a non-idempotent request is safe to repeat. */
    readonly idempotent?: boolean;
    /** HTTP status, or undefined when no response arrived. */
    readonly status?: number;
    /** Network error code (ECONNRESET...) or the client's own code such as `InvalidResponse`. */
    readonly errorCode?: string;
    /** Parsed Retry-After of the failed response, see {@link parseRetryAfter}. */
    readonly retryAfterMs?: number;
}

/** Retry after `delayMs`, or give up for a reason a person can read. */
export type RetryDecision = { readonly retry: true; readonly delayMs: number } | { readonly retry: false; readonly reason: string };

const DEFAULTS: RetryPolicy = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000, maxRetryAfterMs: 120_000 };

/**
 * The default policy, with overrides. Rejects values that would make the client spin (a negative delay,
 * fewer than one attempt) instead of silently clamping them.
 */
export function defaultRetryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
    const policy: RetryPolicy = { ...DEFAULTS, ...stripUndefined(overrides) };
    if (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1) {
        throw new RangeError(`retry.maxAttempts must be an integer >= 1, got ${policy.maxAttempts}`);
    }
    for (const key of ["baseDelayMs", "maxDelayMs", "maxRetryAfterMs"] as const) {
        if (!Number.isFinite(policy[key]) || policy[key] < 0) {
            throw new RangeError(`retry.${key} must be a number >= 0, got ${policy[key]}`);
        }
    }
    return policy;
}

/** RFC 9110 section 9.2.2: repeating these has the same effect as sending them once. */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);

/**
 * Whether a status is worth retrying at all: 408, 429 and 5xx except 501 (Not Implemented) and
 * 505 (HTTP Version Not Supported), which no retry can fix.
 */
export function isTransientStatus(status: number): boolean {
    if (status === 408 || status === 429) return true;
    return status >= 500 && status <= 599 && status !== 501 && status !== 505;
}

/** Whether a network or client error code is worth retrying (`socket hang up` is matched too). */
export function isTransientErrorCode(code: string | undefined): boolean {
    return failureMeaning(code)?.transient === true;
}

/** Whether a method may be repeated without an explicit `idempotent: true` from the caller. */
export function isIdempotentMethod(method: string): boolean {
    return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/**
 * Decide whether to retry the attempt that just failed. `random` returns [0, 1) and is injected so tests can
 * pin the jitter; the backoff is "full jitter" (AWS Architecture Blog, "Exponential Backoff And Jitter").
 */
export function decideRetry(input: RetryInput, policy: RetryPolicy, random: () => number): RetryDecision {
    const refusal = whyNotRetryable(input);
    if (refusal !== undefined) {
        return { retry: false, reason: refusal };
    }
    if (input.attempt >= policy.maxAttempts) {
        return { retry: false, reason: `no attempts left (tenantkit makes at most ${policy.maxAttempts})` };
    }
    if (input.retryAfterMs !== undefined) {
        if (input.retryAfterMs > policy.maxRetryAfterMs) {
            return {
                retry: false,
                reason: `the service asked to wait ${formatSeconds(input.retryAfterMs)} (Retry-After), longer than the ${formatSeconds(policy.maxRetryAfterMs)} this client waits`,
            };
        }
        return { retry: true, delayMs: Math.max(0, input.retryAfterMs) };
    }
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (input.attempt - 1));
    return { retry: true, delayMs: Math.round(clampUnit(random()) * ceiling) };
}

/**
 * Whether the failure is one a retry could fix for this method, ignoring the attempt budget. ApiError's
 * `retryable` flag is this answer.
 */
export function isRetryable(input: Pick<RetryInput, "method" | "idempotent" | "status" | "errorCode">): boolean {
    return whyNotRetryable(input) === undefined;
}

function whyNotRetryable(input: Pick<RetryInput, "method" | "idempotent" | "status" | "errorCode">): string | undefined {
    const method = input.method.toUpperCase();
    const what = [input.status, input.errorCode].filter((x) => x !== undefined).join(" ") || "the error";
    // A 2xx can fail too (a body that is not the JSON promised): then the client's own code decides.
    const byCode = input.status === undefined || (input.status >= 200 && input.status < 300);
    const transient = byCode ? isTransientErrorCode(input.errorCode) : isTransientStatus(input.status ?? 0);
    if (!transient) {
        return `${what} is not retried`;
    }
    // 429 means throttled, not executed (Graph `concepts/throttling.md`; Azure core-rest-pipeline retries 429 for every
    // method); a request that never reached the service did nothing: even a POST may go again.
    const notExecuted = input.status === 429 || (input.status === undefined && neverReached(input.errorCode));
    if (!notExecuted && input.idempotent !== true && !isIdempotentMethod(method)) {
        return `${method} is not idempotent, so ${what} is not retried`;
    }
    return undefined;
}

const DELTA_SECONDS = /^-?\d+(\.\d+)?$/;
/** IMF-fixdate, obsolete RFC 850 and asctime forms (RFC 9110 section 5.6.7). */
const IMF_FIXDATE = /^[a-z]{3}, \d{2} [a-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/i;
const RFC850_DATE = /^[a-z]+, \d{2}-[a-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT$/i;
const ASCTIME_DATE = /^[a-z]{3} [a-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/i;

/**
 * Parse a Retry-After header into milliseconds from `nowMs`. Accepts decimal seconds (Graph's throttling doc
 * shows `2.128`), integer seconds and an HTTP-date; a negative or past value means "now" (0); anything else
 * is undefined, so the caller falls back to backoff.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
    if (value === undefined) return undefined;
    const text = value.trim();
    if (DELTA_SECONDS.test(text)) {
        return Math.max(0, Math.round(Number(text) * 1000));
    }
    let dateText: string | undefined;
    if (IMF_FIXDATE.test(text) || RFC850_DATE.test(text)) dateText = text;
    // asctime carries no zone; RFC 9110 says it is UTC, while Date.parse would read it as local time.
    else if (ASCTIME_DATE.test(text)) dateText = `${text} GMT`;
    if (dateText === undefined) return undefined;
    const at = Date.parse(dateText);
    return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

function formatSeconds(ms: number): string {
    return `${Number((ms / 1000).toFixed(3))} s`;
}

function clampUnit(x: number): number {
    return Number.isFinite(x) ? Math.min(Math.max(x, 0), 1) : 0;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
    return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
