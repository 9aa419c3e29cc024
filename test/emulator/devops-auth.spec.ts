import { strict as assert } from "node:assert";
import { basic, devops, devopsError, pushPath, userToken } from "./devops-helpers";
import { appToken, IDS, postToken, useEmulator, type Fetched } from "../support/emulator";

const SUPPRESS = { "x-tfs-fedauthredirect": "Suppress" };
const PUSH = pushPath(IDS.devopsWebRepositoryName, 1, IDS.devopsWebProjectName);

function assertSignInPage(res: Fetched): void {
    assert.equal(res.status, 203, res.text);
    assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
    assert.match(res.text, /Sign In/);
}

function assertRefused(res: Fetched): void {
    assert.equal(res.status, 401, res.text);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    assert.match(devopsError(res).message, /^TF400813: /);
}

describe("emulator: Azure DevOps authentication", () => {
    const f = useEmulator();

    it("accepts the PAT as Basic password with an empty or any user name", async () => {
        assert.equal((await devops(f.emu, PUSH, undefined, basic(IDS.devopsPat))).status, 200);
        assert.equal((await devops(f.emu, PUSH, undefined, basic(IDS.devopsPat, "whoever"))).status, 200);
    });

    it("accepts an Entra user token and an app token for the Azure DevOps audience", async () => {
        const user = await userToken(f.emu);
        assert.equal((await devops(f.emu, PUSH, undefined, { authorization: `Bearer ${user}` })).status, 200);
        const app = await appToken(f.emu, { scope: "499b84ac-1321-427f-aa17-267ca6975798/.default" });
        assert.equal((await devops(f.emu, PUSH, undefined, { authorization: `Bearer ${app}` })).status, 200);
    });

    it("answers 203 with an HTML sign-in page to a missing, unknown or expired credential without the suppress header", async () => {
        const expiredToken = await userToken(f.emu, undefined, 60);
        f.clock.advance(61_000);
        for (const headers of [{}, basic("devops-pat-nobody"), basic(IDS.devopsPatExpired), { authorization: `Bearer ${expiredToken}` }]) {
            assertSignInPage(await devops(f.emu, PUSH, undefined, headers));
        }
    });

    it("answers 401 TF400813 JSON to the same credentials with X-TFS-FedAuthRedirect: Suppress", async () => {
        const expiredToken = await userToken(f.emu, undefined, 60);
        f.clock.advance(61_000);
        for (const headers of [{}, basic("devops-pat-nobody"), basic(IDS.devopsPatExpired), { authorization: `Bearer ${expiredToken}` }]) {
            assertRefused(await devops(f.emu, PUSH, undefined, { ...headers, ...SUPPRESS }));
        }
    });

    it("treats a Graph token and a token of another tenant as not signed in", async () => {
        const graph = await userToken(f.emu, "https://graph.microsoft.com");
        assertRefused(await devops(f.emu, PUSH, undefined, { authorization: `Bearer ${graph}`, ...SUPPRESS }));
        const minted = await postToken(
            f.emu,
            {
                grant_type: "client_credentials",
                client_id: IDS.fabrikamClientId,
                client_secret: IDS.fabrikamClientSecret,
                scope: "499b84ac-1321-427f-aa17-267ca6975798/.default",
            },
            IDS.fabrikamDomain,
        );
        assert.equal(minted.status, 200, minted.text);
        const other = (minted.json as { access_token: string }).access_token;
        assertRefused(await devops(f.emu, PUSH, undefined, { authorization: `Bearer ${other}`, ...SUPPRESS }));
    });

    it("answers 401 JSON naming the missing vso.code scope to a PAT without it, suppress header or not", async () => {
        for (const extra of [{}, SUPPRESS]) {
            const res = await devops(f.emu, PUSH, undefined, { ...basic(IDS.devopsPatNoCode), ...extra });
            assert.equal(res.status, 401);
            assert.match(devopsError(res).message, new RegExp(`TF400813: The user '${IDS.aliceUpn}' is not authorized.*vso\\.code`));
        }
    });
});

describe("emulator: Azure DevOps rate limiting", () => {
    const f = useEmulator();
    beforeEach(async () => {
        await f.emu.admin.setDevOpsRateLimit({ mode: null });
    });

    it("sends no X-RateLimit headers while the limit is off", async () => {
        const res = await devops(f.emu, PUSH);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get("x-ratelimit-resource"), null);
    });

    it("delays with 200 and the X-RateLimit-* headers", async () => {
        await f.emu.admin.setDevOpsRateLimit({ mode: "delay", delaySeconds: 1.25, retryAfter: 40 });
        const res = await devops(f.emu, PUSH);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get("x-ratelimit-resource"), "Emulator");
        assert.equal(res.headers.get("x-ratelimit-delay"), "1.250");
        assert.equal(res.headers.get("x-ratelimit-limit"), "200");
        assert.equal(res.headers.get("x-ratelimit-remaining"), "0");
        assert.equal(res.headers.get("x-ratelimit-reset"), String(f.clock.now().getTime() / 1000 + 40));
        assert.equal(res.headers.get("retry-after"), null);
    });

    it("blocks with 429, Retry-After and TF400733", async () => {
        await f.emu.admin.setDevOpsRateLimit({ mode: "block", retryAfter: 12 });
        const res = await devops(f.emu, PUSH);
        assert.equal(res.status, 429);
        assert.equal(res.headers.get("retry-after"), "12");
        assert.equal(res.headers.get("x-ratelimit-remaining"), "0");
        assert.ok(res.headers.get("activityid"));
        const err = devopsError(res);
        assert.equal(
            err.message,
            "TF400733: The request has been canceled: Request was blocked due to exceeding usage of resource 'Emulator' in namespace 'User'.",
        );
        assert.equal(err.typeKey, "RequestBlockedException");
    });

    it("checks the credential before the rate limit, and lifts the block when switched off", async () => {
        await f.emu.admin.setDevOpsRateLimit({ mode: "block" });
        assert.equal((await devops(f.emu, PUSH, undefined, { ...SUPPRESS })).status, 401);
        await f.emu.admin.setDevOpsRateLimit({ mode: null });
        assert.equal((await devops(f.emu, PUSH)).status, 200);
    });

    it("answers the generic throttle in the service's shape", async () => {
        await f.emu.admin.throttle({ perSecond: 0, service: "devops", retryAfter: "3" });
        const res = await devops(f.emu, PUSH);
        assert.equal(res.status, 429);
        assert.equal(res.headers.get("retry-after"), "3");
        assert.match(devopsError(res).message, /^TF400733: /);
    });
});
