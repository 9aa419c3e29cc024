/**
 * The axios-based client every api.ts uses, one per service and base URL: path segments always encoded,
 * a `client-request-id` on every request, timeouts, retries decided by retry.ts, the process-wide limiter,
 * one token refresh on 401 when the credential can be refreshed, and failures turned into ApiError (errors.ts) with no secret inside.
 * A handler gets a view of it per engine request (`forOperation`), which passes the request's operation (operation.ts)
 * to every wait: the attempt in flight, backoff and Retry-After, the limiter, the token.
 */
import { randomUUID } from "node:crypto";
import { Agent as HttpAgent } from "node:http";
import axios, { type AxiosInstance, type AxiosResponse } from "axios";
import {
    createApiError,
    fromAxiosError,
    fromResponse,
    isAuthFailure,
    safePath,
    withGiveUpReason,
    type ApiError,
    type RequestContext,
} from "../errors/errors";
import type { ServiceName } from "../model/patterns";
import type { ServiceProfile } from "../errors/serviceProfile";
import { GENERIC_REQUEST_ID_HEADERS, bodyAsJson, describeNonJsonBody, looksLikeHtml, requestIdFrom } from "../errors/errorBodies";
import { serviceLimiterFor, realClock, type Clock, type ThrottleScope } from "./limiter";
import { OperationStopped, operationStopped, stopSignal, stoppedError, unlessAborted, type Operation, type StoppedRequest } from "./operation";
import { headerValue, plainHeaders, redactSecrets } from "../errors/redact";
import { decideRetry, defaultRetryPolicy, isRetryable, type RetryPolicy } from "../errors/retry";
import { buildPath, buildQuery, joinUrl, type RequestPath, type QueryValues } from "./urls";
import { isBytes } from "../model/patterns";
import { DEFAULT_REQUEST_TIMEOUT_SECONDS } from "../settings/settings";
import { neverReached } from "../errors/failures";
import { unreachableEmulator } from "./tokenErrors";

export type { RequestPath, QueryValues } from "./urls";

export interface ServiceClientOptions {
    /** The API called: its name (limiter, errors) and the conventions core cannot know (serviceProfile.ts). */
    readonly profile: ServiceProfile;
    /** Scheme, host and optional path prefix, without the API version: `https://graph.microsoft.com`. */
    readonly baseUrl: string;
    /**
     * Returns the Authorization header value; `forceRefresh` after a 401 asks for a new token. `operation` is the one
     * the request serves: a token request waited for ends with it (credentials.ts).
     */
    readonly authorize: (opts: { forceRefresh: boolean; operation?: Operation }) => Promise<string>;
    /**
     * Whether `authorize` can hand out a different credential when the service refuses one (a token from a client
     * secret or a sign-in: default). A PAT or a static token is what it is: a refusal is final, with no second request.
     */
    readonly refreshable?: boolean;
    /** Per-attempt timeout (default 30 s), as axios applies it: connecting, then socket inactivity. */
    readonly timeoutMs?: number;
    readonly retry?: Partial<RetryPolicy>;
    /** Jitter source, [0, 1). */
    readonly random?: () => number;
    /** Injected by tests, with `now`, so that no test waits for real. */
    readonly sleep?: (ms: number) => Promise<void>;
    readonly now?: () => number;
    readonly userAgent?: string;
    readonly defaultHeaders?: Readonly<Record<string, string>>;
    /** An `http(s).Agent`, e.g. one trusting the emulator's CA. */
    readonly httpsAgent?: unknown;
    /** Receives one line per retry; lines are redacted and hold no header or body. */
    readonly log?: (line: string) => void;
    /** What the Authorization header comes from (never the secret), quoted when the service refuses it. */
    readonly credentialSource?: string;
    /** Concurrency of the shared limiter, used only by the first client of this service, base URL and scope. */
    readonly maxConcurrent?: number;
    /**
     * Whose requests these are (tenant, identity): clients of one service and base URL share a limiter only within one
     * scope, so one tenant's 429 pause does not hold another's requests. Without it, one limiter per service and base URL.
     */
    readonly throttleScope?: ThrottleScope;
    /**
     * The bundled emulator's origin when `baseUrl` is its endpoint for this service (tenantkit:emulator). A connection
     * it does not take is final and says to start it: nothing listens on that local port, and waiting changes nothing.
     */
    readonly emulator?: string;
}

