/**
 * branding-preview (issue 29): `tenantkit-branding-preview` rendering 20 locales (a default branding with a background
 * image, banner logo, favicon and CSS, and 19 localizations, three right to left) to PNG files and its HTML page, from
 * an inputs file, against Chromium loading 20 static pages of the same size (the same pages' HTML with their images in
 * place, the script removed and padded to the same bytes, read from files and set as the preview sets its pages) and
 * screenshotting them, in the same run; goal at most 2x.
 * Both sides start their own Chromium, as a user's run does; runs alternate.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PNG } from "pngjs";
import { launchChromium } from "../branding-preview/browser";
import { fromInputsFile } from "../branding-preview/declared";
import { signInPageHtml } from "../branding-preview/page";
import { plannedPages } from "../branding-preview/pages";
import { runPreview } from "../branding-preview/preview";
import { DEFAULT_VIEWPORT } from "../branding-preview/render";
import { inTurn, result, timeMs, type Benchmark } from "./lib";

const LOCALES = [
    "ar-SA",
    "cs-CZ",
    "da-DK",
    "de-DE",
    "es-ES",
    "fi-FI",
    "fr-FR",
    "he-IL",
    "hu-HU",
    "it-IT",
    "ja-JP",
    "ko-KR",
    "nb-NO",
    "nl-NL",
    "pl-PL",
    "pt-BR",
    "sv-SE",
    "fa-IR",
    "zh-CN",
];

/** A PNG of a colour gradient, so the background is not one flat colour the encoder compresses to nothing. */
function gradient(width: number, height: number): Buffer {
    const image = new PNG({ width, height });
    for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
            const i = (y * width + x) * 4;
            image.data.set([(x * 255) / width, (y * 255) / height, 160, 255], i);
        }
    }
    return PNG.sync.write(image);
}

/** The inputs file and its assets for `locales` localizations. */
function project(dir: string, locales: readonly string[]): string {
    fs.mkdirSync(path.join(dir, "assets"), { recursive: true });
    fs.writeFileSync(path.join(dir, "assets", "background.png"), gradient(960, 540));
    fs.writeFileSync(path.join(dir, "assets", "banner.png"), gradient(240, 36));
    fs.writeFileSync(path.join(dir, "assets", "favicon.png"), gradient(32, 32));
    fs.writeFileSync(
        path.join(dir, "assets", "signin.css"),
        ".ext-sign-in-box { border-radius: 8px; }\n.ext-button.ext-primary { background: #107C10; }\n",
    );
    const inputs = {
        branding: {
            backgroundColor: "#0F6CBD",
            signInPageText: "Authorized use only. Activity is monitored.",
            usernameHintText: "someone@contoso.com",
            backgroundImage: "assets/background.png",
            bannerLogo: "assets/banner.png",
            favicon: "assets/favicon.png",
            customCSS: "assets/signin.css",
            loginPageTextVisibilitySettings: { hideCannotAccessYourAccount: true },
        },
        localizations: locales.map((locale) => ({
            locale,
            signInPageText: `Sign-in text for ${locale}`,
            usernameHintText: `user@contoso.com (${locale})`,
        })),
    };
    const file = path.join(dir, "branding.json");
    fs.writeFileSync(file, JSON.stringify(inputs));
    return file;
}

/** The same pages as static HTML: images in place, no script, padded to the generated page's size. */
function staticPages(dir: string, inputsFile: string, locales: readonly string[]): string[] {
    const [tenant] = fromInputsFile(JSON.parse(fs.readFileSync(inputsFile, "utf8")));
    const pages = plannedPages([tenant], { programDir: dir }, ["default", ...locales]);
    return pages.map((p, i) => {
        const html = signInPageHtml(p.page);
        const still = html
            .replace(/<script>[\s\S]*<\/script>/, "")
            .replace(/<img([^>]*) data-tk-image="[^"]*" data-tk-src="([^"]*)"/g, '<img$1 src="$2"')
            .replace(/<link rel="icon" data-tk-image="[^"]*" data-tk-src="([^"]*)"/g, '<link rel="icon" href="$1"')
            .replace(/ data-tk-image="backgroundImage" data-tk-src="([^"]*)"/, ' style="background-image:url(&quot;$1&quot;)"');
        const padded = `${still}<!--${"x".repeat(Math.max(0, Buffer.byteLength(html) - Buffer.byteLength(still) - 7))}-->`;
        const file = path.join(dir, "static", `${i}.html`);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, padded);
        return file;
    });
}

export const run: Benchmark = async ({ quick, log }) => {
    const locales = quick ? LOCALES.slice(0, 2) : LOCALES;
    const pairs = quick ? 1 : 5;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-bench-preview-"));
    try {
        const inputs = project(dir, locales);
        const statics = staticPages(dir, inputs, locales);
        const ours: number[] = [];
        const bare: number[] = [];
        for (let i = 0; i < pairs; i++) {
            const preview = async (): Promise<void> => {
                ours.push(await timeMs(() => runPreview({ source: { kind: "inputs", file: inputs }, outDir: path.join(dir, "out") })));
            };
            const screenshots = async (): Promise<void> => {
                bare.push(
                    await timeMs(async () => {
                        const browser = await launchChromium();
                        try {
                            const tab = await (await browser.newContext({ viewport: DEFAULT_VIEWPORT, deviceScaleFactor: 1 })).newPage();
                            // Loaded as the preview loads its pages (setContent), so the two sides differ only in the work done.
                            for (const [n, file] of statics.entries()) {
                                await tab.setContent(fs.readFileSync(file, "utf8"), { waitUntil: "load" });
                                await tab.screenshot({ path: path.join(dir, "static", `${n}.png`) });
                            }
                        } finally {
                            await browser.close();
                        }
                    }),
                );
            };
            for (const side of inTurn(i, [preview, screenshots])) await side();
            log(`pair ${i + 1}: preview ${Math.round(ours[i])} ms, static ${Math.round(bare[i])} ms`);
        }
        const pages = locales.length + 1;
        return [
            result({
                name: `branding-preview: ${pages} locales to PNG and the HTML page`,
                unit: "ms",
                values: ours,
                comparison: { name: `Chromium screenshotting ${pages} static pages of the same size`, values: bare },
                goal: "at most 2.0x",
                met: (_v, _c, ratio) => ratio <= 2,
                notes: `viewport ${DEFAULT_VIEWPORT.width}x${DEFAULT_VIEWPORT.height}; page HTML ${Math.round(fs.statSync(statics[0]).size / 1024)} KB each; both sides start their own Chromium; ${pairs} alternating pairs`,
            }),
        ];
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
};
