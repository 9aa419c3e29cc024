/**
 * The error module callers import: ApiError and friends, the guards that recognise them by name, the
 * context helpers handlers use, the body parsers, and the one conversion from axios errors and non-2xx
 * responses. The conversion reads only status, headers and body: the axios request config (with its
 * Authorization header) is never copied, so it cannot reach a message, a log line or state.
 */
import { ApiError, AuthenticationError, NotFoundError, ThrottledError, isAuthFailure, type ApiErrorInit, type ErrorContext } from "./apiError";
import { GENERIC_REQUEST_ID_HEADERS, parseGenericError, requestIdFrom } from "./errorBodies";
import { headerValue, redactSecrets } from "./redact";
import { isRetryable, parseRetryAfter } from "./retry";
import { failureMeaning, neverReached } from "./failures";
import type { ServiceName } from "../model/patterns";
import type { ErrorReading } from "./serviceProfile";

export { ApiError, AuthenticationError, NotFoundError, ThrottledError, defaultNextStep, isAuthFailure, safePath } from "./apiError";
export type { ApiErrorInit, ErrorContext } from "./apiError";
export type { ServiceErrorBody } from "./errorBodies";

const API_ERROR_NAMES: ReadonlySet<string> = new Set(["ApiError", "AuthenticationError", "NotFoundError", "ThrottledError"]);

/**
 * Whether `e` is an ApiError or a subclass, by name: the provider host may load two copies of this module
 * (program and provider), and `instanceof` fails across them.
 */
export function isApiError(e: unknown): e is ApiError {
    return e instanceof Error && API_ERROR_NAMES.has(e.name) && typeof (e as { service?: unknown }).service === "string";
}

/** Whether `e` is a 404 from a service. */
export function isNotFound(e: unknown): e is NotFoundError {
    return isApiError(e) && e.name === "NotFoundError";
}

/** Whether `e` says the credentials were refused. */
export function isAuthenticationError(e: unknown): e is AuthenticationError {
    return isApiError(e) && e.name === "AuthenticationError";
}

/** Whether `e` is a throttling failure that outlasted the retries. */
export function isThrottled(e: unknown): e is ThrottledError {
    return isApiError(e) && e.name === "ThrottledError";
}

/**
 * What a failed write may have done on the service, for callers that must not repeat a non-idempotent request blindly:
 * - `none`: refused or never sent (an HTTP 4xx such as 429, a refused connection): nothing happened;
 * - `finished`: the service answered or dropped the connection (5xx, a body that is broken or not JSON, a reset): it
 *   may have acted, and whatever it did is visible now;
 * - `pending`: no answer in time (the client's timeout, 504 Gateway Timeout): it may still be acting, and its effect
 *   can appear after the caller has moved on. A request in flight when its operation was cancelled or ran out of time
 *   (operation.ts) is `pending` too; one that was stopped before it was sent is `none`.
 */
export type WriteOutcome = "none" | "finished" | "pending";

/** {@link WriteOutcome} of a failure; anything that is not an ApiError was thrown before or after the request: `none`. */
export function writeOutcome(err: unknown): WriteOutcome {
    if (!isApiError(err)) return "none";
    if (err.status === 504 || (err.status === undefined && failureMeaning(err.code)?.reached === "pending")) return "pending";
    if (err.status === undefined) return neverReached(err.code) ? "none" : "finished";
    if (err.status >= 500 || err.code === "InvalidResponse" || err.code === "IncompleteResponse") return "finished";
    return "none";
}

/** The subclass a failure deserves: callers act differently on auth failures, 404 and throttling. */
export function createApiError(init: ApiErrorInit): ApiError {
    if (isAuthFailure(init.service, init.status, init.code)) return new AuthenticationError(init);
    if (init.status === 404) return new NotFoundError(init);
    if (init.status === 429) return new ThrottledError(init);
    return new ApiError(init);
}

/**
 * A copy of the error that says where it happened (the resource, the operation, a precise next step), its message
 * composed again; the error itself is not changed. Anything that is not an ApiError is returned as it is.
 */
export function withContext<E>(err: E, ctx: ErrorContext): E {
    return isApiError(err) ? (err.copyWith({ context: ctx }) as E) : err;
}

/** A copy of the error that says why the client stopped retrying a retryable failure. */
export function withGiveUpReason<E>(err: E, reason: string): E {
    return isApiError(err) ? (err.copyWith({ gaveUp: redactSecrets(reason) }) as E) : err;
}