export interface ServiceRequest {
    readonly method: string;
    /** Segments, each encoded with encodeURIComponent, or an already-encoded `{ raw: "/..." }`. */
    readonly path: RequestPath;
    readonly query?: QueryValues;
    readonly headers?: Readonly<Record<string, string>>;
    /** A Buffer/Uint8Array is sent as bytes; anything else as JSON. */
    readonly body?: unknown;
    /** `json` (default) parses the body and refuses anything else; `buffer` returns the bytes. */
    readonly responseType?: "json" | "buffer";
    /** Vouch that repeating a POST/PATCH is safe, so it is retried like a GET. */
    readonly idempotent?: boolean;
    /** Non-2xx statuses that resolve instead of throwing, e.g. `[404]` for a delete. */
    readonly okStatuses?: readonly number[];
    /** Names the call in errors, e.g. `list TAP methods`. */
    readonly operation?: string;
    /**
     * The documented shape of a 2xx JSON body: one that does not match is an `InvalidResponse` ApiError with the
     * request id (like a body that is not JSON at all), never a plain Error. Any object with zod's `safeParse`.
     */
    readonly schema?: ResponseSchema;
}

/** What `schema` needs of a validator (zod's `safeParse`): the parsed value, or the first problem and where. */
export interface ResponseSchema {
    safeParse(
        value: unknown,
    ): { success: true; data: unknown } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

export interface ServiceResponse<T> {
    readonly status: number;
    /** Lower-case names. */
    readonly headers: Readonly<Record<string, string>>;
    readonly data: T;
    /** The service's request id, when it sent one. */
    readonly requestId: string | undefined;
    readonly clientRequestId: string;
}

export interface ServiceClient {
    readonly service: ServiceName;
    readonly baseUrl: string;
    /**
     * The operation this client's requests and waits serve (operation.ts): they end when it is cancelled or its
     * deadline passes. Undefined for the shared client, whose requests end only by their own timeouts.
     */
    readonly operation: Operation | undefined;
    /**
     * The client every operation's view shares (itself, for the shared client): what a cache of one client's answers
     * is keyed by, so that a view per operation does not split it (a dataset directory, a discovered organization id).
     */
    readonly shared: ServiceClient;
    request<T = unknown>(req: ServiceRequest): Promise<ServiceResponse<T>>;
    /**
     * Waits as long as one attempt waits for an answer (the request timeout). A write that got no answer in time may
     * still be executing; a caller about to repeat it waits this long first, so that the first one can show. Ends at
     * once (resolving) when the client's operation stops: what the caller sends next then fails saying so.
     */
    waitForLateRequest(): Promise<void>;
    /**
     * This client serving `operation`: the same limiter, tokens, connections and retry policy, with every request and
     * wait bound to the operation. Cheap, one per engine request; undefined gives the shared client.
     */
    forOperation(operation: Operation | undefined): ServiceClient;
}

/**
 * Create the client of one service, serving no operation (`forOperation` gives a view that serves one). Cheap; share
 * one per service and settings in a process.
 */
export function createServiceClient(opts: ServiceClientOptions): ServiceClient {
    const baseUrl = checkedBaseUrl(opts.baseUrl);
    const policy = defaultRetryPolicy(opts.retry);
    const clock: Clock = { now: opts.now ?? realClock.now, sleep: opts.sleep ?? realClock.sleep };
    const random = opts.random ?? Math.random;
    const log = opts.log ?? (() => undefined);
    const { profile } = opts;
    const refreshable = opts.refreshable ?? true;
    const limiter = serviceLimiterFor(profile.name, baseUrl, { maxConcurrent: opts.maxConcurrent }, opts.throttleScope);
    const http = createAxios(opts);

    /** One request for `op` (operation.ts): its cancellation and deadline end every wait below. */
    async function request<T>(op: Operation | undefined, req: ServiceRequest): Promise<ServiceResponse<T>> {
        const stop = stopSignal(op);
        try {
            return await attempts<T>(op, req, stop?.signal);
        } finally {
            stop?.dispose();
        }
    }

    async function attempts<T>(op: Operation | undefined, req: ServiceRequest, signal: AbortSignal | undefined): Promise<ServiceResponse<T>> {
        const method = req.method.toUpperCase();
        const pathAndQuery = buildPath(req.path) + buildQuery(req.query);
        const clientRequestId = randomUUID();
        const headers = requestHeaders(opts, req, clientRequestId);
        const stopped = (reason: unknown, at: Omit<StoppedRequest, "service" | "method" | "path" | "clientRequestId">): unknown =>
            reason instanceof OperationStopped
                ? stoppedError(op, reason, {
                      service: profile.name,
                      method,
                      path: pathAndQuery,
                      clientRequestId,
                      idempotent: req.idempotent,
                      context: req.operation !== undefined ? { operation: req.operation } : undefined,
                      ...at,
                  })
                : reason;
        let before: string | undefined;
        let limiterWait = `the wait for the ${profile.name} limiter (a pause after a 429, or its concurrency)`;
        let forceRefresh = false;
        let refreshed = false;
        for (let attempt = 1; ; attempt += 1) {
            const ctx: RequestContext = {
                service: profile.name,
                reading: profile,
                method,
                path: pathAndQuery,
                attempts: attempt,
                clientRequestId,
                idempotent: req.idempotent,
                context: req.operation !== undefined ? { operation: req.operation } : undefined,
                credentialSource: opts.credentialSource,
                nowMs: clock.now(),
            };
            let authorization: string;
            let release: () => void;
            try {
                signal?.throwIfAborted();
                authorization = await unlessAborted(opts.authorize({ forceRefresh, operation: op }), signal);
            } catch (err) {
                throw stopped(err, { inFlight: false, attempts: attempt, before, during: "the wait for a token" });
            }
            forceRefresh = false;
            try {
                release = await limiter.acquire(clock, signal);
            } catch (err) {
                throw stopped(err, { inFlight: false, attempts: attempt, before, during: limiterWait });
            }
            let outcome: ServiceResponse<T> | ApiError;
            try {
                const res = await http.request<Buffer>({
                    method,
                    url: joinUrl(baseUrl, pathAndQuery),
                    headers: { ...headers, Authorization: authorization },
                    data: encodeBody(req.body),
                    signal,
                });
                limiter.noteResponse(res.headers, res.status, clock);
                outcome = interpret<T>(res, req, ctx, profile);
            } catch (err) {
                if (signal?.aborted) throw stopped(signal.reason, { inFlight: true, attempts: attempt, before });
                outcome = fromAxiosError(err, ctx);
            } finally {
                release();
            }
            if (!(outcome instanceof Error)) return outcome;
            const where = `${profile.name} ${method} ${safePath(pathAndQuery)}`;
            if (isAuthFailure(profile.name, outcome.status, outcome.code) && refreshable && !refreshed) {
                // One new token per request: a token revoked or expired early is fixed by a refresh, a wrong one is not.
                refreshed = true;
                forceRefresh = true;
                log(
                    redactSecrets(
                        `${where}: ${outcome.status} on attempt ${attempt}; retrying once with a refreshed token (client-request-id ${clientRequestId})`,
                    ),
                );
                continue;
            }
            if (opts.emulator !== undefined && outcome.status === undefined && neverReached(outcome.code)) {
                throw outcome.copyWith({ context: { nextStep: unreachableEmulator(opts.emulator, outcome.code) } });
            }
            const decision = decideRetry(
                { attempt, method, idempotent: req.idempotent, status: outcome.status, errorCode: outcome.code, retryAfterMs: outcome.retryAfterMs },
                policy,
                random,
            );
            if (!decision.retry) throw outcome.retryable ? withGiveUpReason(outcome, decision.reason) : outcome;
            before = `attempt ${attempt} failed with ${outcome.status ?? ""} ${outcome.code ?? ""}`.replace(/ +/g, " ").trim();
            // A throttled service is throttled for every caller: block the shared limiter rather than wait alone.
            const throttled = outcome.status === 429 || outcome.retryAfterMs !== undefined;
            if (throttled) {
                limiter.blockFor(decision.delayMs, clock);
                limiterWait = `the pause of ${seconds(decision.delayMs)} the service asked for (Retry-After) before attempt ${attempt + 1}`;
            }
            // A wait that would outlast the operation's deadline is not begun: the operation would stop first.
            const stop = operationStopped(op, decision.delayMs);
            if (stop !== undefined) {
                const during = `the wait of ${seconds(decision.delayMs)} before attempt ${attempt + 1}${operationStopped(op) === undefined ? " (not begun: it would end after the timeout)" : ""}`;
                throw stopped(stop, { inFlight: false, attempts: attempt, before, during });
            }
            log(
                redactSecrets(
                    `${where}: attempt ${attempt} failed with ${outcome.status ?? ""} ${outcome.code ?? ""}`.replace(/ +/g, " ") +
                        `; retrying in ${decision.delayMs} ms (client-request-id ${clientRequestId})`,
                ),
            );
            if (!throttled) {
                try {
                    await unlessAborted(clock.sleep(decision.delayMs, signal), signal);
                } catch (err) {
                    throw stopped(err, {
                        inFlight: false,
                        attempts: attempt,
                        before,
                        during: `the wait of ${seconds(decision.delayMs)} before attempt ${attempt + 1}`,
                    });
                }
            }
        }
    }

    const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    /** Ends at once (resolving) when `op` stops: what the caller sends next then fails saying so. */
    const waitForLateRequest = async (op: Operation | undefined): Promise<void> => {
        const stop = stopSignal(op);
        try {
            await unlessAborted(clock.sleep(timeoutMs, stop?.signal), stop?.signal);
        } catch (err) {
            if (!(err instanceof OperationStopped)) throw err;
        } finally {
            stop?.dispose();
        }
    };
    // The shared client and each operation's view differ only in the operation they pass down.
    const view = (operation: Operation | undefined): ServiceClient => ({
        service: profile.name,
        baseUrl,
        operation,
        get shared() {
            return shared;
        },
        request: <T>(req: ServiceRequest) => request<T>(operation, req),
        waitForLateRequest: () => waitForLateRequest(operation),
        forOperation: (next) => (next === undefined ? shared : view(next)),
    });
    const shared = view(undefined);
    return shared;
}

const DEFAULT_TIMEOUT_MS = DEFAULT_REQUEST_TIMEOUT_SECONDS * 1000;

function seconds(ms: number): string {
    return `${Number((ms / 1000).toFixed(3))} s`;
}

function createAxios(opts: ServiceClientOptions): AxiosInstance {
    if (opts.httpsAgent !== undefined && !(opts.httpsAgent instanceof HttpAgent)) {
        throw new TypeError("httpsAgent must be an https.Agent");
    }
    return axios.create({
        timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        // Every status is an answer to interpret, and a redirect is a failure to report (often a sign-in page).
        validateStatus: () => true,
        maxRedirects: 0,
        responseType: "arraybuffer",
        transformRequest: [(data: unknown) => data],
        transformResponse: [(data: unknown) => data],
        transitional: { clarifyTimeoutError: true },
        httpsAgent: opts.httpsAgent,
    });
}

function requestHeaders(opts: ServiceClientOptions, req: ServiceRequest, clientRequestId: string): Record<string, string> {
    const headers: Record<string, string> = {
        Accept: req.responseType === "buffer" ? "*/*" : "application/json",
        "User-Agent": opts.userAgent ?? `pulumi-tenantkit (node ${process.version})`,
        ...opts.profile.headers,
        ...opts.defaultHeaders,
        ...req.headers,
        "client-request-id": clientRequestId,
    };
    if (req.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) {
        headers["Content-Type"] = isBytes(req.body) ? "application/octet-stream" : "application/json";
    }
    return headers;
}

function encodeBody(body: unknown): Buffer | string | undefined {
    if (body === undefined) return undefined;
    if (isBytes(body)) return body instanceof ArrayBuffer ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    return JSON.stringify(body);
}

/** The response as a result, or the ApiError it amounts to. */
function interpret<T>(res: AxiosResponse<Buffer>, req: ServiceRequest, ctx: RequestContext, profile: ServiceProfile): ServiceResponse<T> | ApiError {
    const headers = plainHeaders(res.headers);
    const bytes = Buffer.isBuffer(res.data) ? res.data : Buffer.alloc(0);
    const ok = (res.status >= 200 && res.status < 300) || (req.okStatuses ?? []).includes(res.status);
    const signIn = isSignInAnswer(profile, res.status, headers);
    if (!ok || signIn) {
        if (signIn)
            return invalid(
                res.status,
                headers,
                ctx,
                "SignInPage",
                `the service answered with ${describeNonJsonBody(bytes) ?? "a sign-in redirect"} instead of data`,
            );
        return fromResponse({ status: res.status, headers, data: bytes }, ctx);
    }
    const result = (data: unknown): ServiceResponse<T> => ({
        status: res.status,
        headers,
        data: data as T,
        requestId: requestIdFrom(profile.requestIdHeaders, headers),
        clientRequestId: ctx.clientRequestId ?? "",
    });
    if (req.responseType === "buffer") return brokenBytes(res.status, headers, bytes, ctx) ?? result(bytes);
    const text = bytes.toString("utf8");
    if (text.trim() === "") return result(undefined);
    // An ok non-2xx (a 404 on delete) needs no body: take JSON when there is some, never fail on the rest.
    if (res.status < 200 || res.status >= 300) return result(bodyAsJson(text));
    const contentType = headers["content-type"] ?? "";
    if (/html/i.test(contentType) || looksLikeHtml(text)) {
        return invalid(res.status, headers, ctx, "InvalidResponse", `expected JSON, got ${describeNonJsonBody(bytes) ?? "HTML"}`);
    }
    const json = bodyAsJson(text);
    if (json !== undefined && req.schema) {
        const parsed = req.schema.safeParse(json);
        if (parsed.success) return result(parsed.data);
        const first = parsed.error.issues[0];
        const where = first && first.path.length > 0 ? first.path.map(String).join(".") : "the body";
        return invalid(
            res.status,
            headers,
            ctx,
            "InvalidResponse",
            `the body is not the documented shape (${where}: ${first?.message ?? "invalid"})`,
        );
    }
    if (json !== undefined) return result(json);
    return invalid(
        res.status,
        headers,
        ctx,
        "InvalidResponse",
        `the body is not valid JSON (${contentType || "no content type"}): ${describeNonJsonBody(bytes) ?? ""}`,
    );
}

/**
 * Bytes are what a `buffer` caller wants (an image, a stylesheet), but a 2xx that is an HTML page (a proxy's, a sign-in
 * page) or a JSON body that does not parse is a broken answer, never the object: taken as an image, it would be recorded
 * as the tenant's prior banner and put back on destroy. Such an answer is an InvalidResponse, retried like any other.
 */
function brokenBytes(status: number, headers: Readonly<Record<string, string>>, bytes: Buffer, ctx: RequestContext): ApiError | undefined {
    if (status < 200 || status >= 300 || bytes.length === 0) return undefined;
    const contentType = headers["content-type"] ?? "";
    if (/html/i.test(contentType) || looksLikeHtml(bytes.subarray(0, 256).toString("utf8"))) {
        return invalid(status, headers, ctx, "InvalidResponse", `expected the object's bytes, got ${describeNonJsonBody(bytes) ?? "an HTML page"}`);
    }
    if (/[/+]json/i.test(contentType) && bodyAsJson(bytes) === undefined) {
        return invalid(status, headers, ctx, "InvalidResponse", `the body is not valid JSON (${contentType}): ${describeNonJsonBody(bytes) ?? ""}`);
    }
    return undefined;
}

/**
 * A sign-in page instead of an answer: a 203 (Azure DevOps' sign-in page; none of these APIs answers data with it), a
 * redirect to a sign-in or login URL, or what the service's profile says is its own sign-in answer.
 */
function isSignInAnswer(profile: ServiceProfile, status: number, headers: Readonly<Record<string, string>>): boolean {
    if (status === 203) return true;
    if (status >= 300 && status < 400 && /sign-?in|login/i.test(headerValue(headers, "location") ?? "")) return true;
    return profile.isSignInAnswer?.(status, headers) ?? false;
}

function invalid(status: number, headers: Readonly<Record<string, string>>, ctx: RequestContext, code: string, message: string): ApiError {
    return createApiError({
        service: ctx.service,
        method: ctx.method,
        path: ctx.path,
        status,
        code,
        serviceMessage: message,
        requestId: requestIdFrom(ctx.reading?.requestIdHeaders ?? GENERIC_REQUEST_ID_HEADERS, headers),
        clientRequestId: ctx.clientRequestId,
        attempts: ctx.attempts,
        context: ctx.context,
        credentialSource: ctx.credentialSource,
        retryable: isRetryable({ method: ctx.method, idempotent: ctx.idempotent, status, errorCode: code }),
    });
}

function checkedBaseUrl(value: string): string {
    let url: URL;
    try {
        url = new URL(value);
    } catch {
        throw new TypeError(`baseUrl "${value}" is not a URL; give scheme and host, e.g. https://graph.microsoft.com`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new TypeError(`baseUrl "${value}" must be http(s)`);
    if (url.search || url.hash) throw new TypeError(`baseUrl "${value}" must not have a query or fragment`);
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}
