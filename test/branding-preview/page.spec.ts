/**
 * The sign-in page in headless Chromium: elements where the branding puts them, hidden links hidden, the tenant's CSS
 * applied through Microsoft's `ext-*` classes, a missing or undecodable image shown as missing (the colour shows),
 * right-to-left locales, and pictures compared with ones the tests make from known inputs.
 */
import { strict as assert } from "node:assert";
import type { PageBranding } from "../../branding-preview/model";
import { cssOf, describeBrowser, decode, difference, near, pageOf, pixel, png, pngImage, rgb, show, type Box } from "./browser";

/** The example's colours and texts, the start of every case. */
const BASE: PageBranding = {
    texts: { backgroundColor: "#0F6CBD", signInPageText: "Authorized use only.", usernameHintText: "someone@contoso.com" },
    images: {},
};

/** A banner logo of 240x36 px in four vertical stripes, so a misplaced or scaled copy cannot pass for it. */
const STRIPES = png(240, 36, (x) => [rgb("#D13438"), rgb("#107C10"), rgb("#FFB900"), rgb("#5C2D91")][Math.floor(x / 60)]);

/** Bytes that start as a PNG and are not one: the service stores them, no browser can show them. */
const UNDECODABLE = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("not the rest of a PNG")]);

/** The top-left quarter of the window below any header: background only, in both layouts and without the label. */
const BACKGROUND_ONLY: Box = { x: 0, y: 80, width: 320, height: 200 };

