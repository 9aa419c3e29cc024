/**
 * What a failure without an HTTP answer says about the request, in one table: whether it reached the service
 * (so whether a write may have happened, and whether even a POST may be sent again), whether trying again can help,
 * and how to say what happened. The retry policy (retry.ts), the write outcome (errors.ts), the saved-config hint
 * (handler.ts) and the unreachable token endpoint (tokenErrors.ts) all read it, so they cannot disagree.
 */

/** What one failure code means. */
export interface FailureMeaning {
    /**
     * `never`: the request did not leave (a refused connection, no such host, no route); `maybe`: it may have been
     * acted on (the connection broke, or the answer was unusable); `pending`: no answer in time, it may still be running.
     */
    readonly reached: "never" | "maybe" | "pending";
    /** Whether trying again (after a pause) can succeed. */
    readonly transient: boolean;
    /** What happened, as an error says it. */
    readonly why: string;
}

/** Network codes (as Node reports them) and the client's own codes for a 2xx it could not use. */
const FAILURES: Readonly<Record<string, FailureMeaning>> = {
    ECONNREFUSED: { reached: "never", transient: true, why: "the connection was refused" },
    EAI_AGAIN: { reached: "never", transient: true, why: "its host name could not be resolved (DNS did not answer)" },
    // A name that does not resolve, or no route, is a setting to fix: retrying would only delay the error.
    ENOTFOUND: { reached: "never", transient: false, why: "its host name does not resolve" },
    EHOSTUNREACH: { reached: "never", transient: false, why: "there is no route to its host" },
    ENETUNREACH: { reached: "never", transient: false, why: "there is no route to its network" },
    ECONNRESET: { reached: "maybe", transient: true, why: "the connection was reset" },
    EPIPE: { reached: "maybe", transient: true, why: "the connection closed while the request was sent" },
    ETIMEDOUT: { reached: "pending", transient: true, why: "no answer within the request timeout" },
    ECONNABORTED: { reached: "pending", transient: true, why: "the request was aborted before an answer" },
    // A 2xx whose body was not the JSON promised (a proxied or mangled answer), or broke off before its Content-Length.
    InvalidResponse: { reached: "maybe", transient: true, why: "the answer's body was not what the API documents" },
    IncompleteResponse: { reached: "maybe", transient: true, why: "the answer's body broke off" },
    // The operation stopped (operation.ts): the engine cancelled it, or its customTimeouts passed. Not retried within it.
    Cancelled: { reached: "pending", transient: false, why: "the operation was cancelled while the request was in flight" },
    CancelledBeforeSending: { reached: "never", transient: false, why: "the operation was cancelled before the request was sent" },
    OperationTimeout: { reached: "pending", transient: false, why: "the operation's timeout passed while the request was in flight" },
    OperationTimeoutBeforeSending: { reached: "never", transient: false, why: "the operation's timeout passed before the request was sent" },
};

/** The meaning of a failure code (any letter case; `socket hang up` is a reset), or undefined for one not in the table. */
export function failureMeaning(code: string | undefined): FailureMeaning | undefined {
    if (code === undefined) return undefined;
    if (/^socket hang up$/i.test(code)) return FAILURES.ECONNRESET;
    const key = Object.keys(FAILURES).find((k) => k.toLowerCase() === code.toLowerCase());
    return key === undefined ? undefined : FAILURES[key];
}

/** Whether the failure code says the request never reached the service. */
export function neverReached(code: string | undefined): boolean {
    return failureMeaning(code)?.reached === "never";
}
