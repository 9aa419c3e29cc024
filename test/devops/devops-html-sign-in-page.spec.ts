/**
 * Regression: Azure DevOps' sign-in page served with 200 (not 203) was taken for a proxy's page: retried five times
 * with backoff, then reported as InvalidResponse with "check that the endpoint setting points at the service". The
 * service answers refused credentials with a sign-in page ("Treat 203 / text/html as an auth failure", docs/api-facts.md D),
 * so it is an authentication failure: a PAT, which no refresh can change, is reported at once with its next step; a
 * token from a client secret is asked for once more.
 */
import { strict as assert } from "node:assert";
import { fetchGitPush } from "../../provider/devops/gitPush/api";
import { emulatorClient, QUICKSTART_APP, type TestSettings } from "../support/emulatorClient";
import { IDS, useEmulator } from "../support/emulator";
import { rejection } from "../support/rejection";
import { devopsService } from "../../provider/devops/devopsService";

describe("regression: an Azure DevOps sign-in page with 200 is an authentication failure", function () {
    this.timeout(30_000);
    const fx = useEmulator();
    const devops = (settings: TestSettings = { devopsPat: IDS.devopsPat }) => emulatorClient(fx.emu.url, devopsService, settings);
    const push = { organization: "fabrikam", project: IDS.devopsWebProjectName, repository: IDS.devopsWebRepositoryName, pushId: 2 };

    it("names the PAT to check after one request: the same PAT would get the same page", async () => {
        await fx.emu.admin.setFaults({ match: { service: "devops" }, kind: "html", status: 200, times: 2 });
        const err = await rejection(fetchGitPush(devops(), push));
        assert.equal(err.name, "AuthenticationError");
        assert.equal(err.code, "SignInPage");
        assert.equal(err.attempts, 1);
        assert.match(err.message, /failed: 200 SignInPage: the service answered with an HTML page titled "Sign in to your account" instead of data/);
        assert.match(
            err.message,
            /Next: Azure DevOps refused the credential for organization "fabrikam", project "Web Portal", repository "web": check that the PAT/,
        );
        assert.equal((await fx.emu.admin.requests({ service: "devops" })).length, 1);
    });

    it("reads the push with a new token when the page came once for an application's token", async () => {
        await fx.emu.admin.setFaults({ match: { service: "devops" }, kind: "html", status: 200 });
        assert.equal((await fetchGitPush(devops(QUICKSTART_APP), push)).pushId, 2);
        assert.equal((await fx.emu.admin.requests({ service: "devops" })).length, 2);
    });
});
