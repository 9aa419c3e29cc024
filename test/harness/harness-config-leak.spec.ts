/**
 * Regression: a lifecycle run left its stack config in the SDK's global store, so a later program-side function
 * in the same test process (getTemporaryAccessPassMethods reading pulumi.Config("tenantkit")) saw the stack config
 * of a finished run, pointing at an emulator that was already closed, instead of its environment.
 */
import { strict as assert } from "node:assert";
import * as pulumi from "@pulumi/pulumi";
import { fixtureStack } from "../fixtures/harness/stack";
import { secret } from "../../harness/wire";

describe("regression: harness stack config does not outlive its run", function () {
    this.timeout(60_000);
    const stack = fixtureStack();
    after(() => stack.remove());

    it("leaves no stack config behind after up and after preview", async () => {
        const cfg = { "harnessfx:storePath": stack.storePath, "harnessfx:note": secret("hush"), "tenantkit:emulator": "http://127.0.0.1:1" };
        await stack.runnerWithConfig(cfg).up();
        assert.equal(new pulumi.Config("tenantkit").get("emulator"), undefined);
        await stack.runnerWithConfig(cfg).preview();
        assert.equal(new pulumi.Config("harnessfx").get("storePath"), undefined);
    });
});
