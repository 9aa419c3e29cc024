/**
 * One preview run: read what the program declares (a `pulumi preview --json` it runs or was given, or an inputs file),
 * plan the pages, render them in one browser, write the PNGs and `index.html` to the output folder.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Browser } from "playwright-core";
import { launchChromium } from "./browser";
import { DeclarationError, fromInputsFile, fromPreviewJson, previewErrors, type DeclaredTenant } from "./declared";
import { LIVE_NOT_READ, plannedPages } from "./pages";
import { renderPages, DEFAULT_VIEWPORT, type Viewport } from "./render";
import { reportHtml, type ReportEntry } from "./report";

/** Where the declared branding comes from. */
export type PreviewSource =
    | { readonly kind: "pulumi"; readonly programDir: string; readonly args: readonly string[] }
    | { readonly kind: "previewJson"; readonly file: string; readonly programDir: string }
    | { readonly kind: "inputs"; readonly file: string };

export interface PreviewOptions {
    readonly source: PreviewSource;
    readonly outDir: string;
    readonly baseDir?: string;
    readonly locales?: readonly string[];
    readonly viewport?: Viewport;
    /** A browser to reuse (benchmarks, tests); otherwise one is started and closed. */
    readonly browser?: Browser;
}

export interface PreviewResult {
    readonly entries: readonly ReportEntry[];
    readonly report: string;
    /** What the pages cannot show, for the command to print beside the problems (not one of them). */
    readonly caveats: readonly string[];
}

/** Runs `pulumi preview --json --show-sames` (the unchanged resources too) in the program's folder. */
function runPulumiPreview(programDir: string, args: readonly string[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
        const child = spawn("pulumi", ["preview", "--json", "--show-sames", "--non-interactive", ...args], {
            cwd: programDir,
            stdio: ["ignore", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
        child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
        child.on("error", (err) =>
            reject(new DeclarationError(`could not run pulumi (${err.message}); install the Pulumi CLI, or pass --preview-json or --inputs`)),
        );
        child.on("close", (code) => {
            let document: unknown;
            try {
                document = JSON.parse(stdout);
            } catch {
                reject(new DeclarationError(`pulumi preview exited ${code} without a JSON document:\n${(stderr || stdout).trim().slice(0, 2000)}`));
                return;
            }
            // Its errors are in the document's diagnostics; an exit without any is told by what it printed.
            if (code !== 0 && previewErrors(document).length === 0) {
                reject(new DeclarationError(`pulumi preview exited ${code}:\n${stderr.trim().slice(0, 2000)}`));
                return;
            }
            resolve(document);
        });
    });
}

function readJson(file: string): unknown {
    try {
        return JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (err) {
        throw new DeclarationError(`${file}: ${(err as Error).message}`);
    }
}

async function declared(source: PreviewSource): Promise<{ tenants: DeclaredTenant[]; programDir: string; label: string }> {
    switch (source.kind) {
        case "pulumi":
            return {
                tenants: fromPreviewJson(await runPulumiPreview(source.programDir, source.args)),
                programDir: source.programDir,
                label: `pulumi preview in ${source.programDir}`,
            };
        case "previewJson":
            return { tenants: fromPreviewJson(readJson(source.file)), programDir: source.programDir, label: source.file };
        case "inputs":
            return { tenants: fromInputsFile(readJson(source.file)), programDir: path.dirname(path.resolve(source.file)), label: source.file };
    }
}

/** Renders every page the source declares; a page's problems are in its entry and on the page, the rest renders. */
export async function runPreview(options: PreviewOptions): Promise<PreviewResult> {
    const { tenants, programDir, label } = await declared(options.source);
    const pages = plannedPages(tenants, { programDir, ...(options.baseDir !== undefined ? { baseDir: options.baseDir } : {}) }, options.locales);
    if (pages.length === 0) throw new DeclarationError(`${label} declares no OrganizationalBranding or OrganizationalBrandingLocalization`);
    fs.mkdirSync(options.outDir, { recursive: true });
    const browser = options.browser ?? (await launchChromium());
    try {
        const rendered = await renderPages(browser, pages, options.outDir, options.viewport ?? DEFAULT_VIEWPORT);
        const entries = pages.map((p, i) => ({ tenant: p.tenant, locale: p.locale, side: p.side, file: p.file, notices: rendered[i].notices }));
        const report = path.join(options.outDir, "index.html");
        fs.writeFileSync(report, reportHtml(entries, label, LIVE_NOT_READ));
        return { entries, report, caveats: [LIVE_NOT_READ] };
    } finally {
        if (options.browser === undefined) await browser.close();
    }
}
