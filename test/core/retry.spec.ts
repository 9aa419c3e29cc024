import { strict as assert } from "node:assert";
import { decideRetry, defaultRetryPolicy, parseRetryAfter, type RetryDecision } from "../../provider/core/errors/retry";

const NOW = Date.parse("2026-03-01T12:00:00Z");
const policy = defaultRetryPolicy({ baseDelayMs: 100 });
const half = (): number => 0.5;

function delayOf(decision: RetryDecision): number {
    assert.equal(decision.retry, true, `expected a retry, got ${JSON.stringify(decision)}`);
    return (decision as { delayMs: number }).delayMs;
}

function reasonOf(decision: RetryDecision): string {
    assert.equal(decision.retry, false, `expected to give up, got ${JSON.stringify(decision)}`);
    return (decision as { reason: string }).reason;
}

describe("parseRetryAfter", () => {
    it("reads decimal seconds such as Graph's documented 2.128 as 2128 ms", () => {
        assert.equal(parseRetryAfter("2.128", NOW), 2128);
    });

    it("reads integer seconds, with surrounding whitespace", () => {
        assert.equal(parseRetryAfter("10", NOW), 10_000);
        assert.equal(parseRetryAfter(" 3 ", NOW), 3000);
    });

    it("reads an IMF-fixdate as the time left until then", () => {
        assert.equal(parseRetryAfter("Sun, 01 Mar 2026 12:00:30 GMT", NOW), 30_000);
    });

    it("reads the obsolete RFC 850 and asctime date forms as UTC", () => {
        assert.equal(parseRetryAfter("Sunday, 01-Mar-26 12:01:00 GMT", NOW), 60_000);
        assert.equal(parseRetryAfter("Sun Mar  1 12:00:05 2026", NOW), 5000);
    });

    it("turns a negative delay or a date in the past into 0", () => {
        assert.equal(parseRetryAfter("-4", NOW), 0);
        assert.equal(parseRetryAfter("Sun, 01 Mar 2026 11:00:00 GMT", NOW), 0);
    });

    it("returns undefined for a missing or garbage value", () => {
        for (const value of [undefined, "", "soon", "1e3", "12abc", "Tomorrow 10:00", "2026-03-01"]) {
            assert.equal(parseRetryAfter(value, NOW), undefined, `value ${JSON.stringify(value)}`);
        }
    });
});

