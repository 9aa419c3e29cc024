import { strict as assert } from "node:assert";
import { appToken, fetchAll, graphGet, IDS, tapPath, useEmulator } from "../support/emulator";

describe("emulator throttle", () => {
    const f = useEmulator();

    it("answers the request over N per second per client with Graph's 429 and Retry-After", async () => {
        const token = await appToken(f.emu);
        await f.emu.admin.throttle({ perSecond: 2, retryAfter: "3" });
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) statuses.push((await graphGet(f.emu, tapPath(IDS.aliceId), token)).status);
        assert.deepEqual(statuses, [200, 200, 429]);
        const throttled = await graphGet(f.emu, tapPath(IDS.aliceId), token);
        assert.equal(throttled.headers.get("retry-after"), "3");
        assert.equal((throttled.json as { error: { code: string } }).error.code, "TooManyRequests");
        assert.equal((await f.emu.admin.requests()).at(-1)?.fault, "throttle");
    });

    it("starts counting again in the next second of the emulator clock", async () => {
        const token = await appToken(f.emu);
        await f.emu.admin.throttle({ perSecond: 1 });
        assert.equal((await graphGet(f.emu, tapPath(IDS.aliceId), token)).status, 200);
        const second = await graphGet(f.emu, tapPath(IDS.aliceId), token);
        assert.deepEqual([second.status, second.headers.get("retry-after")], [429, "1"]);
        f.clock.advance(1000);
        assert.equal((await graphGet(f.emu, tapPath(IDS.aliceId), token)).status, 200);
    });

    it("counts each client separately: another app and a user have their own budget", async () => {
        const quickstart = await appToken(f.emu);
        const other = await appToken(f.emu, { clientId: IDS.noPermissionsClientId, secret: IDS.noPermissionsClientSecret });
        const user = await f.emu.admin.mintUserToken({ tenant: IDS.domain, user: IDS.aliceUpn, scopes: ["UserAuthMethod-TAP.Read"] });
        await f.emu.admin.throttle({ perSecond: 1, service: "graph" });
        assert.equal((await graphGet(f.emu, tapPath(IDS.aliceId), quickstart)).status, 200);
        assert.equal((await graphGet(f.emu, tapPath(IDS.aliceId), other)).status, 403, "not throttled, just not allowed");
        assert.equal((await graphGet(f.emu, "/v1.0/me/authentication/temporaryAccessPassMethods", user.access_token)).status, 200);
        assert.equal((await graphGet(f.emu, tapPath(IDS.aliceId), quickstart)).status, 429);
    });

    it("leaves other services alone when limited to one, and turns off with null", async () => {
        await f.emu.admin.throttle({ perSecond: 0, service: "powerbi" });
        const token = await appToken(f.emu);
        assert.equal((await graphGet(f.emu, tapPath(IDS.aliceId), token)).status, 200);
        const pbi = await fetchAll(`${f.emu.url}/powerbi/v1.0/myorg/datasets`);
        assert.equal(pbi.status, 429);
        assert.equal((pbi.json as { error: { code: string } }).error.code, "TooManyRequests");
        await f.emu.admin.throttle(null);
        const after = await fetchAll(`${f.emu.url}/powerbi/v1.0/myorg/datasets`);
        assert.equal(after.status, 403, "not throttled any more, refused for the missing token");
        assert.equal((after.json as { error: { code: string } }).error.code, "InvalidToken");
    });

    it("rejects an invalid throttle with 400", async () => {
        await assert.rejects(f.emu.admin.throttle({ perSecond: -1 }), /400.*perSecond/);
    });
});
