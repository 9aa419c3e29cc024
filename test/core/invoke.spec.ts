/**
 * Invoke options of the program-side get functions: `provider` cannot apply (no provider plugin) and is refused with
 * what to pass instead, before any request. (`dependsOn` is proven under the real engine in test/cli/connection.spec.ts.)
 */
import { strict as assert } from "node:assert";
import type * as pulumi from "@pulumi/pulumi";
import * as tk from "../../provider";

const provider = {} as pulumi.ProviderResource;

describe("get function invoke options", () => {
    it("getGitPush refuses a provider option, pointing to connection", async () => {
        await assert.rejects(
            tk.devops.getGitPush({ organization: "fabrikam", repository: "web", pushId: 1 }, { provider }),
            /getGitPush: the provider option does not apply .*pass connection in the arguments/,
        );
    });

    it("getTemporaryAccessPassMethods refuses a provider option, pointing to connection", async () => {
        await assert.rejects(
            tk.entra.getTemporaryAccessPassMethods({ user: "alice@contoso.onmicrosoft.com" }, { provider }),
            /pass connection in the arguments/,
        );
    });

    it("getGitPushOutput refuses a provider option at the call, not later in an apply", () => {
        assert.throws(
            () => tk.devops.getGitPushOutput({ organization: "fabrikam", repository: "web", pushId: 1 }, { provider }),
            /getGitPushOutput: the provider option does not apply/,
        );
    });
});