describeBrowser("the sign-in page in Chromium", (fx) => {
    it("puts the banner logo, the username hint and the sign-in text inside the sign-in box", async () => {
        const tab = await fx.tab();
        await show(tab, pageOf({ ...BASE, images: { bannerLogo: pngImage(STRIPES) } }));
        const box = await tab.locator("[data-tk=signInBox]").boundingBox();
        assert.ok(box);
        for (const part of ["bannerLogo", "usernameHintText", "signInPageText"]) {
            const b = await tab.locator(`[data-tk=${part}]`).boundingBox();
            assert.ok(b, `${part} is not on the page`);
            assert.ok(
                b.x >= box.x && b.y >= box.y && b.x + b.width <= box.x + box.width && b.y + b.height <= box.y + box.height,
                `${part} is outside the sign-in box`,
            );
        }
        assert.equal(await tab.locator("[data-tk=usernameHintText]").getAttribute("placeholder"), "someone@contoso.com");
        assert.equal(await tab.locator("[data-tk=signInPageText]").innerText(), "Authorized use only.");
    });

    it("shows the banner logo pixel for pixel as the image the test made", async () => {
        const tab = await fx.tab();
        await show(tab, pageOf({ ...BASE, images: { bannerLogo: pngImage(STRIPES) } }));
        const b = await tab.locator("[data-tk=bannerLogo]").boundingBox();
        assert.ok(b);
        assert.deepEqual([b.width, b.height], [240, 36]);
        const shot = decode(await tab.screenshot());
        assert.ok(difference(decode(STRIPES), shot, { x: 0, y: 0, width: 240, height: 36 }, 8, { x: Math.round(b.x), y: Math.round(b.y) }) < 0.01);
    });

    it("fills the window behind the sign-in box with a one-colour background image as it does with that colour alone", async () => {
        const tab = await fx.tab();
        const teal = png(192, 108, () => rgb("#038387"));
        await show(tab, pageOf({ ...BASE, images: { backgroundImage: pngImage(teal) } }));
        const withImage = decode(await tab.screenshot());
        await show(tab, pageOf({ ...BASE, texts: { ...BASE.texts, backgroundColor: "#038387" } }));
        const withColour = decode(await tab.screenshot());
        assert.ok(difference(withImage, withColour, { x: 0, y: 0, width: 1280, height: 600 }) < 0.001);
        assert.ok(near(pixel(withImage, 40, 100), rgb("#038387")));
    });

    it("shows the header at the top with its colour and logo when isHeaderShown is true", async () => {
        const tab = await fx.tab();
        await show(
            tab,
            pageOf({
                ...BASE,
                texts: { ...BASE.texts, headerBackgroundColor: "#FFF4CE" },
                layout: { isHeaderShown: true },
                images: { headerLogo: pngImage(STRIPES) },
            }),
        );
        const header = await tab.locator("[data-tk=header]").boundingBox();
        const logo = await tab.locator("[data-tk=headerLogo]").boundingBox();
        assert.ok(header && logo);
        assert.equal(header.y, 0);
        assert.equal(header.width, 1280);
        assert.ok(logo.y >= header.y && logo.y + logo.height <= header.height);
        assert.ok(near(pixel(decode(await tab.screenshot()), 1000, 10), rgb("#FFF4CE")));
    });

    it("has no header when the layout does not ask for one", async () => {
        const tab = await fx.tab();
        await show(tab, pageOf({ ...BASE, images: { headerLogo: pngImage(STRIPES) } }));
        assert.equal(await tab.locator("[data-tk=header]").count(), 0);
    });

    it("hides the footer when isFooterShown is false", async () => {
        const tab = await fx.tab();
        await show(tab, pageOf({ ...BASE, layout: { isFooterShown: false } }));
        assert.equal(await tab.locator(".ext-footer").count(), 0);
    });

    it("puts the background on the left and a full-height sign-in panel on the right in the verticalSplit layout", async () => {
        const tab = await fx.tab();
        await show(tab, pageOf({ ...BASE, layout: { layoutTemplateType: "verticalSplit" } }));
        const panel = await tab.locator(".ext-vertical-split-background-image-container").boundingBox();
        const box = await tab.locator("[data-tk=signInBox]").boundingBox();
        assert.ok(panel && box);
        assert.equal(panel.x + panel.width, 1280);
        assert.equal(panel.height, 800);
        assert.ok(box.x > 640, "the sign-in box is not on the right half");
        assert.ok(near(pixel(decode(await tab.screenshot()), 100, 300), rgb("#0F6CBD")));
    });

    it("hides all three self-service password reset links with hideAccountResetCredentials", async () => {
        const tab = await fx.tab();
        await show(tab, pageOf({ ...BASE, visibility: { hideAccountResetCredentials: true } }));
        for (const link of ["cannotAccessYourAccount", "forgotMyPassword", "resetItNow"])
            assert.equal(await tab.locator(`[data-tk=${link}]`).count(), 0, link);
    });

    it("hides only the link a single flag names, and shows the others with their custom texts and URL", async () => {
        const tab = await fx.tab();
        await show(
            tab,
            pageOf({
                ...BASE,
                texts: {
                    ...BASE.texts,
                    customForgotMyPasswordText: "Mot de passe oublié",
                    customAccountResetCredentialsUrl: "https://sspr.contoso.com/reset",
                },
                visibility: { hideCannotAccessYourAccount: true },
            }),
        );
        assert.equal(await tab.locator("[data-tk=cannotAccessYourAccount]").count(), 0);
        const forgot = tab.locator("[data-tk=forgotMyPassword]");
        assert.ok(await forgot.isVisible());
        assert.equal(await forgot.innerText(), "Mot de passe oublié");
        assert.equal(await forgot.getAttribute("href"), "https://sspr.contoso.com/reset");
    });

    it("hides the footer's terms of use with hideTermsOfUse and shows the privacy link's custom text and URL", async () => {
        const tab = await fx.tab();
        await show(
            tab,
            pageOf({
                ...BASE,
                texts: {
                    ...BASE.texts,
                    customPrivacyAndCookiesText: "Privacy at Contoso",
                    customPrivacyAndCookiesUrl: "https://contoso.com/privacy",
                },
                visibility: { hideTermsOfUse: true },
            }),
        );
        assert.equal(await tab.locator("[data-tk=termsOfUse]").count(), 0);
        const privacy = tab.locator("[data-tk=privacyAndCookies]");
        assert.equal(await privacy.innerText(), "Privacy at Contoso");
        assert.equal(await privacy.getAttribute("href"), "https://contoso.com/privacy");
        const footer = await tab.locator("[data-tk=footer]").boundingBox();
        assert.ok(footer && footer.y + footer.height === 800, "the footer is not at the bottom");
    });

    it("styles the page with the tenant's CSS through Microsoft's ext-* classes", async () => {
        const tab = await fx.tab();
        const css =
            ".ext-sign-in-box { background-color: #FDE7E9; border-radius: 12px; }\n.ext-button.ext-primary { background: #107C10; }\n.ext-footer { display: none; }";
        const found = await show(tab, pageOf({ ...BASE, customCSS: css }));
        assert.deepEqual(found.notices, []);
        const style = (sel: string, prop: string) => cssOf(tab.locator(sel), prop);
        assert.equal(await style(".ext-sign-in-box", "background-color"), "rgb(253, 231, 233)");
        assert.equal(await style(".ext-sign-in-box", "border-top-left-radius"), "12px");
        assert.equal(await style(".ext-button.ext-primary", "background-color"), "rgb(16, 124, 16)");
        assert.equal(await tab.locator(".ext-footer").isVisible(), false);
    });

    it("names by line a CSS rule that does not parse and still applies the rules around it", async () => {
        const tab = await fx.tab();
        const css =
            ".ext-title { color: #A4262C; }\n.ext-sign-in-box >> .ext-title { color: red; }\n.ext-subtitle, .ext-boilerplate-text { color: #107C10; }\n.ext-sign-in-box { border-radius: 10px;";
        const found = await show(tab, pageOf({ ...BASE, customCSS: css }, "fr-FR"));
        const messages = found.notices.map((n) => n.message);
        assert.ok(
            messages.includes('customCSS (fr-FR): line 2: ".ext-sign-in-box >> .ext-title" does not parse; the browser ignores this rule'),
            messages.join("\n"),
        );
        assert.ok(messages.includes('customCSS (fr-FR): line 4: "{" is never closed; the browser ignores the rule'), messages.join("\n"));
        assert.ok(found.notices.every((n) => n.property === "customCSS" && n.locale === "fr-FR"));
        const color = (sel: string) => cssOf(tab.locator(sel), "color");
        assert.equal(await color(".ext-title"), "rgb(164, 38, 44)");
        assert.equal(await color(".ext-boilerplate-text"), "rgb(16, 124, 16)");
        assert.equal(await tab.locator("#tk-notices li").count(), 2, "the page does not list the problems");
    });

    it("names the side of a before/after pair in the CSS messages of its page", async () => {
        const tab = await fx.tab();
        const found = await show(tab, { ...pageOf({ ...BASE, customCSS: "a >> b { color: red; }" }, "fr-FR"), label: "fr-FR, as applied" });
        assert.deepEqual(
            found.notices.map((n) => n.message),
            ['customCSS (fr-FR, as applied): line 1: "a >> b" does not parse; the browser ignores this rule'],
        );
    });

    it("says which ext- class of the tenant's CSS is not one of Microsoft's", async () => {
        const tab = await fx.tab();
        const found = await show(tab, pageOf({ ...BASE, customCSS: ".ext-signin-box { color: red; }" }));
        assert.deepEqual(
            found.notices.map((n) => n.message),
            ["customCSS (default): line 1: .ext-signin-box is not a class of Microsoft's CSS reference for company branding"],
        );
    });

    it("shows an undecodable background image as missing, naming property and locale: the colour shows as with no image", async () => {
        const tab = await fx.tab();
        const found = await show(
            tab,
            pageOf(
                {
                    ...BASE,
                    images: { backgroundImage: { dataUrl: `data:image/png;base64,${UNDECODABLE.toString("base64")}`, source: "assets/bg.png" } },
                },
                "de-DE",
            ),
        );
        assert.deepEqual(found.notices, [
            {
                property: "backgroundImage",
                locale: "de-DE",
                message: "backgroundImage (de-DE): the browser cannot decode the image (assets/bg.png); the page is shown without it",
            },
        ]);
        const broken = decode(await tab.screenshot());
        await show(tab, pageOf(BASE, "de-DE"));
        const plain = decode(await tab.screenshot());
        assert.ok(difference(broken, plain, BACKGROUND_ONLY) < 0.001);
        assert.ok(near(pixel(broken, 40, 100), rgb("#0F6CBD")));
    });

    it("leaves an undecodable banner logo out instead of showing a broken image", async () => {
        const tab = await fx.tab();
        const found = await show(
            tab,
            pageOf({ ...BASE, images: { bannerLogo: { dataUrl: `data:image/png;base64,${UNDECODABLE.toString("base64")}`, source: "banner.png" } } }),
        );
        assert.equal(found.notices[0]?.property, "bannerLogo");
        assert.equal(await tab.locator("[data-tk=bannerLogo]").isVisible(), false);
        assert.ok(await tab.locator(".ext-title").isVisible(), "the rest of the page did not render");
    });

    it("renders an Arabic locale right to left: the title at the box's right edge, the footer links on the left", async () => {
        const tab = await fx.tab();
        await show(tab, pageOf({ ...BASE, texts: { ...BASE.texts, signInPageText: "الاستخدام المصرح به فقط" } }, "ar-SA"));
        assert.equal(await tab.evaluate("document.documentElement.dir"), "rtl");
        assert.equal(await tab.evaluate("document.documentElement.lang"), "ar-SA");
        const box = await tab.locator("[data-tk=signInBox]").boundingBox();
        const title = await tab.locator(".ext-title").boundingBox();
        const text = await tab.locator("[data-tk=signInPageText]").boundingBox();
        const links = await tab.locator(".ext-footer-links").boundingBox();
        assert.ok(box && title && text && links);
        assert.ok(Math.abs(title.x + title.width - (box.x + box.width - 44)) < 2, "the title does not start at the right");
        assert.ok(Math.abs(text.x + text.width - (box.x + box.width - 44)) < 2, "the sign-in text does not start at the right");
        assert.ok(links.x < 640, "the footer links are not on the left");
    });

    it("keeps a left-to-right locale left to right", async () => {
        const tab = await fx.tab();
        await show(tab, pageOf(BASE, "fr-FR"));
        const box = await tab.locator("[data-tk=signInBox]").boundingBox();
        const title = await tab.locator(".ext-title").boundingBox();
        assert.ok(box && title);
        assert.equal(await tab.evaluate("document.documentElement.dir"), "ltr");
        assert.ok(Math.abs(title.x - (box.x + 44)) < 2);
    });

    it("shows a text of the branding as text: it cannot add markup or end the page's script", async () => {
        const tab = await fx.tab();
        const hostile = '</script><img id="injected" src="x" onerror="document.title=1">"\'&';
        await show(
            tab,
            pageOf({ ...BASE, texts: { ...BASE.texts, signInPageText: hostile, usernameHintText: hostile }, customCSS: `/* ${hostile} */` }),
        );
        assert.equal(await tab.locator("#injected").count(), 0);
        assert.equal(await tab.locator("[data-tk=signInPageText]").innerText(), hostile);
        assert.equal(await tab.title(), "Sign in to your account");
    });

    it("labels the page as an approximation", async () => {
        const tab = await fx.tab();
        await show(tab, pageOf(BASE));
        assert.match(await tab.locator("[data-tk=label]").innerText(), /Approximation of the Microsoft Entra sign-in page/);
    });
});
