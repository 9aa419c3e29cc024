/**
 * Invoke options of the program-side get functions: `provider` cannot apply (no provider plugin) and is refused with
 * what to pass instead, before any request. (`dependsOn` is proven under the real engine in test/cli/connection.spec.ts.)
 */
import { strict as assert } from "node:assert";
import * as util from "node:util";
import * as pulumi from "@pulumi/pulumi";
import * as runtimeConfig from "@pulumi/pulumi/runtime/config";
import * as tk from "../../provider";
import { rejectionOf } from "../support/rejection";

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

    it("a failed lookup rejects with a frameless pulumi.RunError, the message naming the function and the settings, the cause kept", async () => {
        runtimeConfig.setAllConfig({ "tenantkit:clientId": "3c8e1f52-7a4d-4b0e-9f6a-2d5c8b1e4f70", "tenantkit:clientSecret": "s3cret-value" }, [
            "tenantkit:clientSecret",
        ]);
        try {
            const err = await rejectionOf(tk.devops.getGitPush({ organization: "fabrikam", repository: "web", pushId: 1 }));
            // The SDK prints a RunError's message alone; anything else with util.inspect, frames and fields.
            assert.ok(pulumi.RunError.isInstance(err));
            assert.match(
                err.message,
                /^getGitPush \(push 1 of repository "web" in organization "fabrikam"\): tenantkit settings are invalid .*\n\s+- tenantkit:tenantId: is required/s,
            );
            assert.doesNotMatch(err.stack ?? "", /\n\s+at /);
            assert.equal((err.cause as Error).name, "SettingsError");
            assert.doesNotMatch(util.inspect(err), /s3cret-value|SettingsError/);
        } finally {
            runtimeConfig.setAllConfig({}, []);
        }
    });
});
