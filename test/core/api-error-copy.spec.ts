/**
 * An ApiError is never changed once made: `withContext` and `withGiveUpReason` return copies. Before, they changed the
 * error in place, so a caller that rethrew it with its resource also changed the error another caller held.
 */
import { strict as assert } from "node:assert";
import { createApiError, isNotFound, withContext, withGiveUpReason } from "../../provider/core/errors/errors";

const notFound = () =>
    createApiError({ service: "powerbi", method: "GET", path: "/v1.0/myorg/datasets/abc", status: 404, code: "ItemNotFound", requestId: "r-1" });

describe("ApiError copies", () => {
    it("withContext returns a copy naming the resource; the original's message and context are unchanged", () => {
        const original = notFound();
        const before = original.message;
        const copy = withContext(original, { resource: 'pulumi-nodejs:dynamic/tenantkit:PushDataset (dataset "Sales")', operation: "read" });
        assert.notEqual(copy, original);
        assert.equal(original.message, before);
        assert.deepEqual(original.context, {});
        assert.match(copy.message, /PushDataset \(dataset "Sales"\) \(read\)/);
    });

    it("the copy keeps its kind, the request id and the original's frames, and has the original as its cause", () => {
        const original = notFound();
        const copy = withContext(original, { operation: "read" });
        assert.ok(isNotFound(copy));
        assert.equal(copy.requestId, "r-1");
        assert.equal(copy.stack!.split("\n").slice(1).join("\n"), original.stack!.split("\n").slice(1).join("\n"));
        assert.equal((copy as Error & { cause?: unknown }).cause, original);
    });

    it("withGiveUpReason returns a copy that says why; the original does not", () => {
        const original = createApiError({ service: "graph", method: "GET", path: "/v1.0/organization", status: 503, retryable: true });
        const copy = withGiveUpReason(original, "no attempts left");
        assert.equal(original.gaveUp, undefined);
        assert.equal(copy.gaveUp, "no attempts left");
        assert.match(copy.message, /no attempts left/);
    });
});
