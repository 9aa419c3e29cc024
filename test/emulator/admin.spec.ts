import { strict as assert } from "node:assert";
import * as https from "node:https";
import { defaultSeed } from "../../emulator/seeds/default";
import { appToken, decodeJwt, fetchAll, graphGet, IDS, T0, tapPath, useEmulator } from "../support/emulator";

describe("emulator admin API", () => {
    const f = useEmulator();

    it("serves the CA over plain http, and that CA verifies the HTTPS side of the same port", async () => {
        const pem = await f.emu.admin.caPem();
        assert.equal(pem, f.emu.caPem);
        assert.match(pem, /^-----BEGIN CERTIFICATE-----/);
        const status = await new Promise<number>((resolve, reject) => {
            https
                .get(`${f.emu.httpsUrl}/graph/v1.0/me/authentication/temporaryAccessPassMethods`, { ca: pem, agent: false }, (res) => {
                    res.resume();
                    resolve(res.statusCode ?? 0);
                })
                .on("error", reject);
        });
        assert.equal(status, 401);
        const [entry] = await f.emu.admin.requests();
        assert.equal(entry.path, "/graph/v1.0/me/authentication/temporaryAccessPassMethods");
    });

    it("returns the seeded directory as state and replaces it with a new seed", async () => {
        assert.deepEqual(await f.emu.admin.state(), defaultSeed(T0));
        const seed = defaultSeed(T0);
        seed.tenants[0].users = seed.tenants[0].users.filter((u) => u.id !== IDS.bobId);
        await f.emu.admin.seed(seed);
        assert.equal((await graphGet(f.emu, tapPath(IDS.bobId), await appToken(f.emu))).status, 404);
    });

    it("keeps issued tokens valid across a reseed of the same tenant", async () => {
        const token = await appToken(f.emu);
        await f.emu.admin.seed(defaultSeed(T0));
        assert.equal((await graphGet(f.emu, tapPath(IDS.aliceId), token)).status, 200);
    });

    it("rejects an invalid seed with 400 listing every problem with its path", async () => {
        const res = await fetchAll(`${f.emu.url}/_admin/seed`, {
            method: "POST",
            body: JSON.stringify({ tenants: [{ id: IDS.tenantId, domains: ["a.com"], clients: [{ clientId: "x" }], users: [{ id: IDS.aliceId }] }] }),
        });
        assert.equal(res.status, 400);
        const problems = (res.json as { problems: string[] }).problems;
        assert.deepEqual(problems, [
            '$.tenants[0].clients[0].clientId: must be a GUID, got "x"',
            "$.tenants[0].clients[0].displayName: must be a non-empty string",
            "$.tenants[0].clients[0].secret: must be a non-empty string",
            "$.tenants[0].users[0].userPrincipalName: must be a non-empty string",
        ]);
        assert.deepEqual(await f.emu.admin.state(), defaultSeed(T0), "nothing changed");
    });

    it("adds a user out of band, and refuses a second user with the same UPN with 409", async () => {
        const carol = await f.emu.admin.addUser(IDS.domain, { userPrincipalName: "carol@contoso.onmicrosoft.com" });
        assert.match(carol.id, /^[0-9a-f-]{36}$/);
        assert.equal(carol.displayName, "carol@contoso.onmicrosoft.com");
        assert.equal((await graphGet(f.emu, tapPath(carol.id), await appToken(f.emu))).status, 200);
        await assert.rejects(f.emu.admin.addUser(IDS.tenantId, { userPrincipalName: "CAROL@contoso.onmicrosoft.com" }), /409/);
    });

    it("sets a pass with defaults (now, 60 minutes) and removes it", async () => {
        const tap = await f.emu.admin.setTemporaryAccessPass(IDS.tenantId, IDS.bobUpn);
        assert.deepEqual(
            [tap.startDateTime, tap.createdDateTime, tap.lifetimeInMinutes, tap.isUsableOnce],
            [T0.toISOString(), T0.toISOString(), 60, false],
        );
        await assert.rejects(
            f.emu.admin.setTemporaryAccessPass(IDS.tenantId, IDS.bobUpn, { lifetimeInMinutes: 5 }),
            /lifetimeInMinutes: must be an integer from 10 to 43200/,
        );
        await f.emu.admin.deleteTemporaryAccessPass(IDS.tenantId, IDS.guestUpn);
        const guest = (await f.emu.admin.state()).tenants[0].users.find((u) => u.id === IDS.guestId);
        assert.equal(guest?.temporaryAccessPass, null);
        await assert.rejects(f.emu.admin.deleteTemporaryAccessPass(IDS.tenantId, "nobody@contoso.onmicrosoft.com"), /404/);
    });

    it("mints a delegated token with scp, oid, upn and the requested lifetime", async () => {
        const minted = await f.emu.admin.mintUserToken({
            tenant: IDS.domain,
            user: IDS.aliceUpn,
            scopes: ["UserAuthMethod-TAP.Read", "User.Read"],
            expiresInSeconds: 600,
        });
        const claims = decodeJwt(minted.access_token);
        assert.deepEqual(
            [claims.idtyp, claims.scp, claims.oid, claims.upn, claims.tid, claims.aud],
            ["user", "UserAuthMethod-TAP.Read User.Read", IDS.aliceId, IDS.aliceUpn, IDS.tenantId, "https://graph.microsoft.com"],
        );
        assert.equal(minted.expires_on, T0.getTime() / 1000 + 600);
        await assert.rejects(f.emu.admin.mintUserToken({ tenant: IDS.domain, user: "nobody", scopes: [] }), /404/);
        await assert.rejects(f.emu.admin.mintUserToken({ tenant: IDS.domain, user: IDS.aliceId, scopes: [], audience: "https://x" }), /400/);
    });

    it("answers an unknown admin route with 404", async () => {
        const res = await fetchAll(`${f.emu.url}/_admin/nothing`);
        assert.equal(res.status, 404);
        assert.deepEqual(await f.emu.admin.requests(), []);
    });
});
