import { strict as assert } from "node:assert";
import { DEFAULT_SEED_BRANDING } from "../../emulator/seeds/default";
import { brandingPath, graphCall, graphErrorOf, localePath, statusAndCode, tokens, type Tokens } from "./branding-helpers";
import { IDS, useEmulator } from "../support/emulator";

const DEFAULT = { "accept-language": "0" };

describe("emulator Graph default branding PATCH and DELETE", () => {
    const f = useEmulator();
    let t: Tokens;
    beforeEach(async () => {
        t = await tokens(f.emu);
    });

    async function patch(json: unknown, headers: Record<string, string> = DEFAULT, token = t.contoso): ReturnType<typeof graphCall> {
        return graphCall(f.emu, "PATCH", brandingPath(), { token, json, headers });
    }

    it("applies the documented example with 204 and keeps the properties it does not name", async () => {
        const res = await patch({ signInPageText: "Default", usernameHintText: "DefaultHint" });
        assert.deepEqual([res.status, res.text], [204, ""]);
        const after = await f.emu.admin.branding(IDS.tenantId);
        assert.deepEqual([after?.default.signInPageText, after?.default.usernameHintText], ["Default", "DefaultHint"]);
        assert.equal(after?.default.backgroundColor, DEFAULT_SEED_BRANDING.backgroundColor);
        assert.equal(after?.default.bannerLogo?.sha256, DEFAULT_SEED_BRANDING.bannerLogoSha256);
    });

    it("accepts Accept-Language default as well as 0", async () => {
        assert.equal((await patch({ signInPageText: "x" }, { "accept-language": "default" })).status, 204);
    });

    it('clears a property sent as null, so it reads as "" again', async () => {
        assert.equal((await patch({ backgroundColor: null })).status, 204);
        const res = await graphCall(f.emu, "GET", brandingPath(), { token: t.contoso });
        assert.equal((res.json as { backgroundColor: string }).backgroundColor, "");
    });

    it("merges complex values member by member and clears them with null", async () => {
        await patch({ loginPageLayoutConfiguration: { layoutTemplateType: "verticalSplit", isHeaderShown: true } });
        await patch({ loginPageLayoutConfiguration: { isFooterShown: false }, loginPageTextVisibilitySettings: { hideForgotMyPassword: true } });
        const body = (await graphCall(f.emu, "GET", brandingPath(), { token: t.contoso })).json as Record<string, Record<string, unknown> | null>;
        assert.deepEqual(body.loginPageLayoutConfiguration, { layoutTemplateType: "verticalSplit", isHeaderShown: true, isFooterShown: false });
        assert.equal(body.loginPageTextVisibilitySettings?.hideForgotMyPassword, true);
        assert.equal(body.loginPageTextVisibilitySettings?.hideTermsOfUse, null);
        await patch({ loginPageLayoutConfiguration: null });
        assert.equal((await f.emu.admin.branding(IDS.tenantId))?.default.loginPageLayoutConfiguration, null);
    });

    it("gives contentCustomization collections a read-only relative URL, and none when emptied", async () => {
        await patch({ contentCustomization: { attributeCollection: [{ key: "Email_Label", value: "Work email" }] } });
        const set = (await f.emu.admin.branding(IDS.tenantId))?.default.contentCustomization;
        assert.deepEqual(set?.attributeCollection, [{ key: "Email_Label", value: "Work email" }]);
        assert.match(set?.attributeCollectionRelativeUrl ?? "", /\/logintenantbranding\/0\/attributecollection\?ts=\d+$/);
        assert.equal(set?.registrationCampaignRelativeUrl, null);
        await patch({ contentCustomization: { attributeCollection: [] } });
        assert.equal((await f.emu.admin.branding(IDS.tenantId))?.default.contentCustomization?.attributeCollectionRelativeUrl, null);
    });

    it("refuses a PATCH without Accept-Language with 400 naming the header, and changes nothing", async () => {
        const res = await patch({ signInPageText: "x" }, {});
        assert.deepEqual(statusAndCode(res), [400, "Request_BadRequest"]);
        assert.match(graphErrorOf(res).message, /Accept-Language/);
        assert.equal((await f.emu.admin.branding(IDS.tenantId))?.default.signInPageText, "Contoso");
    });

    it("refuses a PATCH of /branding with a locale in Accept-Language, pointing at the localization path", async () => {
        const res = await patch({ signInPageText: "x" }, { "accept-language": "fr-FR" });
        assert.equal(res.status, 400);
        assert.match(graphErrorOf(res).message, /branding\/localizations\/fr-FR/);
    });

    it("answers 404 Request_ResourceNotFound to a PATCH in a tenant without default branding", async () => {
        const res = await graphCall(f.emu, "PATCH", brandingPath(IDS.fabrikamTenantId), {
            token: t.fabrikam,
            json: { signInPageText: "x" },
            headers: DEFAULT,
        });
        assert.deepEqual(statusAndCode(res), [404, "Request_ResourceNotFound"]);
        assert.equal(await f.emu.admin.branding(IDS.fabrikamTenantId), null);
    });

    const refused: Array<[string, Record<string, unknown>, RegExp]> = [
        [
            "a stream property",
            { signInPageText: "x", bannerLogo: "iVBORw0KGgo=" },
            /can't update Stream types with other data types in the same request/,
        ],
        ["a read-only property", { bannerLogoRelativeUrl: "x" }, /'bannerLogoRelativeUrl' is read-only/],
        ["cdnList", { cdnList: [] }, /'cdnList' is read-only/],
        ["an unknown property", { signInPageTxt: "x" }, /'signInPageTxt' does not exist/],
        ["a string of the wrong type", { signInPageText: 42 }, /Invalid value specified for property 'signInPageText'/],
        [
            "an unknown layout template",
            { loginPageLayoutConfiguration: { layoutTemplateType: "horizontalSplit" } },
            /'loginPageLayoutConfiguration\.layoutTemplateType'/,
        ],
        [
            "a non-Boolean visibility flag",
            { loginPageTextVisibilitySettings: { hideTermsOfUse: "yes" } },
            /'loginPageTextVisibilitySettings\.hideTermsOfUse'/,
        ],
        ["a read-only contentCustomization URL", { contentCustomization: { attributeCollectionRelativeUrl: "x" } }, /read-only/],
        ["a null keyValue collection", { contentCustomization: { registrationCampaign: null } }, /'contentCustomization\.registrationCampaign'/],
    ];
    for (const [what, body, message] of refused) {
        it(`refuses a body with ${what} with 400 Request_BadRequest, and changes nothing`, async () => {
            const res = await patch(body);
            assert.deepEqual(statusAndCode(res), [400, "Request_BadRequest"]);
            assert.match(graphErrorOf(res).message, message);
            assert.equal((await f.emu.admin.branding(IDS.tenantId))?.default.signInPageText, "Contoso");
        });
    }

    it("refuses DELETE while the default branding has an image, then deletes it and its localizations", async () => {
        await f.emu.admin.updateBranding(IDS.tenantId, "fr-FR", { signInPageText: "Bonjour" }, { create: true });
        const refusedRes = await graphCall(f.emu, "DELETE", brandingPath(), { token: t.contoso, json: { id: "0" } });
        assert.deepEqual(statusAndCode(refusedRes), [400, "Request_BadRequest"]);
        assert.match(graphErrorOf(refusedRes).message, /all images \(Stream types\) must first be removed.*bannerLogo/);
        assert.equal((await graphCall(f.emu, "DELETE", `${localePath("0")}/bannerLogo`, { token: t.contoso })).status, 204);
        const deleted = await graphCall(f.emu, "DELETE", brandingPath(), { token: t.contoso, json: { id: "0" }, headers: { "if-match": 'W/"1"' } });
        assert.equal(deleted.status, 204);
        assert.equal(await f.emu.admin.branding(IDS.tenantId), null);
        assert.deepEqual([(await graphCall(f.emu, "GET", brandingPath(), { token: t.contoso })).status], [404]);
    });

    it("deletes without a body too, and answers 404 once there is nothing to delete", async () => {
        await f.emu.admin.deleteBrandingStream(IDS.tenantId, "0", "bannerLogo");
        assert.equal((await graphCall(f.emu, "DELETE", brandingPath(), { token: t.contoso })).status, 204);
        assert.deepEqual(statusAndCode(await graphCall(f.emu, "DELETE", brandingPath(), { token: t.contoso })), [404, "Request_ResourceNotFound"]);
    });

    it("refuses writes to a token that may only read, with 403 Insufficient privileges", async () => {
        const { access_token } = await f.emu.admin.mintUserToken({
            tenant: IDS.domain,
            user: IDS.aliceUpn,
            scopes: ["User.Read", "Organization.Read.All"],
        });
        for (const res of [await patch({ signInPageText: "x" }, DEFAULT, access_token), await patch({ signInPageText: "x" }, DEFAULT, t.none)]) {
            assert.deepEqual(
                [res.status, graphErrorOf(res).code, graphErrorOf(res).message],
                [403, "Authorization_RequestDenied", "Insufficient privileges to complete the operation."],
            );
        }
        const admin = await f.emu.admin.mintUserToken({ tenant: IDS.domain, user: IDS.aliceUpn, scopes: ["Organization.ReadWrite.All"] });
        assert.equal((await patch({ signInPageText: "x" }, DEFAULT, admin.access_token)).status, 204);
    });

    it("refuses every write in a tenant without the custom branding license with a 403 that names the license", async () => {
        await f.emu.admin.setPremium(IDS.tenantId, false);
        const writes = [
            await patch({ signInPageText: "x" }),
            await graphCall(f.emu, "DELETE", brandingPath(), { token: t.contoso }),
            await graphCall(f.emu, "POST", `${brandingPath()}/localizations`, { token: t.contoso, json: { id: "fr-FR" } }),
            await graphCall(f.emu, "PUT", `${localePath("0")}/favicon`, { token: t.contoso, body: "x", headers: { "content-type": "image/png" } }),
            await graphCall(f.emu, "POST", `${brandingPath(IDS.northwindTenantId)}/localizations`, { token: t.northwind, json: { id: "fr-FR" } }),
        ];
        for (const res of writes) {
            assert.equal(res.status, 403);
            assert.match(graphErrorOf(res).message, /license/);
        }
        assert.equal(await f.emu.admin.branding(IDS.northwindTenantId), null);
        await f.emu.admin.setPremium(IDS.tenantId, true);
        assert.equal((await patch({ signInPageText: "x" })).status, 204);
    });
});