/** What the caller knows about the request that failed. */
export interface RequestContext {
    readonly service: ServiceName;
    readonly method: string;
    /** Path and query as sent; query values are dropped from the error (see `safePath`). */
    readonly path: string;
    /** 1-based number of the attempt that failed. */
    readonly attempts?: number;
    /** The `client-request-id` header sent. */
    readonly clientRequestId?: string;
    /** The caller vouches that repeating this request is safe. */
    readonly idempotent?: boolean;
    readonly context?: ErrorContext;
    /** Clock for an HTTP-date Retry-After; defaults to `Date.now()`. */
    readonly nowMs?: number;
    /** Where the Authorization header came from, never the secret (e.g. `static token tenantkit:graphToken`). */
    readonly credentialSource?: string;
    /** How the service's error bodies and request ids read (its profile); the OData convention when absent. */
    readonly reading?: ErrorReading;
}

/** The parts of a response an error is made from. */
export interface ResponseLike {
    readonly status: number;
    readonly headers?: unknown;
    readonly data?: unknown;
}

/**
 * Convert anything an axios call rejects with into an ApiError: a response error through
 * {@link fromResponse}, otherwise a network error with its code (a timeout is ETIMEDOUT, `socket hang up`
 * is ECONNRESET). An ApiError passes through unchanged.
 */
export function fromAxiosError(err: unknown, ctx: RequestContext): ApiError {
    if (isApiError(err)) return err;
    const response = readResponse(err);
    if (response !== undefined && response.status >= 200 && response.status < 300) return incompleteResponse(err, response, ctx);
    if (response !== undefined) return fromResponse(response, ctx);
    const code = networkCode(err);
    const message = err instanceof Error && err.message ? err.message : typeof err === "string" ? err : undefined;
    return createApiError({
        ...baseInit(ctx),
        code,
        serviceMessage: message,
        retryable: isRetryable({ method: ctx.method, idempotent: ctx.idempotent, errorCode: code }),
    });
}

/** Convert a non-2xx response (or a 203 sign-in page) into an ApiError, parsing the service's error body. */
export function fromResponse(res: ResponseLike, ctx: RequestContext): ApiError {
    const parsed = (ctx.reading?.parseError ?? parseGenericError)(res.data, res.headers);
    return createApiError({
        ...baseInit(ctx),
        status: res.status,
        code: parsed.code,
        innerCode: parsed.innerCode,
        serviceMessage: parsed.message,
        requestId: parsed.requestId,
        clientRequestId: ctx.clientRequestId ?? parsed.correlationId,
        retryable: isRetryable({ method: ctx.method, idempotent: ctx.idempotent, status: res.status }),
        retryAfterMs: parseRetryAfter(headerValue(res.headers, "retry-after"), ctx.nowMs ?? Date.now()),
    });
}

/**
 * A 2xx whose body broke off before its end (the connection closed short of its Content-Length): the service answered,
 * and may have acted, but what it said is lost. Retried like a body that is not JSON (retry.ts), never reported as a
 * bare "200".
 */
function incompleteResponse(err: unknown, res: ResponseLike, ctx: RequestContext): ApiError {
    const cause = err instanceof Error && err.message ? ` (${err.message})` : "";
    return createApiError({
        ...baseInit(ctx),
        status: res.status,
        code: "IncompleteResponse",
        serviceMessage: `the answer broke off before the end of its body${cause}`,
        requestId: requestIdFrom(ctx.reading?.requestIdHeaders ?? GENERIC_REQUEST_ID_HEADERS, res.headers),
        retryable: isRetryable({ method: ctx.method, idempotent: ctx.idempotent, status: res.status, errorCode: "IncompleteResponse" }),
    });
}

function baseInit(ctx: RequestContext): ApiErrorInit {
    return {
        service: ctx.service,
        method: ctx.method,
        path: ctx.path,
        attempts: ctx.attempts,
        clientRequestId: ctx.clientRequestId,
        context: ctx.context,
        credentialSource: ctx.credentialSource,
    };
}

/** Only status, headers and data of `err.response`; never `config` or `request`. */
function readResponse(err: unknown): ResponseLike | undefined {
    if (typeof err !== "object" || err === null) return undefined;
    const response: unknown = (err as { response?: unknown }).response;
    if (typeof response !== "object" || response === null) return undefined;
    const { status, headers, data } = response as { status?: unknown; headers?: unknown; data?: unknown };
    return typeof status === "number" ? { status, headers, data } : undefined;
}

function networkCode(err: unknown): string {
    const code: unknown = typeof err === "object" && err !== null ? (err as { code?: unknown }).code : undefined;
    const message = err instanceof Error ? err.message : "";
    // axios reports its own timeout as ECONNABORTED unless transitional.clarifyTimeoutError is set.
    if (code === "ECONNABORTED" && /timeout/i.test(message)) return "ETIMEDOUT";
    if (typeof code === "string" && code !== "") return redactSecrets(code);
    if (/socket hang up/i.test(message)) return "ECONNRESET";
    return "ENETWORK";
}