describe("decideRetry", () => {
    it("retries 408, 429, 500, 502, 503, 504 and other 5xx on a GET", () => {
        for (const status of [408, 429, 500, 502, 503, 504, 507, 599]) {
            assert.equal(decideRetry({ attempt: 1, method: "GET", status }, policy, half).retry, true, `status ${status}`);
        }
    });

    it("never retries 501 and 505, which no retry can fix", () => {
        for (const status of [501, 505]) {
            assert.match(reasonOf(decideRetry({ attempt: 1, method: "GET", status }, policy, half)), new RegExp(`${status} is not retried`));
        }
    });

    it("never retries 400, 401, 403, 404, 409 or 422, even when the caller vouches for idempotence", () => {
        for (const status of [400, 401, 403, 404, 409, 422]) {
            const decision = decideRetry({ attempt: 1, method: "GET", idempotent: true, status }, policy, half);
            assert.equal(decision.retry, false, `status ${status}`);
        }
    });

    it("retries transient network errors, including `socket hang up`", () => {
        for (const errorCode of ["ECONNRESET", "ETIMEDOUT", "ECONNABORTED", "EPIPE", "ECONNREFUSED", "EAI_AGAIN", "socket hang up"]) {
            assert.equal(decideRetry({ attempt: 1, method: "GET", errorCode }, policy, half).retry, true, errorCode);
        }
        assert.equal(decideRetry({ attempt: 1, method: "GET", errorCode: "ENOTFOUND" }, policy, half).retry, false);
    });

    it("retries a 2xx whose body was not the JSON promised, for a GET only", () => {
        assert.equal(decideRetry({ attempt: 1, method: "GET", status: 200, errorCode: "InvalidResponse" }, policy, half).retry, true);
        assert.equal(decideRetry({ attempt: 1, method: "POST", status: 200, errorCode: "InvalidResponse" }, policy, half).retry, false);
    });

    it("retries GET, HEAD, PUT, DELETE and OPTIONS, in any letter case, on a 503", () => {
        for (const method of ["GET", "head", "PUT", "DELETE", "OPTIONS"]) {
            assert.equal(decideRetry({ attempt: 1, method, status: 503 }, policy, half).retry, true, method);
        }
    });

    it("does not retry a POST or PATCH on a 503 or a reset connection, whose outcome is unknown", () => {
        for (const method of ["POST", "PATCH"]) {
            assert.match(reasonOf(decideRetry({ attempt: 1, method, status: 503 }, policy, half)), new RegExp(`${method} is not idempotent`));
            assert.equal(decideRetry({ attempt: 1, method, errorCode: "ECONNRESET" }, policy, half).retry, false);
        }
    });

    it("retries a POST when the caller says it is idempotent", () => {
        assert.equal(decideRetry({ attempt: 1, method: "POST", idempotent: true, status: 503 }, policy, half).retry, true);
    });

    it("retries a POST on 429 and on a refused connection, where the service never acted on it", () => {
        assert.equal(decideRetry({ attempt: 1, method: "POST", status: 429 }, policy, half).retry, true);
        assert.equal(decideRetry({ attempt: 1, method: "POST", errorCode: "ECONNREFUSED" }, policy, half).retry, true);
    });

    it("waits exactly the Retry-After the service asked for", () => {
        assert.equal(delayOf(decideRetry({ attempt: 1, method: "GET", status: 429, retryAfterMs: 2128 }, policy, half)), 2128);
    });

    it("gives up when Retry-After exceeds maxRetryAfterMs, saying how long the service asked to wait", () => {
        const decision = decideRetry({ attempt: 1, method: "GET", status: 429, retryAfterMs: 300_000 }, policy, half);
        assert.equal(reasonOf(decision), "the service asked to wait 300 s (Retry-After), longer than the 120 s this client waits");
    });

    it("backs off exponentially with full jitter, capped by maxDelayMs", () => {
        const p = defaultRetryPolicy({ baseDelayMs: 100, maxDelayMs: 1000, maxAttempts: 10 });
        const delays = [1, 2, 3, 4, 5, 6].map((attempt) => delayOf(decideRetry({ attempt, method: "GET", status: 503 }, p, () => 1)));
        assert.deepEqual(delays, [100, 200, 400, 800, 1000, 1000]);
        assert.equal(delayOf(decideRetry({ attempt: 3, method: "GET", status: 503 }, p, () => 0.25)), 100);
        assert.equal(delayOf(decideRetry({ attempt: 3, method: "GET", status: 503 }, p, () => 0)), 0);
    });

    it("gives up once the attempt that failed is the last one allowed", () => {
        const p = defaultRetryPolicy({ maxAttempts: 3 });
        assert.equal(decideRetry({ attempt: 2, method: "GET", status: 503 }, p, half).retry, true);
        assert.equal(reasonOf(decideRetry({ attempt: 3, method: "GET", status: 503 }, p, half)), "no attempts left (tenantkit makes at most 3)");
    });
});

describe("defaultRetryPolicy", () => {
    it("defaults to 5 attempts, 500 ms base, 30 s cap and 120 s Retry-After limit", () => {
        assert.deepEqual(defaultRetryPolicy(), { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000, maxRetryAfterMs: 120_000 });
    });

    it("keeps the defaults for overrides left undefined", () => {
        assert.equal(defaultRetryPolicy({ baseDelayMs: undefined, maxAttempts: 2 }).baseDelayMs, 500);
    });

    it("rejects a policy that could never try or would wait a negative time", () => {
        assert.throws(() => defaultRetryPolicy({ maxAttempts: 0 }), /maxAttempts must be an integer >= 1, got 0/);
        assert.throws(() => defaultRetryPolicy({ baseDelayMs: -1 }), /baseDelayMs must be a number >= 0/);
    });
});
