/**
 * Regression: Azure DevOps' sign-in page served with 200 (not 203) was taken for a proxy's page: retried five times
 * with backoff, then reported as InvalidResponse with "check that the endpoint setting points at the service". The
 * service answers refused credentials with a sign-in page ("Treat 203 / text/html as an auth failure", API-FACTS.md D),
 * so it is an authentication failure: one new token, then the PAT's next step.
 */
import { strict as assert } from "node:assert";
import { resolveSettings, type SettingKey } from "../../provider/core/settings";
import { sessionFor } from "../../provider/core/session";
import { fetchGitPush } from "../../provider/devops/gitPush/api";
import { IDS, useEmulator } from "../emulator/helpers";
import { rejection } from "../support/rejection";

describe("regression: an Azure DevOps sign-in page with 200 is an authentication failure", function () {
    this.timeout(30_000);
    const fx = useEmulator();
    const devops = () => {
        const values: Partial<Record<SettingKey, string>> = { emulator: fx.emu.url, devopsPat: IDS.devopsPat };
        return sessionFor(resolveSettings((k) => values[k], {})).client("devops");
    };
    const push = { organization: "fabrikam", project: IDS.devopsWebProjectName, repository: IDS.devopsWebRepositoryName, pushId: 2 };

    it("tries once more with a new credential, then names the PAT to check", async () => {
        await fx.emu.admin.setFaults({ match: { service: "devops" }, kind: "html", status: 200, times: 2 });
        const err = await rejection(fetchGitPush(devops(), push));
        assert.equal(err.name, "AuthenticationError");
        assert.equal(err.code, "SignInPage");
        assert.equal(err.attempts, 2);
        assert.match(
            err.message,
            /failed after 2 attempts: 200 SignInPage: the service answered with an HTML page titled "Sign in to your account" instead of data/,
        );
        assert.match(
            err.message,
            /Next: Azure DevOps refused the credential for organization "fabrikam", project "Web Portal", repository "web": check that the PAT/,
        );
        assert.equal((await fx.emu.admin.requests({ service: "devops" })).length, 2);
    });

    it("reads the push when the page came once", async () => {
        await fx.emu.admin.setFaults({ match: { service: "devops" }, kind: "html", status: 200 });
        assert.equal((await fetchGitPush(devops(), push)).pushId, 2);
    });
});
