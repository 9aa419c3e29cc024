/** Pages to PNG files in one browser: each page loaded, its script's checks awaited, then a screenshot. */
import * as path from "node:path";
import type { Browser } from "playwright-core";
import type { Notice, SignInPage } from "./model";
import { signInPageHtml } from "./page";
import type { PageScriptResult } from "./page-script";

/** The size of the window the pages are shown in. */
export interface Viewport {
    readonly width: number;
    readonly height: number;
}

/** A desktop window, the size the Entra admin center's own branding preview assumes. */
export const DEFAULT_VIEWPORT: Viewport = { width: 1280, height: 800 };

/** One rendered page: its file and every problem found for it (before and in the browser). */
export interface RenderedPage {
    readonly file: string;
    readonly notices: readonly Notice[];
}

/** Renders each page to `<outDir>/<file>`, one after another in one tab. */
export async function renderPages(
    browser: Browser,
    jobs: ReadonlyArray<{ readonly file: string; readonly page: SignInPage }>,
    outDir: string,
    viewport: Viewport = DEFAULT_VIEWPORT,
): Promise<RenderedPage[]> {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, offline: true });
    try {
        const tab = await context.newPage();
        const rendered: RenderedPage[] = [];
        for (const job of jobs) {
            await tab.setContent(signInPageHtml(job.page), { waitUntil: "load" });
            await tab.waitForSelector("html[data-tk-ready]", { state: "attached" });
            const result = (await tab.evaluate("window.tenantkitPreview")) as PageScriptResult;
            await tab.screenshot({ path: path.join(outDir, job.file) });
            rendered.push({ file: job.file, notices: result.notices });
        }
        return rendered;
    } finally {
        await context.close();
    }
}
