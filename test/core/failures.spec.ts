/**
 * One table says what a failure without an HTTP answer means (core/errors/failures.ts); the retry policy and the write
 * outcome read it, so they agree on every code. Before it, a connection with no route (EHOSTUNREACH, ENETUNREACH)
 * counted as "unreachable" for the error's hint but as "may have acted" for a create, which then listed the workspace
 * again as if its POST might have landed.
 */
import { strict as assert } from "node:assert";
import { createApiError, writeOutcome } from "../../provider/core/errors/errors";
import { failureMeaning } from "../../provider/core/errors/failures";
import { isRetryable } from "../../provider/core/errors/retry";

const networkError = (code: string) => createApiError({ service: "powerbi", method: "POST", path: "/v1.0/myorg/datasets", code });

describe("failures without an HTTP answer", () => {
    for (const code of ["EHOSTUNREACH", "ENETUNREACH"]) {
        it(`${code}: the request never left, so a failed create wrote nothing`, () => {
            assert.equal(writeOutcome(networkError(code)), "none");
        });
    }

    for (const code of [
        "ECONNREFUSED",
        "EAI_AGAIN",
        "ENOTFOUND",
        "EHOSTUNREACH",
        "ENETUNREACH",
        "ECONNRESET",
        "EPIPE",
        "ETIMEDOUT",
        "ECONNABORTED",
    ]) {
        it(`${code}: a POST is retried exactly when the table says it is transient and never reached the service`, () => {
            const meaning = failureMeaning(code)!;
            assert.equal(isRetryable({ method: "POST", status: undefined, errorCode: code }), meaning.transient && meaning.reached === "never");
            assert.equal(isRetryable({ method: "GET", status: undefined, errorCode: code }), meaning.transient);
            const outcome = writeOutcome(networkError(code));
            assert.equal(outcome, meaning.reached === "never" ? "none" : meaning.reached === "pending" ? "pending" : "finished");
        });
    }

    it("a 'socket hang up' is a reset, in any letter case", () => {
        assert.equal(failureMeaning("Socket Hang Up"), failureMeaning("ECONNRESET"));
    });
});
