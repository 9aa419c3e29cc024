/**
 * The operation a handler runs in, as the front end that called it knows it: a cancellation signal (the engine's
 * Cancel, Ctrl-C on `pulumi up`) and a deadline (the resource's `customTimeouts`). It travels in an AsyncLocalStorage,
 * so handlers and api.ts need no parameter for it: the plugin wraps each RPC in {@link runOperation}, and everything
 * in core that waits honours it (http.ts: the request in flight, backoff and Retry-After waits, `waitForLateRequest`;
 * limiter.ts: the queue and a 429 pause; credentials.ts: a token request). Outside an operation, nothing changes.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createApiError, type ApiError, type ErrorContext } from "../errors/errors";
import type { ServiceName } from "../model/patterns";

/** What a front end knows of the operation it serves. */
export interface OperationContext {
    /** Aborted when the engine cancels the operation; whatever waits then ends at once. */
    readonly signal?: AbortSignal;
    /** Epoch milliseconds (wall clock) by which the operation must have ended: its `customTimeouts`. */
    readonly deadline?: number;
}

interface ActiveOperation {
    readonly ctx: OperationContext;
    /** The deadline as the timeout it was when the operation started, in whole seconds rounded up, for messages. */
    readonly timeoutSeconds: number | undefined;
    /** Writes aborted while in flight (`POST /v1.0/...`), which may have reached the service. */
    readonly interrupted: string[];
}

const storage = new AsyncLocalStorage<ActiveOperation>();

/**
 * Runs `fn` in the operation `ctx`: every request, wait and token request `fn` causes, however deep, ends soon after
 * `ctx.signal` aborts or `ctx.deadline` passes, with an ApiError saying so. Returns what `fn` returns.
 */
export function runOperation<T>(ctx: OperationContext, fn: () => T): T {
    const timeoutSeconds = ctx.deadline === undefined ? undefined : Math.max(0, Math.ceil((ctx.deadline - Date.now()) / 1000));
    return storage.run({ ctx, timeoutSeconds, interrupted: [] }, fn);
}

/** The operation the caller runs in, or undefined outside {@link runOperation}. */
export function currentOperation(): OperationContext | undefined {
    return storage.getStore()?.ctx;
}

/** Why an operation stopped: the reason a {@link stopSignal} aborts with. */
export class OperationStopped extends Error {
    override readonly name = "OperationStopped";
    constructor(
        readonly kind: "cancelled" | "deadline",
        readonly timeoutSeconds: number | undefined,
    ) {
        super(kind === "cancelled" ? "the operation was cancelled" : `the operation's timeout${secondsText(timeoutSeconds)} passed`);
    }
}

/**
 * The reason the current operation has stopped, or will have by `withinMs` from now (its deadline passes by then), or
 * undefined while it may go on (always outside an operation).
 */
export function operationStopped(withinMs = 0): OperationStopped | undefined {
    const op = storage.getStore();
    if (op === undefined) return undefined;
    if (op.ctx.signal?.aborted) return new OperationStopped("cancelled", op.timeoutSeconds);
    if (op.ctx.deadline !== undefined && Date.now() + withinMs >= op.ctx.deadline) return new OperationStopped("deadline", op.timeoutSeconds);
    return undefined;
}

/**
 * A signal that aborts, with an {@link OperationStopped}, when the current operation is cancelled or its deadline
 * passes; `dispose` clears its timer and listener. Undefined outside an operation (or one with neither).
 */
export function stopSignal(): { readonly signal: AbortSignal; dispose(): void } | undefined {
    const op = storage.getStore();
    if (op === undefined || (op.ctx.signal === undefined && op.ctx.deadline === undefined)) return undefined;
    const controller = new AbortController();
    const stop = (kind: OperationStopped["kind"]): void => {
        if (!controller.signal.aborted) controller.abort(new OperationStopped(kind, op.timeoutSeconds));
    };
    const onAbort = (): void => stop("cancelled");
    let timer: NodeJS.Timeout | undefined;
    if (op.ctx.signal?.aborted) stop("cancelled");
    else op.ctx.signal?.addEventListener("abort", onAbort, { once: true });
    if (op.ctx.deadline !== undefined && !controller.signal.aborted) {
        const left = op.ctx.deadline - Date.now();
        if (left <= 0) stop("deadline");
        // setTimeout's longest delay is 2^31-1 ms; a later deadline is as good as none for one request.
        else if (left < 2 ** 31 - 1) timer = setTimeout(() => stop("deadline"), left).unref();
    }
    return {
        signal: controller.signal,
        dispose: () => {
            if (timer !== undefined) clearTimeout(timer);
            op.ctx.signal?.removeEventListener("abort", onAbort);
        },
    };
}

/**
 * `promise`, or a rejection with the signal's reason as soon as `signal` aborts (the promise itself goes on; its
 * result is dropped). Without a signal, `promise` as it is.
 */
