import { strict as assert } from "node:assert";
import { solidPng } from "../../emulator/seeds/png";
import { brandingPath, graphCall, graphErrorOf, localePath, statusAndCode, tokens, type Tokens } from "./branding-helpers";
import { IDS, useEmulator } from "../support/emulator";

describe("emulator Graph branding localizations", () => {
    const f = useEmulator();
    let t: Tokens;
    beforeEach(async () => {
        t = await tokens(f.emu);
    });

    function create(json: unknown, tenantId: string = IDS.tenantId, token = t.contoso): ReturnType<typeof graphCall> {
        return graphCall(f.emu, "POST", `${brandingPath(tenantId)}/localizations`, { token, json });
    }

    it("creates a localization with 201 and the documented create response shape", async () => {
        const res = await create({ backgroundColor: "#00000F", id: "fr-FR", signInPageText: " " });
        assert.equal(res.status, 201);
        const body = res.json as Record<string, unknown>;
        assert.equal(
            body["@odata.context"],
            `https://graph.microsoft.com/v1.0/$metadata#organization('${IDS.tenantId}')/branding/localizations/$entity`,
        );
        assert.match(String(body["@odata.id"]), new RegExp(`Organization\\('${IDS.tenantId}'\\)//localizations/fr-FR$`));
        assert.deepEqual(
            [body.id, body.backgroundColor, body.signInPageText, body.usernameHintText, body.cdnList, body.bannerLogoRelativeUrl],
            ["fr-FR", "#00000F", " ", "", [], null],
        );
        const stored = await f.emu.admin.branding(IDS.tenantId);
        assert.deepEqual(Object.keys(stored?.localizations ?? {}), ["fr-FR"]);
        assert.equal(stored?.default.signInPageText, "Contoso", "the default is untouched");
    });

    it("creates the default branding too in a tenant that has none, as documented", async () => {
        const res = await create({ id: "de-DE", signInPageText: "Willkommen" }, IDS.fabrikamTenantId, t.fabrikam);
        assert.equal(res.status, 201);
        const list = await graphCall(f.emu, "GET", `${brandingPath(IDS.fabrikamTenantId)}/localizations`, { token: t.fabrikam });
        assert.deepEqual(
            (list.json as { value: Array<{ id: string; signInPageText: string }> }).value.map((v) => [v.id, v.signInPageText]),
            [
                ["0", ""],
                ["de-DE", "Willkommen"],
            ],
        );
    });

    it("stores a culture name as sent and accepts a language alone", async () => {
        assert.equal(((await create({ id: "pt-BR" })).json as { id: string }).id, "pt-BR");
        assert.equal(((await create({ id: "fr" })).json as { id: string }).id, "fr");
    });

    for (const [what, body, pattern] of [
        ["id 0", { id: "0" }, /default branding/],
        ["id default", { id: "default" }, /default branding/],
        ["a malformed id", { id: "french" }, /Invalid locale id value french/],
        ["no id", { signInPageText: "x" }, /'id' is required/],
        ["a stream property", { id: "fr-FR", squareLogo: "AAAA" }, /can't update Stream types/],
    ] as const) {
        it(`refuses a POST with ${what} with 400`, async () => {
            const res = await create(body);
            assert.deepEqual(statusAndCode(res), [400, "Request_BadRequest"]);
            assert.match(graphErrorOf(res).message, pattern);
            assert.deepEqual((await f.emu.admin.branding(IDS.tenantId))?.localizations, {});
        });
    }

    it("answers 409 to a second localization for the same locale", async () => {
        assert.equal((await create({ id: "fr-FR" })).status, 201);
        const res = await create({ id: "fr-FR", signInPageText: "again" });
        assert.equal(res.status, 409);
        assert.match(graphErrorOf(res).message, /one branding per locale/);
    });

    it("updates a localization with PATCH 204, and the default through localizations/0", async () => {
        await create({ id: "fr-FR", backgroundColor: "#00000F", signInPageText: "Bonjour" });
        const res = await graphCall(f.emu, "PATCH", localePath("fr-FR"), {
            token: t.contoso,
            json: { signInPageText: "Welcome to Contoso France.", usernameHintText: " " },
        });
        assert.deepEqual([res.status, res.text], [204, ""]);
        assert.equal((await graphCall(f.emu, "PATCH", localePath("0"), { token: t.contoso, json: { signInPageText: "Default" } })).status, 204);
        const stored = await f.emu.admin.branding(IDS.tenantId);
        const fr = stored?.localizations["fr-FR"];
        assert.deepEqual([fr?.signInPageText, fr?.usernameHintText, fr?.backgroundColor], ["Welcome to Contoso France.", " ", "#00000F"]);
        assert.equal(stored?.default.signInPageText, "Default");
    });

    it("answers 404 to PATCH, GET and DELETE of a locale without a localization", async () => {
        for (const method of ["PATCH", "GET", "DELETE"]) {
            const res = await graphCall(f.emu, method, localePath("es-ES"), {
                token: t.contoso,
                json: method === "PATCH" ? { signInPageText: "x" } : undefined,
            });
            assert.deepEqual(statusAndCode(res), [404, "Request_ResourceNotFound"], method);
        }
    });

    it("refuses a PATCH that renames the localization through id", async () => {
        await create({ id: "fr-FR" });
        const res = await graphCall(f.emu, "PATCH", localePath("fr-FR"), { token: t.contoso, json: { id: "fr-CA" } });
        assert.equal(res.status, 400);
        assert.match(graphErrorOf(res).message, /'id' is read-only/);
    });

    it("refuses to DELETE a localization while it has an image, and deletes it once the image is gone", async () => {
        await create({ id: "fr-FR" });
        const png = solidPng(20, 20, [1, 2, 3]);
        assert.equal(
            (
                await graphCall(f.emu, "PUT", `${localePath("fr-FR")}/squareLogo`, {
                    token: t.contoso,
                    body: png,
                    headers: { "content-type": "image/png" },
                })
            ).status,
            204,
        );
        const refused = await graphCall(f.emu, "DELETE", localePath("fr-FR"), { token: t.contoso });
        assert.equal(refused.status, 400);
        assert.match(graphErrorOf(refused).message, /images \(Stream types\) must first be removed.*squareLogo/);
        await graphCall(f.emu, "DELETE", `${localePath("fr-FR")}/squareLogo`, { token: t.contoso });
        assert.equal((await graphCall(f.emu, "DELETE", localePath("fr-FR"), { token: t.contoso })).status, 204);
        assert.deepEqual((await f.emu.admin.branding(IDS.tenantId))?.localizations, {});
    });

    it("refuses DELETE of localizations/0, which is the default branding", async () => {
        const res = await graphCall(f.emu, "DELETE", localePath("0"), { token: t.contoso });
        assert.equal(res.status, 400);
        assert.match(graphErrorOf(res).message, /DELETE \/organization\/\{id\}\/branding/);
    });
});
