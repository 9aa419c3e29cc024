/**
 * How a handler's failure reaches the user (core/host/reporting.ts): a cause shared by many resources is told in full once,
 * and the provider host's stderr echo of a complete message is dropped while anything else still prints.
 */
import { strict as assert } from "node:assert";
import { createApiError } from "../../provider/core/errors/errors";
import { complete, dropHostEchoes, repeatOf } from "../../provider/core/host/reporting";

const refused = (tenant: string) =>
    createApiError({
        service: "login",
        method: "POST",
        path: `/${tenant}/oauth2/v2.0/token`,
        status: 401,
        code: "invalid_client",
        innerCode: "AADSTS7000215",
    });

describe("reporting a failure once", () => {
    it("tells a refused sign-in in full for the first resource and points the others at it", () => {
        assert.equal(repeatOf(refused("one.example"), "read", 'dataset "A"'), undefined);
        assert.equal(
            repeatOf(refused("one.example"), "read", 'dataset "B"'),
            'read failed: signing in failed (401 invalid_client/AADSTS7000215), as reported in full for dataset "A"',
        );
    });

    it("tells the refusal of another tenant in full again", () => {
        assert.equal(repeatOf(refused("two.example"), "read", 'dataset "A"'), undefined);
    });

    it("never shortens a failure of a resource's own request", () => {
        const notFound = createApiError({ service: "powerbi", method: "GET", path: "/v1.0/myorg/datasets/x", status: 404 });
        assert.equal(repeatOf(notFound, "read", 'dataset "A"'), undefined);
        assert.equal(repeatOf(notFound, "read", 'dataset "B"'), undefined);
    });

    it("drops the provider host's echo of a complete error and prints anything else", () => {
        const printed: unknown[][] = [];
        const original = console.error;
        console.error = (...args: unknown[]) => void printed.push(args);
        try {
            dropHostEchoes();
            const err = complete(new Error("read of dataset failed: 404"));
            // What @pulumi/pulumi/cmd/dynamic-provider prints for a failed check, diff, read or delete.
            console.error(`${err}: ${err.stack}`);
            const bug = new TypeError("x is undefined");
            console.error(`${bug}: ${bug.stack}`);
            assert.equal(printed.length, 1);
            assert.match(String(printed[0]![0]), /^TypeError: x is undefined/);
        } finally {
            console.error = original;
        }
    });
});
