import { strict as assert } from "node:assert";
import { graphCall, graphErrorOf, orgPath, statusAndCode, tokens } from "./branding-helpers";
import { IDS, useEmulator } from "../support/emulator";

describe("emulator Graph /organization", () => {
    const f = useEmulator();

    it("lists the caller's own organization with its id, displayName and verified domain", async () => {
        const res = await graphCall(f.emu, "GET", "/v1.0/organization", { token: (await tokens(f.emu)).contoso });
        assert.equal(res.status, 200);
        const body = res.json as { "@odata.context": string; value: Array<Record<string, unknown>> };
        assert.equal(body["@odata.context"], "https://graph.microsoft.com/v1.0/$metadata#organization");
        assert.equal(body.value.length, 1);
        assert.deepEqual([body.value[0].id, body.value[0].displayName], [IDS.tenantId, "Contoso"]);
        assert.deepEqual(
            (body.value[0].verifiedDomains as Array<{ name: string }>).map((d) => d.name),
            [IDS.domain],
        );
        assert.match(res.headers.get("request-id") ?? "", /^[0-9a-f-]{36}$/);
    });

    it("shows each tenant only its own organization", async () => {
        const t = await tokens(f.emu);
        const fabrikam = await graphCall(f.emu, "GET", "/v1.0/organization", { token: t.fabrikam });
        assert.deepEqual(
            (fabrikam.json as { value: Array<{ id: string }> }).value.map((o) => o.id),
            [IDS.fabrikamTenantId],
        );
        const northwind = await graphCall(f.emu, "GET", orgPath(IDS.northwindTenantId), { token: t.northwind });
        assert.deepEqual([northwind.status, (northwind.json as { displayName: string }).displayName], [200, "Northwind Traders"]);
    });

    it("gets the organization by id, with the entity context", async () => {
        const res = await graphCall(f.emu, "GET", orgPath(), { token: (await tokens(f.emu)).contoso });
        assert.equal(res.status, 200);
        const body = res.json as Record<string, unknown>;
        assert.equal(body["@odata.context"], "https://graph.microsoft.com/v1.0/$metadata#organization/$entity");
        assert.equal(body.id, IDS.tenantId);
    });

    it("answers 404 Request_ResourceNotFound for an unknown organization id and for another tenant's", async () => {
        const token = (await tokens(f.emu)).contoso;
        const unknown = await graphCall(f.emu, "GET", orgPath("00000000-0000-4000-8000-000000000000"), { token });
        assert.deepEqual(statusAndCode(unknown), [404, "Request_ResourceNotFound"]);
        assert.match(graphErrorOf(unknown).message, /^Resource '00000000-0000-4000-8000-000000000000' does not exist/);
        const other = await graphCall(f.emu, "GET", `${orgPath(IDS.fabrikamTenantId)}/branding`, { token });
        assert.deepEqual(statusAndCode(other), [404, "Request_ResourceNotFound"]);
    });

    it("lets a delegated token with only User.Read read the organization", async () => {
        const { access_token } = await f.emu.admin.mintUserToken({ tenant: IDS.domain, user: IDS.aliceUpn, scopes: ["User.Read"] });
        assert.equal((await graphCall(f.emu, "GET", "/v1.0/organization", { token: access_token })).status, 200);
    });

    it("answers 403 Authorization_RequestDenied to an app without an organization permission", async () => {
        const res = await graphCall(f.emu, "GET", "/v1.0/organization", { token: (await tokens(f.emu)).none });
        assert.deepEqual(statusAndCode(res), [403, "Authorization_RequestDenied"]);
        assert.equal(graphErrorOf(res).message, "Insufficient privileges to complete the operation.");
    });

    it("answers 401 InvalidAuthenticationToken without a token, echoing the client-request-id", async () => {
        const res = await graphCall(f.emu, "GET", "/v1.0/organization", { headers: { "client-request-id": "c0ffee00-0000-4000-8000-000000000001" } });
        assert.deepEqual(statusAndCode(res), [401, "InvalidAuthenticationToken"]);
        assert.equal(res.headers.get("client-request-id"), "c0ffee00-0000-4000-8000-000000000001");
        assert.equal(graphErrorOf(res).innerError["client-request-id"], "c0ffee00-0000-4000-8000-000000000001");
    });
});
