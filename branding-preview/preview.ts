/**
 * One preview run: read what the program declares (a `pulumi preview --json` it runs or was given, or an inputs file),
 * plan the pages, render them in one browser, write the PNGs and `index.html` to the output folder.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Browser } from "playwright-core";
import { launchChromium } from "./browser";
import { DeclarationError, fromInputsFile, fromPreviewJson, previewErrors, type DeclaredTenant } from "./declared";
import { liveBrandings, type LiveOutcome } from "./live";
import { liveNotRead, plannedPages } from "./pages";
import { runProcess } from "./process";
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
    /** Do not read the tenants' live branding: before is the stack's last up, after the program's branding alone. */
    readonly noLive?: boolean;
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
async function runPulumiPreview(programDir: string, args: readonly string[]): Promise<unknown> {
    let run;
    try {
        run = await runProcess("pulumi", ["preview", "--json", "--show-sames", "--non-interactive", ...args], { cwd: programDir });
    } catch (err) {
        throw new DeclarationError(`could not run pulumi (${(err as Error).message}); install the Pulumi CLI, or pass --preview-json or --inputs`);
    }
    const { code, stdout, stderr } = run;
    let document: unknown;
    try {
        document = JSON.parse(stdout);
    } catch {
        throw new DeclarationError(`pulumi preview exited ${code} without a JSON document:\n${(stderr || stdout).trim().slice(0, 2000)}`);
    }
    // Its errors are in the document's diagnostics; an exit without any is told by what it printed.
    if (code !== 0 && previewErrors(document).length === 0)
        throw new DeclarationError(`pulumi preview exited ${code}:\n${stderr.trim().slice(0, 2000)}`);
    return document;
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

/**
 * The live branding of each tenant, read with the stack's config when the preview runs with a stack; without one (an
 * inputs file, a preview document) or with `noLive`, why it is not read.
 */
async function liveOf(tenants: readonly DeclaredTenant[], options: PreviewOptions): Promise<Map<string, LiveOutcome>> {
    const unread = (reason: string) => new Map(tenants.map((t): [string, LiveOutcome] => [t.tenant, { unread: reason }]));
    if (options.noLive === true) return unread("--no-live");
    const source = options.source;
    if (source.kind !== "pulumi")
        return unread(`no stack: ${source.kind === "inputs" ? "--inputs" : "--preview-json"} gives the program's branding without one`);
    return liveBrandings(tenants, { programDir: source.programDir, previewArgs: source.args });
}

/** Renders every page the source declares; a page's problems are in its entry and on the page, the rest renders. */
export async function runPreview(options: PreviewOptions): Promise<PreviewResult> {
    const { tenants, programDir, label } = await declared(options.source);
    const live = await liveOf(tenants, options);
    const caveats = [...live].flatMap(([tenant, outcome]) => ("unread" in outcome ? [liveNotRead(tenant, outcome.unread)] : []));
    const pages = plannedPages(
        tenants,
        { programDir, ...(options.baseDir !== undefined ? { baseDir: options.baseDir } : {}) },
        options.locales,
        live,
    );
    if (pages.length === 0) throw new DeclarationError(`${label} declares no OrganizationalBranding or OrganizationalBrandingLocalization`);
    fs.mkdirSync(options.outDir, { recursive: true });
    const browser = options.browser ?? (await launchChromium());
    try {
        const rendered = await renderPages(browser, pages, options.outDir, options.viewport ?? DEFAULT_VIEWPORT);
        const entries = pages.map((p, i) => ({
            tenant: p.tenant,
            locale: p.locale,
            side: p.side,
            file: p.file,
            caption: p.caption,
            notices: rendered[i].notices,
        }));
        const report = path.join(options.outDir, "index.html");
        fs.writeFileSync(report, reportHtml(entries, label, caveats));
        return { entries, report, caveats };
    } finally {
        if (options.browser === undefined) await browser.close();
    }
}
