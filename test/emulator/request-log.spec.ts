import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import { appToken, fetchAll, graphGet, IDS, useEmulator } from "../support/emulator";

describe("emulator request log", () => {
    const f = useEmulator();

    it("records method, raw path, query, headers with Authorization as sent, status and service", async () => {
        const token = await appToken(f.emu);
        await graphGet(
            f.emu,
            "/v1.0/users/ann_contoso.com%23EXT%23@fabrikam.onmicrosoft.com/authentication/temporaryAccessPassMethods?$top=1",
            token,
        );
        const log = await f.emu.admin.requests();
        assert.equal(log.length, 2);
        const [login, graph] = log;
        assert.deepEqual([login.service, login.method, login.status], ["login", "POST", 200]);
        assert.match(login.bodyText ?? "", /grant_type=client_credentials/);
        assert.equal(graph.seq, login.seq + 1);
        assert.equal(graph.path, "/graph/v1.0/users/ann_contoso.com%23EXT%23@fabrikam.onmicrosoft.com/authentication/temporaryAccessPassMethods");
        assert.deepEqual(graph.query, { $top: "1" });
        assert.equal(graph.headers.authorization, `Bearer ${token}`);
        assert.deepEqual([graph.service, graph.status, graph.bodyText], ["graph", 200, ""]);
        assert.equal(graph.time, "2025-06-01T12:00:00.000Z");
    });

    it("logs a loud 404 in the service's error shape for a route the emulator does not serve", async () => {
        const graph = await fetchAll(`${f.emu.url}/graph/v1.0/users/${IDS.aliceId}/photo`);
        assert.equal(graph.status, 404);
        assert.match((graph.json as { error: { message: string } }).error.message, /no route for GET \/graph\/v1\.0\/users\/.*\/photo/);
        const devops = await fetchAll(`${f.emu.url}/devops/fabrikam/_apis/git/repositories`);
        assert.equal((devops.json as { typeKey: string }).typeKey, "VssResourceNotFoundException");
        const elsewhere = await fetchAll(`${f.emu.url}/v1.0/me`);
        assert.equal(elsewhere.status, 404);
        const log = await f.emu.admin.requests();
        assert.deepEqual(
            log.map((e) => [e.service, e.status]),
            [
                ["graph", 404],
                ["devops", 404],
                ["unknown", 404],
            ],
        );
    });

    it("keeps a binary body as its SHA-256 and does not log admin calls", async () => {
        const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe]);
        await fetchAll(`${f.emu.url}/graph/v1.0/organization/x/branding/localizations/0/bannerLogo`, {
            method: "PUT",
            headers: { "content-type": "image/png" },
            body: bytes,
        });
        await f.emu.admin.state();
        const log = await f.emu.admin.requests();
        assert.equal(log.length, 1);
        assert.equal(log[0].bodyText, undefined);
        assert.equal(log[0].bodySha256, createHash("sha256").update(bytes).digest("hex"));
    });

    it("filters by service, method, path and sequence, and clears", async () => {
        const token = await appToken(f.emu);
        await graphGet(f.emu, `/v1.0/users/${IDS.aliceId}/authentication/temporaryAccessPassMethods`, token);
        await graphGet(f.emu, `/v1.0/users/${IDS.bobId}/authentication/temporaryAccessPassMethods`, token);
        assert.equal((await f.emu.admin.requests({ service: "login" })).length, 1);
        assert.equal((await f.emu.admin.requests({ method: "get" })).length, 2);
        const bob = await f.emu.admin.requests({ path: IDS.bobId });
        assert.equal(bob.length, 1);
        assert.equal((await f.emu.admin.requests({ since: bob[0].seq - 1 })).length, 1);
        await f.emu.admin.clearRequests();
        assert.deepEqual(await f.emu.admin.requests(), []);
        await graphGet(f.emu, `/v1.0/users/${IDS.bobId}/authentication/temporaryAccessPassMethods`, token);
        assert.equal((await f.emu.admin.requests())[0].seq, bob[0].seq + 1, "sequence numbers are never reused");
    });
});
