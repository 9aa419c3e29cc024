import { strict as assert } from "node:assert";
import { appToken, graphGet, IDS, T0, tapPath, useEmulator, type Fetched } from "../support/emulator";

interface TapList {
    "@odata.context": string;
    value: Array<Record<string, unknown>>;
}

function list(res: Fetched): TapList {
    assert.equal(res.status, 200, res.text);
    return res.json as TapList;
}

function graphErrorOf(res: Fetched): { code: string; message: string; innerError: Record<string, string> } {
    return (res.json as { error: { code: string; message: string; innerError: Record<string, string> } }).error;
}

const MINUTE = 60_000;

describe("emulator Graph temporaryAccessPassMethods", () => {
    const f = useEmulator();

    it("lists alice's pass by object id with temporaryAccessPass null and usable by policy", async () => {
        const body = list(await graphGet(f.emu, tapPath(IDS.aliceId), await appToken(f.emu)));
        assert.equal(
            body["@odata.context"],
            `https://graph.microsoft.com/v1.0/$metadata#users('${IDS.aliceId}')/authentication/temporaryAccessPassMethods`,
        );
        assert.deepEqual(body.value, [
            {
                id: IDS.aliceTapId,
                temporaryAccessPass: null,
                createdDateTime: new Date(T0.getTime() - 6 * MINUTE).toISOString(),
                startDateTime: new Date(T0.getTime() - 5 * MINUTE).toISOString(),
                lifetimeInMinutes: 60,
                isUsableOnce: false,
                isUsable: true,
                methodUsabilityReason: "EnabledByPolicy",
            },
        ]);
    });

    it("finds a user by userPrincipalName in any letter case", async () => {
        const body = list(await graphGet(f.emu, tapPath("ALICE@Contoso.onmicrosoft.com"), await appToken(f.emu)));
        assert.equal(body.value[0].id, IDS.aliceTapId);
    });

    it("finds a guest by its UPN sent with # encoded as %23, and says the pass is not yet valid", async () => {
        const token = await appToken(f.emu);
        const res = await graphGet(
            f.emu,
            "/v1.0/users/ann_contoso.com%23EXT%23@fabrikam.onmicrosoft.com/authentication/temporaryAccessPassMethods",
            token,
        );
        assert.deepEqual(list(await graphGet(f.emu, tapPath(IDS.guestUpn), token)), list(res), "@ as %40 too");
        const method = list(res).value[0];
        assert.equal(method.isUsable, false);
        assert.equal(method.methodUsabilityReason, "NotYetValid");
        assert.equal(method.isUsableOnce, true);
    });

    it("answers 404 for a guest UPN sent with a raw #, which never reaches a server past the fragment", async () => {
        const res = await graphGet(f.emu, `/v1.0/users/${IDS.guestUpn}/authentication/temporaryAccessPassMethods`, await appToken(f.emu));
        assert.equal(res.status, 404);
        const [entry] = await f.emu.admin.requests({ service: "graph" });
        assert.equal(entry.path, "/graph/v1.0/users/ann_contoso.com");
    });

    it("returns an empty collection for a user without a pass", async () => {
        assert.deepEqual(list(await graphGet(f.emu, tapPath(IDS.bobUpn), await appToken(f.emu))).value, []);
    });

    it("reports Expired once start plus lifetime has passed, and OneTimeUsed for a used one-time pass", async () => {
        const token = await appToken(f.emu);
        f.clock.advance(55 * MINUTE); // alice's pass started 5 minutes before T0 and lasts 60 minutes
        assert.equal(list(await graphGet(f.emu, tapPath(IDS.aliceId), token)).value[0].methodUsabilityReason, "Expired");
        await f.emu.admin.setTemporaryAccessPass(IDS.tenantId, IDS.bobUpn, { isUsableOnce: true, used: true });
        const bob = list(await graphGet(f.emu, tapPath(IDS.bobUpn), token)).value[0];
        assert.deepEqual([bob.isUsable, bob.methodUsabilityReason], [false, "OneTimeUsed"]);
    });

    it("serves /me for a delegated token of alice with the self scope", async () => {
        const { access_token } = await f.emu.admin.mintUserToken({ tenant: IDS.domain, user: IDS.aliceUpn, scopes: ["UserAuthMethod-TAP.Read"] });
        const body = list(await graphGet(f.emu, "/v1.0/me/authentication/temporaryAccessPassMethods", access_token));
        assert.match(body["@odata.context"], new RegExp(`users\\('${IDS.aliceId}'\\)`));
        assert.equal(body.value[0].id, IDS.aliceTapId);
    });

    it("refuses /me for an app-only token with 400 BadRequest", async () => {
        const res = await graphGet(f.emu, "/v1.0/me/authentication/temporaryAccessPassMethods", await appToken(f.emu));
        assert.equal(res.status, 400);
        assert.equal(graphErrorOf(res).code, "BadRequest");
        assert.equal(graphErrorOf(res).message, "/me request is only valid with delegated authentication flow.");
    });

    it("answers 403 accessDenied with a Graph error body to an app without the TAP permission", async () => {
        const token = await appToken(f.emu, { clientId: IDS.noPermissionsClientId, secret: IDS.noPermissionsClientSecret });
        const res = await graphGet(f.emu, tapPath(IDS.aliceId), token, { "client-request-id": "11111111-2222-4333-8444-555555555555" });
        assert.equal(res.status, 403);
        const error = graphErrorOf(res);
        assert.deepEqual([error.code, error.message], ["accessDenied", "Request Authorization failed"]);
        assert.deepEqual(Object.keys(error.innerError), ["date", "request-id", "client-request-id"]);
        assert.equal(error.innerError["client-request-id"], "11111111-2222-4333-8444-555555555555");
        assert.equal(error.innerError["request-id"], res.headers.get("request-id"));
        assert.equal(error.innerError.date, "2025-06-01T12:00:00");
    });

    it("lets a self-only delegated scope read no one else, and a .All delegated scope read others", async () => {
        const self = await f.emu.admin.mintUserToken({ tenant: IDS.tenantId, user: IDS.aliceId, scopes: ["UserAuthenticationMethod.Read"] });
        assert.equal((await graphGet(f.emu, tapPath(IDS.bobUpn), self.access_token)).status, 403);
        const all = await f.emu.admin.mintUserToken({ tenant: IDS.tenantId, user: IDS.aliceId, scopes: ["UserAuthMethod-TAP.Read.All"] });
        assert.equal((await graphGet(f.emu, tapPath(IDS.bobUpn), all.access_token)).status, 200);
    });

    it("answers 404 Request_ResourceNotFound naming an unknown user", async () => {
        const res = await graphGet(f.emu, tapPath("nobody@contoso.onmicrosoft.com"), await appToken(f.emu));
        assert.equal(res.status, 404);
        assert.equal(graphErrorOf(res).code, "Request_ResourceNotFound");
        assert.equal(
            graphErrorOf(res).message,
            "Resource 'nobody@contoso.onmicrosoft.com' does not exist or one of its queried reference-property objects are not present.",
        );
    });

    for (const [name, header] of [
        ["no Authorization header", undefined],
        ["a token that is not a JWT", "Bearer abc"],
        ["a Basic header", "Basic eDp5"],
    ] as const) {
        it(`answers 401 InvalidAuthenticationToken to ${name}`, async () => {
            const res = await graphGet(f.emu, tapPath(IDS.aliceId), undefined, header === undefined ? {} : { authorization: header });
            assert.equal(res.status, 401);
            assert.equal(graphErrorOf(res).code, "InvalidAuthenticationToken");
            assert.match(res.headers.get("www-authenticate") ?? "", /^Bearer /);
        });
    }

    it("answers 401 to an expired token and to a token whose signature was tampered with", async () => {
        const token = await appToken(f.emu);
        const [head, body] = token.split(".");
        const forged = `${head}.${body}.${"A".repeat(43)}`;
        assert.equal(
            graphErrorOf(await graphGet(f.emu, tapPath(IDS.aliceId), forged)).message,
            "Access token validation failure. Invalid signature.",
        );
        f.clock.advance(3600_000);
        const expired = await graphGet(f.emu, tapPath(IDS.aliceId), token);
        assert.equal(expired.status, 401);
        assert.equal(graphErrorOf(expired).message, "Lifetime validation failed, the token is expired.");
    });

    it("answers 401 Invalid audience to a Power BI token", async () => {
        const token = await appToken(f.emu, { scope: "https://analysis.windows.net/powerbi/api/.default" });
        const res = await graphGet(f.emu, tapPath(IDS.aliceId), token);
        assert.equal(res.status, 401);
        assert.equal(graphErrorOf(res).message, "Access token validation failure. Invalid audience.");
    });

    it("puts request-id and the echoed client-request-id on every Graph response", async () => {
        const res = await graphGet(f.emu, tapPath(IDS.aliceId), await appToken(f.emu), { "client-request-id": "abc-123" });
        assert.equal(res.headers.get("client-request-id"), "abc-123");
        assert.match(res.headers.get("request-id") ?? "", /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        const generated = await graphGet(f.emu, tapPath(IDS.aliceId));
        assert.match(generated.headers.get("client-request-id") ?? "", /^[0-9a-f-]{36}$/);
    });
});
