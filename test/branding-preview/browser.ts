/**
 * Shared helpers of the branding preview's browser tests: one headless Chromium per suite (Debian's, from
 * `npm run browser:install`; skipped with the reason when missing, failed under CI=true), pages loaded until their
 * script is done, and PNG pictures made and compared by the tests themselves.
 */
import { PNG } from "pngjs";
import type { Browser, Locator, Page } from "playwright-core";
import { findChromium, launchChromium } from "../../branding-preview/browser";
import type { PageBranding, SignInPage } from "../../branding-preview/model";
import { signInPageHtml } from "../../branding-preview/page";
import type { PageScriptResult } from "../../branding-preview/page-script";
import { DEFAULT_VIEWPORT } from "../../branding-preview/render";

/** What {@link describeBrowser} gives its tests. */
export interface BrowserFixture {
    /** A new tab of the default viewport, closed after the test. */
    tab(): Promise<Page>;
}

/** `describe` for suites that need Chromium: skipped with the reason when it is missing, failed under CI=true. */
export function describeBrowser(title: string, body: (fx: BrowserFixture) => void): void {
    const exe = findChromium();
    if (exe === undefined) {
        if (process.env.CI === "true") {
            describe(title, () => {
                it("has Chromium to run in", () => {
                    throw new Error("CI=true but no Chromium: run `npm run browser:install` (Debian's chromium package)");
                });
            });
        } else {
            describe.skip(`${title} (skipped: no Chromium; \`npm run browser:install\` installs it)`, () => body(undefined as never));
        }
        return;
    }
    describe(title, function () {
        this.timeout(60_000);
        let browser: Browser | undefined;
        const open: Page[] = [];
        before(async () => {
            browser = await launchChromium(exe);
        });
        afterEach(async () => {
            await Promise.all(open.splice(0).map((p) => p.close()));
        });
        after(async () => {
            await browser?.close();
        });
        body({
            async tab(): Promise<Page> {
                if (browser === undefined) throw new Error("the browser is not started yet");
                const page = await browser.newPage({ viewport: DEFAULT_VIEWPORT, deviceScaleFactor: 1 });
                open.push(page);
                return page;
            },
        });
    });
}

// Evaluated in the browser: declared here because the project compiles without the DOM library.
declare function getComputedStyle(el: unknown): { getPropertyValue(name: string): string };

/** The computed value of a CSS property of the first element a locator finds. */
export function cssOf(locator: Locator, property: string): Promise<string> {
    return locator.first().evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);
}

/** A page of one locale's branding with nothing found before it was built. */
export function pageOf(branding: PageBranding, locale = "default"): SignInPage {
    return { locale, label: locale, branding, notices: [], origin: "made by a test" };
}

/** Loads a sign-in page into the tab and waits for its script: what it found. */
export async function show(tab: Page, page: SignInPage): Promise<PageScriptResult> {
    await tab.setContent(signInPageHtml(page), { waitUntil: "load" });
    await tab.waitForSelector("html[data-tk-ready]", { state: "attached" });
    return (await tab.evaluate("window.tenantkitPreview")) as PageScriptResult;
}

/** An RGB colour. */
export type Rgb = readonly [number, number, number];

/** `#RRGGBB` to RGB. */
export function rgb(hex: string): Rgb {
    const n = parseInt(hex.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** A PNG of `width` x `height` whose pixel (x, y) has the colour `paint` gives. */
export function png(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
    const image = new PNG({ width, height });
    for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
            const [r, g, b] = paint(x, y);
            const i = (y * width + x) * 4;
            image.data[i] = r;
            image.data[i + 1] = g;
            image.data[i + 2] = b;
            image.data[i + 3] = 255;
        }
    }
    return PNG.sync.write(image);
}

/** A decoded PNG. */
export function decode(bytes: Buffer): PNG {
    return PNG.sync.read(bytes);
}

/** The colour of one pixel. */
export function pixel(image: PNG, x: number, y: number): Rgb {
    const i = (Math.round(y) * image.width + Math.round(x)) * 4;
    return [image.data[i], image.data[i + 1], image.data[i + 2]];
}

/** A rectangle in pixels. */
export interface Box {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
}

/**
 * The share of pixels of `box` (in both pictures, `offset` moving it in `b`) whose colours differ by more than
 * `tolerance` in any channel: 0 for the same picture, 1 for entirely different ones.
 */
export function difference(a: PNG, b: PNG, box: Box, tolerance = 8, offset: { x: number; y: number } = { x: 0, y: 0 }): number {
    let differ = 0;
    for (let y = box.y; y < box.y + box.height; y++) {
        for (let x = box.x; x < box.x + box.width; x++) {
            const p = pixel(a, x, y);
            const q = pixel(b, x + offset.x, y + offset.y);
            if (p.some((v, i) => Math.abs(v - q[i]) > tolerance)) differ++;
        }
    }
    return differ / (box.width * box.height);
}

/** True when two colours are within `tolerance` in every channel. */
export function near(a: Rgb, b: Rgb, tolerance = 4): boolean {
    return a.every((v, i) => Math.abs(v - b[i]) <= tolerance);
}

/** A `data:` URL of PNG bytes, as pages take images. */
export function pngImage(bytes: Buffer, source = "test.png"): { dataUrl: string; source: string } {
    return { dataUrl: `data:image/png;base64,${bytes.toString("base64")}`, source };
}
