import { strict as assert } from "node:assert";
import { DEFAULT_SEED_BRANDING } from "../../emulator/seeds/default";
import { brandingPath, graphCall, graphErrorOf, localePath, statusAndCode, tokens, type Tokens } from "./branding-helpers";
import { IDS, useEmulator } from "../support/emulator";

const CDN = ["secure.aadcdn.microsoftonline-p.com", "aadcdn.msftauthimages.net", "aadcdn.msauthimages.net"];

describe("emulator Graph branding reads", () => {
    const f = useEmulator();
    let t: Tokens;
    beforeEach(async () => {
        t = await tokens(f.emu);
        await f.emu.admin.updateBranding(IDS.tenantId, "fr-FR", { signInPageText: "Bienvenue", backgroundColor: "#FFFF33" }, { create: true });
    });

    it('returns the seeded default branding with id 0, every property, unset strings as "" and the CDN list', async () => {
        const res = await graphCall(f.emu, "GET", brandingPath(), { token: t.contoso, headers: { "accept-language": "0" } });
        assert.equal(res.status, 200);
        const body = res.json as Record<string, unknown>;
        assert.equal(body["@odata.context"], "https://graph.microsoft.com/v1.0/$metadata#branding");
        assert.match(String(body["@odata.id"]), new RegExp(`Organization\\('${IDS.tenantId}'\\)/branding/0$`));
        assert.deepEqual(
            [body.id, body.backgroundColor, body.signInPageText, body.usernameHintText],
            ["0", "#0F6CBD", "Contoso", DEFAULT_SEED_BRANDING.usernameHintText],
        );
        assert.deepEqual(body.cdnList, CDN);
        assert.match(String(body.bannerLogoRelativeUrl), /^c1c6b6c8-[0-9a-z]+\/logintenantbranding\/0\/bannerlogo\?ts=\d{18}$/);
        assert.deepEqual([body.backgroundImageRelativeUrl, body.loginPageLayoutConfiguration, body.customTermsOfUseUrl], [null, null, ""]);
        assert.equal(Object.keys(body).length, 3 + 24, "annotations, id and the 24 non-stream properties");
        assert.equal(body.bannerLogo, undefined, "never a stream's content");
    });

    for (const header of [undefined, "default", "DEFAULT", "*"]) {
        it(`selects the default branding for Accept-Language ${header ?? "absent"}`, async () => {
            const res = await graphCall(f.emu, "GET", brandingPath(), {
                token: t.contoso,
                headers: header === undefined ? {} : { "accept-language": header },
            });
            assert.deepEqual([res.status, (res.json as { id: string }).id], [200, "0"]);
        });
    }

    it("selects a localization by Accept-Language, in any letter case", async () => {
        const res = await graphCall(f.emu, "GET", brandingPath(), { token: t.contoso, headers: { "accept-language": "fr-fr" } });
        const body = res.json as Record<string, unknown>;
        assert.deepEqual([res.status, body.id, body.signInPageText, body.cdnList], [200, "fr-FR", "Bienvenue", []]);
        assert.match(String(body["@odata.id"]), /\/branding\/fr-FR$/);
    });

    it("answers 404 with a Graph error for a locale that has no localization", async () => {
        const res = await graphCall(f.emu, "GET", brandingPath(), { token: t.contoso, headers: { "accept-language": "de-DE" } });
        assert.deepEqual(statusAndCode(res), [404, "Request_ResourceNotFound"]);
        assert.match(graphErrorOf(res).message, /'de-DE'/);
    });

    it("answers 404 with an empty body, but Graph's request ids, for a tenant without default branding", async () => {
        const res = await graphCall(f.emu, "GET", brandingPath(IDS.fabrikamTenantId), { token: t.fabrikam, headers: { "accept-language": "0" } });
        assert.deepEqual([res.status, res.text], [404, ""]);
        assert.ok(res.headers.get("request-id"));
        const list = await graphCall(f.emu, "GET", `${brandingPath(IDS.fabrikamTenantId)}/localizations`, { token: t.fabrikam });
        assert.deepEqual([list.status, list.text], [404, ""]);
    });

    it("returns only the $select-ed properties plus id", async () => {
        const res = await graphCall(f.emu, "GET", `${brandingPath()}?$select=signInPageText,cdnList`, { token: t.contoso });
        const { "@odata.context": _c, "@odata.id": _i, ...props } = res.json as Record<string, unknown>;
        assert.deepEqual(props, { id: "0", cdnList: CDN, signInPageText: "Contoso" });
    });

    it("refuses $select of an unknown property with 400 naming it", async () => {
        const res = await graphCall(f.emu, "GET", `${brandingPath()}?$select=signInPageTxt`, { token: t.contoso });
        assert.equal(res.status, 400);
        assert.match(graphErrorOf(res).message, /'signInPageTxt'/);
    });

    it("lists the default as id 0 first, then the localizations", async () => {
        await f.emu.admin.updateBranding(IDS.tenantId, "de", { signInPageText: "Willkommen" }, { create: true });
        const res = await graphCall(f.emu, "GET", `${brandingPath()}/localizations`, { token: t.contoso });
        const body = res.json as { "@odata.context": string; value: Array<Record<string, unknown>> };
        assert.equal(body["@odata.context"], `https://graph.microsoft.com/v1.0/$metadata#organization('${IDS.tenantId}')/branding/localizations`);
        assert.deepEqual(
            body.value.map((v) => [v.id, v.signInPageText]),
            [
                ["0", "Contoso"],
                ["fr-FR", "Bienvenue"],
                ["de", "Willkommen"],
            ],
        );
        assert.match(String(body.value[1]["@odata.id"]), /\/\/localizations\/fr-FR$/);
    });

    it("gets a localization, and the default through 0 and default", async () => {
        const fr = await graphCall(f.emu, "GET", localePath("fr-FR"), { token: t.contoso });
        const body = fr.json as Record<string, unknown>;
        assert.deepEqual(
            [fr.status, body.id, body.backgroundColor, body["@odata.type"]],
            [200, "fr-FR", "#FFFF33", "#microsoft.graph.organizationalBrandingProperties"],
        );
        for (const id of ["0", "default"]) {
            const res = await graphCall(f.emu, "GET", localePath(id), { token: t.contoso });
            assert.deepEqual([res.status, (res.json as { id: string }).id], [200, "0"]);
        }
        assert.deepEqual(statusAndCode(await graphCall(f.emu, "GET", localePath("it-IT"), { token: t.contoso })), [404, "Request_ResourceNotFound"]);
    });

    it("gets one property of a localization as {@odata.context, value}", async () => {
        const res = await graphCall(f.emu, "GET", `${localePath("fr-FR")}/signInPageText`, { token: t.contoso });
        assert.deepEqual(res.json, {
            "@odata.context": `https://graph.microsoft.com/v1.0/$metadata#organization('${IDS.tenantId}')/branding/localizations('fr-FR')/signInPageText`,
            value: "Bienvenue",
        });
        const unknown = await graphCall(f.emu, "GET", `${localePath("fr-FR")}/nothing`, { token: t.contoso });
        assert.deepEqual([unknown.status, graphErrorOf(unknown).message], [400, "Resource not found for the segment 'nothing'."]);
    });

    it("lets a delegated User.Read token read, and refuses an app without a read permission", async () => {
        const { access_token } = await f.emu.admin.mintUserToken({ tenant: IDS.domain, user: IDS.bobUpn, scopes: ["User.Read"] });
        assert.equal((await graphCall(f.emu, "GET", brandingPath(), { token: access_token })).status, 200);
        const denied = await graphCall(f.emu, "GET", brandingPath(), { token: t.none });
        assert.deepEqual(statusAndCode(denied), [403, "Authorization_RequestDenied"]);
    });

    it("lets a tenant without the branding license read its branding", async () => {
        await f.emu.admin.updateBranding(IDS.northwindTenantId, "0", { signInPageText: "Northwind" }, { create: true });
        const res = await graphCall(f.emu, "GET", brandingPath(IDS.northwindTenantId), { token: t.northwind });
        assert.deepEqual([res.status, (res.json as { signInPageText: string }).signInPageText], [200, "Northwind"]);
    });
});
