/**
 * The browser that renders pages: a Chromium or Chrome already on the machine (Debian's `chromium` package in CI,
 * installed by `npm run browser:install`), driven with playwright-core, which downloads nothing.
 */
import * as fs from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Where Chromium and Chrome are installed by Debian, Ubuntu, Fedora, macOS and Windows. */
const CANDIDATES = [
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome-stable",
    "/usr/bin/google-chrome",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe",
];

/** Thrown when no browser can be found or started; says what to do. */
export class BrowserError extends Error {}

/** The Chromium to use: `TENANTKIT_CHROMIUM`, else the first installed one, else undefined. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
    const chosen = env.TENANTKIT_CHROMIUM;
    if (chosen !== undefined && chosen !== "") return chosen;
    return CANDIDATES.find((c) => fs.existsSync(c));
}

/**
 * Flags for a headless browser on a closed network: no sandbox (CI runs as root), no GPU, and none of the background
 * connections (updates, sync, safe browsing) that a machine without internet access refuses many times a second.
 */
const FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--font-render-hinting=none",
];

/** Starts headless Chromium. */
export async function launchChromium(executablePath = findChromium()): Promise<Browser> {
    if (executablePath === undefined) {
        throw new BrowserError(
            "no Chromium or Chrome found to render the pages: install Debian's chromium package (`npm run browser:install` does it as root), or set TENANTKIT_CHROMIUM to a Chromium or Chrome executable",
        );
    }
    try {
        return await chromium.launch({ executablePath, headless: true, args: FLAGS });
    } catch (err) {
        throw new BrowserError(
            `could not start ${executablePath}: ${(err as Error).message.split("\n")[0]}; set TENANTKIT_CHROMIUM to another Chromium or Chrome`,
        );
    }
}