export function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    if (signal === undefined) return promise;
    if (signal.aborted) {
        promise.catch(() => undefined);
        return Promise.reject(signal.reason as Error);
    }
    return new Promise<T>((resolve, reject) => {
        const onAbort = (): void => reject(signal.reason as Error);
        signal.addEventListener("abort", onAbort, { once: true });
        promise.then(
            (value) => {
                signal.removeEventListener("abort", onAbort);
                resolve(value);
            },
            (err: unknown) => {
                signal.removeEventListener("abort", onAbort);
                reject(err as Error);
            },
        );
    });
}

/** `promise`, ended by the current operation's cancellation or deadline (rejecting with an {@link OperationStopped}). */
export async function untilStopped<T>(promise: Promise<T>): Promise<T> {
    const stop = stopSignal();
    try {
        return await unlessAborted(promise, stop?.signal);
    } finally {
        stop?.dispose();
    }
}

/** Whether `e` is an ApiError made by {@link stoppedError}: the operation was cancelled or ran out of time. */
export function isOperationStopped(e: unknown): boolean {
    const code = (e as { code?: unknown } | undefined)?.code;
    return e instanceof Error && typeof code === "string" && STOP_CODES.has(code);
}

/** The failure codes of a stopped operation (core/errors/failures.ts says what each means for the request). */
export const STOP_CODES: ReadonlySet<string> = new Set(["Cancelled", "CancelledBeforeSending", "OperationTimeout", "OperationTimeoutBeforeSending"]);

/** What was being done when the operation stopped. */
export interface StoppedRequest {
    readonly service: ServiceName;
    readonly method: string;
    readonly path: string;
    /** `true` when the request was in flight (it may have reached the service), `false` when it was not sent. */
    readonly inFlight: boolean;
    readonly idempotent?: boolean;
    readonly attempts?: number;
    readonly clientRequestId?: string;
    readonly context?: ErrorContext;
    /** What happened before, e.g. `attempt 1 failed with 429 TooManyRequests`. */
    readonly before?: string;
    /** What the stop interrupted when it was no request, e.g. `a wait of 60 s before attempt 2` (default: the request). */
    readonly during?: string;
    /** What was not sent, when it is not this request (a sign-in: the service's request). */
    readonly notSent?: string;
}

/**
 * The ApiError of an operation that stopped: what was being done, that it was cancelled or that the operation's
 * timeout (customTimeouts) passed, whether the request may have reached the service (`writeOutcome` reads the code
 * through failures.ts: `pending` for one in flight, `none` for one not sent), and that the next `pulumi up` converges.
 */
export function stoppedError(stop: OperationStopped, req: StoppedRequest): ApiError {
    const op = storage.getStore();
    const method = req.method.toUpperCase();
    const write = req.inFlight && req.idempotent !== true && !["GET", "HEAD", "OPTIONS"].includes(method);
    const earlier = [...(op?.interrupted ?? [])];
    if (write) op?.interrupted.push(`${req.service} ${method} ${req.path.split("?")[0]}`);
    const why =
        stop.kind === "cancelled"
            ? "the operation was cancelled (the engine's Cancel, e.g. Ctrl-C on pulumi up)"
            : `the operation's timeout${secondsText(stop.timeoutSeconds)} (customTimeouts) passed`;
    const when = req.inFlight
        ? `while the request was in flight: it may have reached the service${write ? " and may still be carried out there" : ""}`
        : `${req.during !== undefined ? `during ${req.during}, ` : ""}before ${req.notSent ?? "the request was sent: it did not reach the service"}`;
    const earlierText =
        earlier.length > 0 ? `; earlier in this operation, ${earlier.join(", ")} was interrupted in flight and may have been carried out` : "";
    const next = write
        ? "the write may have been carried out, or may still be: check what the service holds before the next `pulumi up`, which starts from it (a create that finds the object this one made refuses to make it twice and names the command that records it)"
        : "run `pulumi up` again: nothing was recorded as done, and the next up starts from what the service holds";
    const raise = stop.kind === "deadline" ? `; if the service is only slow, raise the resource's customTimeouts` : "";
    const code = stop.kind === "cancelled" ? "Cancelled" : "OperationTimeout";
    return createApiError({
        service: req.service,
        method,
        path: req.path,
        code: req.inFlight ? code : `${code}BeforeSending`,
        serviceMessage: `${why} ${when}${req.before !== undefined ? ` (${req.before})` : ""}${earlierText}`,
        clientRequestId: req.clientRequestId,
        attempts: req.attempts,
        context: req.context,
        nextStep: next + raise,
        retryable: false,
    });
}

function secondsText(seconds: number | undefined): string {
    return seconds === undefined ? "" : ` of ${seconds} s`;
}
