/**
 * Time as the HTTP client and the rate limiters wait on it: the wall clock and real timers, or a test's. A module of its
 * own because the quota's public rate limiters take a clock, and the public declarations must not reach the operation
 * and error types the service limiter uses.
 */
export interface Clock {
    /** The current time in milliseconds (since the epoch for the wall clock). */
    now(): number;
    /** Resolves after `ms` milliseconds, or earlier when `signal` aborts (its timer is then cleared). */
    sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The wall clock and real timers. */
export const realClock: Clock = {
    now: () => Date.now(),
    sleep: (ms, signal) =>
        new Promise((resolve) => {
            const timer = setTimeout(resolve, ms);
            signal?.addEventListener(
                "abort",
                () => {
                    clearTimeout(timer);
                    resolve();
                },
                { once: true },
            );
        }),
};
