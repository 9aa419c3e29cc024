/**
 * Pages with the tenant's live branding (branding-preview/live.ts, pages.ts), in Chromium: "before" is what the tenant
 * shows, "after" the program's branding over it, so what the program does not set (a banner logo, a text, a
 * localization made in the admin center) is on both, and what it sets replaces the live value.
 */
import { strict as assert } from "node:assert";
import * as os from "node:os";
import type { DeclaredTenant } from "../../branding-preview/declared";
import { stackArgs, type LiveOutcome } from "../../branding-preview/live";
import type { PageBranding } from "../../branding-preview/model";
import { plannedPages } from "../../branding-preview/pages";
import { decode, describeBrowser, near, pixel, png, pngImage, rgb, show } from "./browser";

const GREEN = png(200, 30, () => rgb("#107C10"));

/** The tenant's live branding: a banner logo and texts the program does not set, and a French localization. */
const LIVE: ReadonlyMap<string, PageBranding> = new Map([
    ["default", { texts: { signInPageText: "Live text", usernameHintText: "live@contoso.com" }, images: { bannerLogo: pngImage(GREEN) } }],
    ["fr-FR", { texts: { signInPageText: "Texte du locataire" }, images: {} }],
]);

/** A program that sets only the default branding's sign-in text. */
const TENANT: DeclaredTenant = { tenant: "", after: new Map([["default", { signInPageText: "Program text" }]]), stackSettings: {} };

function pagesWith(outcome: LiveOutcome) {
    return plannedPages([TENANT], { programDir: os.tmpdir() }, undefined, new Map([["", outcome]]));
}

describeBrowser("branding preview: the tenant's live branding", (fx) => {
    it("shows the live banner logo and hint on both sides, the live text before and the program's text after", async () => {
        const pages = pagesWith({ branding: LIVE }).filter((p) => p.locale === "default");
        assert.deepEqual(
            pages.map((p) => [p.side, p.file]),
            [
                ["declared", "default.png"],
                ["live", "default.before.png"],
            ],
        );
        const tab = await fx.tab();
        const seen: Record<string, string> = {};
        for (const p of pages) {
            const result = await show(tab, p.page);
            assert.deepEqual(result.notices, [], p.side);
            seen[p.side] = await tab.locator("[data-tk=signInPageText]").innerText();
            assert.equal(await tab.locator("[data-tk=usernameHintText]").getAttribute("placeholder"), "live@contoso.com", p.side);
            const b = await tab.locator("[data-tk=bannerLogo]").boundingBox();
            assert.ok(b, `${p.side}: no banner logo`);
            assert.ok(near(pixel(decode(await tab.screenshot()), b.x + 100, b.y + 15), rgb("#107C10")), `${p.side}: not the tenant's banner logo`);
        }
        assert.deepEqual(seen, { declared: "Program text", live: "Live text" });
    });

    it("shows a localization the tenant has and the program does not declare on both sides, with no problem", async () => {
        const pages = pagesWith({ branding: LIVE }).filter((p) => p.locale === "fr-FR");
        assert.equal(pages.length, 2);
        const tab = await fx.tab();
        for (const p of pages) {
            assert.deepEqual(p.page.notices, [], p.side);
            await show(tab, p.page);
            assert.equal(await tab.locator("[data-tk=signInPageText]").innerText(), "Texte du locataire", p.side);
        }
    });

    it("without the live branding shows the program's branding alone, and no before without state", () => {
        const pages = pagesWith({ unread: "--no-live" });
        assert.deepEqual(
            pages.map((p) => [p.side, p.page.branding.images.bannerLogo]),
            [["declared", undefined]],
        );
    });
});

describe("branding preview: the stack options pulumi config takes", () => {
    it("keeps --stack, -s and --config-file of the preview's arguments, in both spellings, and nothing else", () => {
        assert.deepEqual(stackArgs(["--stack", "dev", "--refresh", "-s", "org/p/dev", "--config-file=c.yaml", "--diff"]), [
            "--stack",
            "dev",
            "-s",
            "org/p/dev",
            "--config-file=c.yaml",
        ]);
    });
});
