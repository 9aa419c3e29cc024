/**
 * Who may call the emulated Power BI routes: tokens (audience, lifetime), the Dataset permissions for app
 * and user tokens, group ids and membership, and throttling with Retry-After.
 */
import { strict as assert } from "node:assert";
import { IDS, appToken, useEmulator } from "../support/emulator";
import { base, createDataset, pbi, pbiError, pbiToken, pbiUserToken, simpleDataset } from "./powerbi-helpers";
import { conformance } from "../support/conformance";

describe("emulator Power BI access", () => {
    const f = useEmulator();

    it("answers 403 with the official TokenExpired payload for an expired token", async () => {
        const token = await pbiUserToken(f.emu, IDS.aliceId, ["Dataset.ReadWrite.All"]);
        f.clock.advance(2 * 3600_000);
        const res = await pbi(f.emu, "GET", "/v1.0/myorg/datasets", token);
        assert.equal(res.status, 403);
        assert.deepEqual(res.json, conformance("powerbi-error-tokenexpired.response.json"));
    });

    it("refuses a request without a token and a Graph token with 403 InvalidToken", async () => {
        const none = await pbi(f.emu, "GET", "/v1.0/myorg/datasets");
        assert.equal(none.status, 403);
        assert.equal(pbiError(none).code, "InvalidToken");
        const graph = await appToken(f.emu);
        const res = await pbi(f.emu, "POST", "/v1.0/myorg/datasets", graph, simpleDataset());
        assert.equal(res.status, 403);
        assert.match(pbiError(res).message, /audience/);
        assert.equal((await f.emu.admin.powerBi(IDS.tenantId)).datasets.length, 0, "nothing created");
    });

    it("answers 401 PowerBINotAuthorizedException for an app without Dataset permissions", async () => {
        const token = await pbiToken(f.emu, { clientId: IDS.noPermissionsClientId, secret: IDS.noPermissionsClientSecret });
        const res = await pbi(f.emu, "GET", "/v1.0/myorg/datasets", token);
        assert.equal(res.status, 401);
        assert.equal(pbiError(res).code, "PowerBINotAuthorizedException");
        assert.match(pbiError(res).message, /Dataset\.Read\.All or Dataset\.ReadWrite\.All/);
    });

    it("lets a user with Dataset.Read.All read but not write", async () => {
        const reader = await pbiUserToken(f.emu, IDS.aliceId, ["Dataset.Read.All"]);
        assert.equal((await pbi(f.emu, "GET", `${base(IDS.salesWorkspaceId)}/datasets`, reader)).status, 200);
        const post = await pbi(f.emu, "POST", `${base(IDS.salesWorkspaceId)}/datasets`, reader, simpleDataset());
        assert.equal(post.status, 401);
        assert.match(pbiError(post).message, /Dataset\.ReadWrite\.All/);
    });

    it("gives each user a My workspace of their own, configured by their UPN", async () => {
        const alice = await pbiUserToken(f.emu, IDS.aliceId, ["Dataset.ReadWrite.All"]);
        const bob = await pbiUserToken(f.emu, IDS.bobId, ["Dataset.ReadWrite.All"]);
        const id = await createDataset(f.emu, alice);
        const got = await pbi(f.emu, "GET", `/v1.0/myorg/datasets/${id}`, alice);
        assert.equal((got.json as { configuredBy: string }).configuredBy, IDS.aliceUpn);
        assert.equal((await pbi(f.emu, "GET", `/v1.0/myorg/datasets/${id}`, bob)).status, 404);
        assert.deepEqual((await pbi(f.emu, "GET", "/v1.0/myorg/datasets", bob)).json, {
            "@odata.context": `${f.emu.url}/powerbi/v1.0/myorg/$metadata#datasets`,
            value: [],
        });
    });

    it("answers 404 PowerBIEntityNotFound for an unknown group", async () => {
        const token = await pbiToken(f.emu);
        const res = await pbi(f.emu, "GET", `${base("00000000-0000-4000-8000-000000000000")}/datasets`, token);
        assert.equal(res.status, 404);
        assert.equal(pbiError(res).code, "PowerBIEntityNotFound");
    });

    it("answers 400 for a group id that is not a uuid", async () => {
        const res = await pbi(f.emu, "GET", `${base("Sales")}/datasets`, await pbiToken(f.emu));
        assert.equal(res.status, 400);
        assert.match(pbiError(res).message, /not a valid uuid/);
    });

    it("answers 403 PowerBINotAuthorizedException in a group the caller is not a member of", async () => {
        const token = await pbiToken(f.emu);
        const res = await pbi(f.emu, "POST", `${base(IDS.financeWorkspaceId)}/datasets`, token, simpleDataset());
        assert.equal(res.status, 403);
        assert.equal(pbiError(res).code, "PowerBINotAuthorizedException");
        const bob = await pbiUserToken(f.emu, IDS.bobId, ["Dataset.ReadWrite.All"]);
        assert.equal((await pbi(f.emu, "POST", `${base(IDS.financeWorkspaceId)}/datasets`, bob, simpleDataset())).status, 201);
    });

    it("throttles with 429, Retry-After and the Power BI error body", async () => {
        const token = await pbiToken(f.emu);
        await f.emu.admin.throttle({ perSecond: 1, retryAfter: "3", service: "powerbi" });
        assert.equal((await pbi(f.emu, "GET", "/v1.0/myorg/datasets", token)).status, 200);
        const res = await pbi(f.emu, "GET", "/v1.0/myorg/datasets", token);
        assert.equal(res.status, 429);
        assert.equal(res.headers.get("retry-after"), "3");
        assert.equal(pbiError(res).code, "TooManyRequests");
        assert.ok(res.headers.get("requestid"));
    });

    it("answers an injected 503 in Power BI's error shape", async () => {
        await f.emu.admin.setFaults({ match: { service: "powerbi", method: "POST" }, kind: "status", status: 503, retryAfter: "1" });
        const res = await pbi(f.emu, "POST", "/v1.0/myorg/datasets", await pbiToken(f.emu), simpleDataset());
        assert.equal(res.status, 503);
        assert.equal(pbiError(res).code, "ServiceUnavailable");
        assert.equal((await f.emu.admin.powerBi(IDS.tenantId)).datasets.length, 0);
    });
});
