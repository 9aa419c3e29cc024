/**
 * The emulator's sign-in page (`GET /login/{tenant}/branding-preview[/{locale}]`) in Chromium: built from the branding
 * the tenant holds after Graph writes, a localization over the default branding, and what it says when there is none.
 */
import { strict as assert } from "node:assert";
import { solidPng } from "../../emulator/seeds/png";
import { brandingPath, graphCall, localePath, tokens } from "../emulator/branding-helpers";
import { fetchAll, IDS, useEmulator } from "../support/emulator";
import { cssOf, decode, describeBrowser, near, pixel, rgb } from "./browser";

describeBrowser("the emulator's sign-in page", (fx) => {
    const f = useEmulator();
    const pageUrl = (tenant: string, locale?: string): string =>
        `${f.emu.url}/login/${tenant}/branding-preview${locale === undefined ? "" : `/${locale}`}`;

    it("shows what Graph writes applied: colour, texts, hidden link, banner logo and CSS", async () => {
        const token = (await tokens(f.emu)).contoso;
        const patch = await graphCall(f.emu, "PATCH", brandingPath(), {
            token,
            headers: { "accept-language": "0" },
            json: {
                backgroundColor: "#5C2D91",
                signInPageText: "Only for Contoso staff",
                loginPageTextVisibilitySettings: { hideForgotMyPassword: true },
            },
        });
        assert.equal(patch.status, 204, patch.text);
        const logo = solidPng(200, 30, [16, 124, 16]);
        const put = await graphCall(f.emu, "PUT", `${localePath("0")}/bannerLogo`, { token, headers: { "content-type": "image/png" }, body: logo });
        assert.equal(put.status, 204);
        const css = await graphCall(f.emu, "PUT", `${localePath("0")}/customCSS`, {
            token,
            headers: { "content-type": "text/css" },
            body: ".ext-title { color: #D13438; }",
        });
        assert.equal(css.status, 204);

        const tab = await fx.tab();
        await tab.goto(pageUrl(IDS.tenantId));
        await tab.waitForSelector("html[data-tk-ready]", { state: "attached" });
        assert.equal(await tab.locator("[data-tk=signInPageText]").innerText(), "Only for Contoso staff");
        assert.equal(await tab.locator("[data-tk=forgotMyPassword]").count(), 0);
        assert.equal(await cssOf(tab.locator(".ext-title"), "color"), "rgb(209, 52, 56)");
        const shot = decode(await tab.screenshot());
        assert.ok(near(pixel(shot, 40, 100), rgb("#5C2D91")));
        const b = await tab.locator("[data-tk=bannerLogo]").boundingBox();
        assert.ok(b);
        assert.ok(near(pixel(shot, b.x + 100, b.y + 15), [16, 124, 16]));
    });

    it("shows a localization over the default branding: its own text, the default's colour", async () => {
        await f.emu.admin.updateBranding(IDS.tenantId, "fr-FR", { signInPageText: "Réservé au personnel" }, { create: true });
        const tab = await fx.tab();
        await tab.goto(pageUrl(IDS.domain, "fr-fr"));
        await tab.waitForSelector("html[data-tk-ready]", { state: "attached" });
        assert.equal(await tab.locator("[data-tk=signInPageText]").innerText(), "Réservé au personnel");
        assert.equal(await tab.evaluate("document.documentElement.lang"), "fr-FR");
        assert.ok(near(pixel(decode(await tab.screenshot()), 40, 100), rgb("#0F6CBD")));
    });

    it("shows the default branding for a locale the tenant has no branding for, and says so", async () => {
        const tab = await fx.tab();
        await tab.goto(pageUrl(IDS.tenantId, "de-DE"));
        await tab.waitForSelector("html[data-tk-ready]", { state: "attached" });
        assert.equal(
            await tab.locator("#tk-notices li").innerText(),
            "de-DE: the tenant has no branding for this locale; the default branding is shown, as the service does",
        );
        assert.equal(await tab.locator("[data-tk=signInPageText]").innerText(), "Contoso");
    });

    it("shows Microsoft's default page for a tenant without branding, and says so", async () => {
        const tab = await fx.tab();
        await tab.goto(pageUrl(IDS.fabrikamTenantId));
        await tab.waitForSelector("html[data-tk-ready]", { state: "attached" });
        assert.equal(await tab.locator("#tk-notices li").innerText(), "default: the tenant has no branding; Microsoft's default page is shown");
        assert.equal(await tab.locator("[data-tk=bannerLogo]").innerText(), "Microsoft");
    });

    it("answers 400 for a locale that is not a culture name", async () => {
        const res = await fetchAll(pageUrl(IDS.tenantId, "not_a_locale"));
        assert.equal(res.status, 400);
        assert.match(res.text, /'not_a_locale' is not a locale/);
    });
});
