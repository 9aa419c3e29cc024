import { strict as assert } from "node:assert";
import { type ApiError, isApiError } from "../../provider/core/errors/errors";

/** The error a promise rejects with; fails the test when it resolves. */
export async function rejectionOf(p: Promise<unknown>): Promise<Error> {
    const err = await p.then(
        () => assert.fail("expected a failure"),
        (e: unknown) => e,
    );
    assert.ok(err instanceof Error, `expected an Error, got ${String(err)}`);
    return err;
}

/** The ApiError a promise rejects with; fails the test on success or on any other error. */
export async function rejection(p: Promise<unknown>): Promise<ApiError> {
    const err = await rejectionOf(p);
    assert.ok(isApiError(err), `expected an ApiError, got ${String(err)}`);
    return err;
}
