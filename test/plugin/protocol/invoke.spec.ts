/**
 * The get functions through the plugin's Invoke (tenantkit:entra:getTemporaryAccessPassMethods,
 * tenantkit:devops:getGitPush): results with the provider's settings or the call's own connection, invalid arguments
 * answered as failures without a request, service errors naming the call, and a pass Graph returns kept secret.
 */
import { strict as assert } from "node:assert";
import { IDS, useEmulator } from "../../support/emulator";
import { tapListWithPass } from "../../reliability/secrets-support";
import { isSecret, reveal, secret, usePlugin, type PluginCallError } from "./client";
import { configureEachTest, GET_PUSH, GET_TAP } from "./fixtures";

describe("get functions over the plugin's Invoke", () => {
    const fx = useEmulator();
    const p = usePlugin();
    configureEachTest(fx, () => p.client, { devopsPat: secret(IDS.devopsPat) });

    const requests = async () => (await fx.emu.admin.requests()).filter((r) => r.service !== "login").map((r) => `${r.method} ${r.path}`);

    it("getTemporaryAccessPassMethods answers alice's method with the provider's settings", async () => {
        const r = await p.client.invoke(GET_TAP, { user: IDS.aliceUpn });
        assert.deepEqual(r.failures, []);
        assert.equal(r.return?.user, IDS.aliceUpn);
        assert.equal(r.return?.userId, IDS.aliceId);
        const method = r.return?.method as Record<string, unknown>;
        assert.equal(method.id, IDS.aliceTapId);
        assert.equal(method.isUsable, true);
        assert.equal(method.methodUsabilityReason, "EnabledByPolicy");
        assert.deepEqual(await requests(), [`GET /graph/v1.0/users/${encodeURIComponent(IDS.aliceUpn)}/authentication/temporaryAccessPassMethods`]);
    });

    it("getTemporaryAccessPassMethods answers a pass Graph returns as a secret", async () => {
        await fx.emu.admin.setFaults({
            match: { service: "graph", method: "GET", path: "temporaryAccessPassMethods" },
            kind: "status",
            status: 200,
            body: tapListWithPass("Pass-1234-protocol", { withContext: true }),
        });
        const r = await p.client.invoke(GET_TAP, { user: IDS.aliceUpn });
        assert.ok(isSecret(r.return?.temporaryAccessPass), "the pass came back in plain text");
        assert.equal(reveal(r.return?.temporaryAccessPass), "Pass-1234-protocol");
        for (const [k, v] of Object.entries(r.return ?? {})) if (k !== "temporaryAccessPass") assert.ok(!JSON.stringify(v).includes("Pass-1234"), k);
    });

    it("getTemporaryAccessPassMethods of a user without a method answers method null, as the schema documents", async () => {
        const r = await p.client.invoke(GET_TAP, { user: IDS.bobUpn });
        assert.deepEqual(r.failures, []);
        assert.deepEqual(r.return, { user: IDS.bobUpn, userId: IDS.bobId, method: null, temporaryAccessPass: null });
    });

    it("getTemporaryAccessPassMethods of a user who does not exist fails naming the call and the user", async () => {
        const user = "nobody@contoso.onmicrosoft.com";
        await assert.rejects(p.client.invoke(GET_TAP, { user }), (err: PluginCallError) => {
            assert.equal(err.codeName, "UNKNOWN");
            assert.match(err.details, /^getTemporaryAccessPassMethods \(/);
            assert.ok(err.details.includes(user), err.details);
            assert.match(err.details, /404/);
            return true;
        });
    });

    it("getGitPush answers push 2 of repository web with the PAT of the provider's settings", async () => {
        const r = await p.client.invoke(GET_PUSH, { organization: IDS.devopsOrganization, repository: IDS.devopsWebRepositoryName, pushId: 2 });
        assert.deepEqual(r.failures, []);
        assert.equal(r.return?.pushId, 2);
        assert.equal((r.return?.pushedBy as { uniqueName: string }).uniqueName, IDS.aliceUpn);
        assert.equal((r.return?.repository as { id: string }).id, IDS.devopsWebRepositoryId);
        const [req] = (await fx.emu.admin.requests({ service: "devops" })).filter((x) => x.path.endsWith("/pushes/2"));
        assert.ok(req, "no request for push 2");
        assert.equal(req.headers.authorization, `Basic ${Buffer.from(`:${IDS.devopsPat}`).toString("base64")}`);
    });

    it("getGitPush with its own connection signs in with it, not the provider's: a PAT without the code scope is refused", async () => {
        const args = { organization: IDS.devopsOrganization, repository: IDS.devopsWebRepositoryName, pushId: 2 };
        await assert.rejects(
            p.client.invoke(GET_PUSH, { ...args, connection: { emulator: fx.emu.url, devopsPat: IDS.devopsPatNoCode } }),
            (err: PluginCallError) => {
                assert.match(err.details, /^getGitPush \(push 2 of repository "web" in organization "fabrikam"\)/);
                assert.match(err.details, /401 .*The personal access token lacks the scope vso\.code/);
                assert.ok(!err.details.includes(IDS.devopsPatNoCode), "the error shows the PAT");
                return true;
            },
        );
        const auth = (await fx.emu.admin.requests({ service: "devops" })).map((r) => r.headers.authorization);
        assert.deepEqual(auth, [`Basic ${Buffer.from(`:${IDS.devopsPatNoCode}`).toString("base64")}`]);
    });

    it("getGitPush of a push that does not exist fails naming the call", async () => {
        await assert.rejects(
            p.client.invoke(GET_PUSH, { organization: IDS.devopsOrganization, repository: IDS.devopsWebRepositoryName, pushId: 99 }),
            (err: PluginCallError) => {
                assert.match(err.details, /^getGitPush \(push 99 of repository "web" in organization "fabrikam"\)/);
                assert.match(err.details, /404/);
                return true;
            },
        );
    });

    it("invalid arguments are answered as failures, each by its argument, and nothing is requested", async () => {
        const wrong = await p.client.invoke(GET_PUSH, { organization: IDS.devopsOrganization, repository: 7, pushId: "two" });
        assert.equal(wrong.return, undefined);
        assert.deepEqual(wrong.failures.map((f) => f.property).sort(), ["pushId", "repository"]);
        const missing = await p.client.invoke(GET_PUSH, { organization: IDS.devopsOrganization });
        assert.deepEqual(missing.failures.map((f) => f.property).sort(), ["pushId", "repository"]);
        const misspelled = await p.client.invoke(GET_TAP, { usr: IDS.aliceUpn });
        assert.equal(misspelled.failures.length, 1);
        assert.match(misspelled.failures[0]!.reason, /"usr"/);
        assert.deepEqual(await requests(), []);
    });

    it("an unknown function token is INVALID_ARGUMENT naming the token and the ones served", async () => {
        await assert.rejects(p.client.invoke("tenantkit:devops:getGitPushes", {}), (err: PluginCallError) => {
            assert.equal(err.codeName, "INVALID_ARGUMENT");
            assert.match(err.details, /^tenantkit has no function tenantkit:devops:getGitPushes \(it has .*tenantkit:devops:getGitPush\b/);
            return true;
        });
    });
});
