/**
 * Regression: getTemporaryAccessPassMethods and getGitPush run in the program, where no handler adds the resource and
 * operation to an error: a failed lookup said only "graph GET /v1.0/users/.../temporaryAccessPassMethods failed", so
 * a program with several lookups could not tell which one failed. Each function now names itself and its arguments.
 */
import { strict as assert } from "node:assert";
import * as runtimeConfig from "@pulumi/pulumi/runtime/config";
import { getGitPush } from "../../provider/devops/gitPush/functions";
import { getTemporaryAccessPassMethods } from "../../provider/entra/temporaryAccessPass/functions";
import { IDS, useEmulator } from "../support/emulator";
import { rejectionOf } from "../support/rejection";

describe("regression: a failed lookup function names itself", function () {
    this.timeout(30_000);
    const fx = useEmulator();
    beforeEach(() => {
        runtimeConfig.setAllConfig(
            {
                "tenantkit:emulator": fx.emu.url,
                "tenantkit:tenantId": IDS.domain,
                "tenantkit:clientId": IDS.quickstartClientId,
                "tenantkit:clientSecret": IDS.quickstartClientSecret,
            },
            ["tenantkit:clientSecret"],
        );
    });
    afterEach(() => runtimeConfig.setAllConfig({}, []));

    it("getTemporaryAccessPassMethods", async () => {
        await fx.emu.admin.setFaults({ match: { service: "graph" }, kind: "status", status: 403 });
        const err = await rejectionOf(getTemporaryAccessPassMethods({ user: IDS.aliceUpn }));
        assert.match(
            err.message,
            /^getTemporaryAccessPassMethods \(user "alice@contoso\.onmicrosoft\.com"\) \(list TAP methods\): graph GET \/v1\.0\/users\/alice%40contoso\.onmicrosoft\.com\/authentication\/temporaryAccessPassMethods failed: 403 /,
        );
    });

    it("getGitPush", async () => {
        await fx.emu.admin.setFaults({ match: { service: "devops" }, kind: "status", status: 404 });
        const err = await rejectionOf(getGitPush({ organization: "fabrikam", project: IDS.devopsWebProjectName, repository: "web", pushId: 2 }));
        assert.match(
            err.message,
            /^getGitPush \(push 2 of repository "web" in organization "fabrikam"\) \(read push 2\): devops GET \/fabrikam\/Web%20Portal\/_apis\/git\/repositories\/web\/pushes\/2\?api-version=7\.1 failed: 404 /,
        );
    });
});
