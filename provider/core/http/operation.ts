/**
 * The operation a handler runs in, as the front end that called it knows it: a cancellation signal (the engine's
 * Cancel, Ctrl-C on `pulumi up`) and a deadline (the resource's `customTimeouts`). It is passed down, never kept
 * ambient: the plugin makes one {@link Operation} per request and hands it to the handler in the call's context
 * (core/host/handler.ts `CallContext`), whose `ctx.session()` hands out clients bound to it (core/auth/session.ts and
 * http.ts `forOperation`); they pass it to everything in core that waits (http.ts: the request in flight, backoff and
 * Retry-After waits, `waitForLateRequest`; limiter.ts: the queue and a 429 pause; credentials.ts: a token request). So
 * two requests the engine sends at once each end on their own cancellation and deadline, and each error names only its
 * own operation's interrupted writes. Without an operation (the dynamic provider host, a program's get function),
 * nothing ends early.
 */
import { createApiError, type ApiError, type ErrorContext } from "../errors/errors";
import type { ServiceName } from "../model/patterns";

/** What a front end knows of the operation it serves. */
export interface OperationContext {
    /** Aborted when the engine cancels the operation; whatever waits then ends at once. */
    readonly signal?: AbortSignal;
    /** Epoch milliseconds (wall clock) by which the operation must have ended: its `customTimeouts`. */
    readonly deadline?: number;
}

/**
 * One engine request's operation, made by the front end when the request arrives and passed to whatever the request
 * causes, however deep: every request, wait and token request it reaches ends soon after `signal` aborts or
 * `deadline` passes, with an ApiError saying so ({@link stoppedError}).
 */
export class Operation implements OperationContext {
    readonly signal: AbortSignal | undefined;
    readonly deadline: number | undefined;
    /** The deadline as the timeout it was when the operation started, in whole seconds rounded up, for messages. */
    readonly timeoutSeconds: number | undefined;
    /** Writes aborted while in flight (`powerbi POST /v1.0/...`), which may have reached the service. */
    private readonly interrupted: string[] = [];

    constructor(ctx: OperationContext) {
        this.signal = ctx.signal;
        this.deadline = ctx.deadline;
        this.timeoutSeconds = ctx.deadline === undefined ? undefined : Math.max(0, Math.ceil((ctx.deadline - Date.now()) / 1000));
    }

    /** Records a write interrupted in flight; returns those recorded before it, which its error names. */
    noteInterrupted(write: string | undefined): string[] {
        const earlier = [...this.interrupted];
        if (write !== undefined) this.interrupted.push(write);
        return earlier;
    }
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
 * The reason `op` has stopped, or will have by `withinMs` from now (its deadline passes by then), or undefined while
 * it may go on (always without an operation).
 */
export function operationStopped(op: Operation | undefined, withinMs = 0): OperationStopped | undefined {
    if (op === undefined) return undefined;
    if (op.signal?.aborted) return new OperationStopped("cancelled", op.timeoutSeconds);
    if (op.deadline !== undefined && Date.now() + withinMs >= op.deadline) return new OperationStopped("deadline", op.timeoutSeconds);
    return undefined;
}

/**
 * A signal that aborts, with an {@link OperationStopped}, when `op` is cancelled or its deadline passes; `dispose`
 * clears its timer and listener. Undefined without an operation (or for one with neither).
 */
export function stopSignal(op: Operation | undefined): { readonly signal: AbortSignal; dispose(): void } | undefined {
    if (op === undefined || (op.signal === undefined && op.deadline === undefined)) return undefined;
    const controller = new AbortController();
    const stop = (kind: OperationStopped["kind"]): void => {
        if (!controller.signal.aborted) controller.abort(new OperationStopped(kind, op.timeoutSeconds));
    };
    const onAbort = (): void => stop("cancelled");
    let timer: NodeJS.Timeout | undefined;
    if (op.signal?.aborted) stop("cancelled");
    else op.signal?.addEventListener("abort", onAbort, { once: true });
    if (op.deadline !== undefined && !controller.signal.aborted) {
        const left = op.deadline - Date.now();
        if (left <= 0) stop("deadline");
        // setTimeout's longest delay is 2^31-1 ms; a later deadline is as good as none for one request.
        else if (left < 2 ** 31 - 1) timer = setTimeout(() => stop("deadline"), left).unref();
    }
    return {
        signal: controller.signal,
        dispose: () => {
            if (timer !== undefined) clearTimeout(timer);
            op.signal?.removeEventListener("abort", onAbort);
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

/** `promise`, ended by `op`'s cancellation or deadline (rejecting with an {@link OperationStopped}). */
export async function untilStopped<T>(op: Operation | undefined, promise: Promise<T>): Promise<T> {
    const stop = stopSignal(op);
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
 * The ApiError of operation `op` that stopped: what was being done, that it was cancelled or that the operation's
 * timeout (customTimeouts) passed, whether the request may have reached the service (`writeOutcome` reads the code
 * through failures.ts: `pending` for one in flight, `none` for one not sent), the writes this operation had interrupted
 * in flight before, and that the next `pulumi up` converges. A write in flight is recorded on `op` for its later errors.
 */
export function stoppedError(op: Operation | undefined, stop: OperationStopped, req: StoppedRequest): ApiError {
    const method = req.method.toUpperCase();
    const write = req.inFlight && req.idempotent !== true && !["GET", "HEAD", "OPTIONS"].includes(method);
    const earlier = op?.noteInterrupted(write ? `${req.service} ${method} ${req.path.split("?")[0]}` : undefined) ?? [];
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
