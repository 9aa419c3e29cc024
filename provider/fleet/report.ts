/**
 * `fleetReport(fleet, options)`, what `tenantkit-fleet report` runs: a static HTML page of the fleet, with per tenant
 * its status (converged, changes pending, drifted, or its error), what was changed by hand, and its sign-in pages
 * before (what the tenant shows now) and after (the fleet's branding over it), as PNG files beside the page.
 *
 * Three stages: the stacks (runFleet's `status`: drift and preview of each tenant, run.ts); each tenant's provider
 * config (its plan's settings and the credentials its references point at, run.ts providerConfig), held in memory;
 * the pages, rendered by the branding preview's renderer (branding-preview/fleet.ts) in one Chromium, which reads
 * each tenant's live branding through the package's live command, the config on its stdin. The renderer is loaded
 * from the build at run time (bin/branding-preview/fleet.js, as the plugin loads the emulator's command): this folder
 * imports no handler, client or browser (eslint.config.mjs, README.md), and the provider's build does not compile the
 * preview, which imports nothing from the provider.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { redactSecrets } from "../core/errors/redact";
import type { Fleet } from "./fleetFile";
import { fleetReportHtml, type ReportPicture, type ReportTenant } from "./reportPage";
import { providerConfig, runFleet, type FleetResult, type FleetRunOptions, type TenantRow } from "./run";

/** A report that could not be made at all (no renderer, no browser): nothing was written. */
export class FleetReportError extends Error {}

export interface FleetReportOptions extends FleetRunOptions {
    /** Where the page (`index.html`) and its PNG files go. */
    readonly outDir: string;
    /** A playwright-core Browser to render in (tests, benchmarks); otherwise Chromium is started, and closed at the end. */
    readonly browser?: unknown;
    /** When the report is said to be made; now by default. */
    readonly now?: Date;
    /** Called when the stacks are done and the pages' rendering starts (reading each tenant's live branding first). */
    readonly onRendering?: (tenants: number) => void;
}

/** What the report found: the run's rows (as `runFleet`'s `status`), and the page. */
export interface FleetReportResult extends Omit<FleetResult, "command"> {
    readonly command: "report";
    /** The page's path. */
    readonly report: string;
    /** Each tenant's PNG files, by stack. */
    readonly pictures: Readonly<Record<string, readonly string[]>>;
}

/** What the renderer made of one tenant (branding-preview/fleet.ts FleetTenantPages). */
export interface RenderedTenant {
    readonly name: string;
    readonly pages: ReadonlyArray<{
        readonly locale: string;
        readonly side: string;
        readonly file: string;
        readonly caption: string;
        readonly notices: ReadonlyArray<{ readonly message: string }>;
    }>;
    readonly caveat?: string;
}

/**
 * The page of a run and its renderings, and the rows as the result gives them: every credential value in `secrets`
 * taken out of each text before it is escaped (an escaped secret would not be found), and out of the page again.
 */
export function reportPageOf(input: {
    readonly fleet: Pick<Fleet, "project" | "file">;
    readonly result: FleetResult;
    readonly rendered: readonly RenderedTenant[];
    readonly secrets: readonly string[];
    readonly now: Date;
}): { html: string; rows: TenantRow[]; pictures: Record<string, string[]> } {
    const redact = (text: string): string => redactSecrets(text, input.secrets);
    const rows: TenantRow[] = input.result.rows.map((r) => (r.error === undefined ? r : { ...r, error: redact(r.error) }));
    const tenants: ReportTenant[] = rows.map((row) => {
        const mine = input.rendered.find((t) => t.name === row.stack);
        const pictures: ReportPicture[] = (mine?.pages ?? []).map((p) => ({
            locale: p.locale,
            side: p.side === "declared" ? "after" : "before",
            file: p.file,
            caption: redact(p.caption),
            notices: p.notices.map((n) => redact(n.message)),
        }));
        return { row, pictures, ...(mine?.caveat !== undefined ? { caveat: redact(mine.caveat) } : {}) };
    });
    const html = fleetReportHtml({
        project: input.fleet.project,
        file: path.basename(input.fleet.file),
        result: { ...input.result, rows },
        tenants,
        generated: input.now.toISOString(),
    });
    return { html: redact(html), rows, pictures: Object.fromEntries(tenants.map((t) => [t.row.stack, t.pictures.map((p) => p.file)])) };
}

/** The renderer's contract (branding-preview/fleet.ts), which this side restates: the two builds share no types. */
interface Renderer {
    BrowserError: new (message: string) => Error;
    launchChromium(): Promise<{ close(): Promise<void> }>;
    renderFleetPages(
        tenants: ReadonlyArray<{
            name: string;
            resources: ReadonlyArray<{ type: string; properties: Record<string, unknown> }>;
            config: Record<string, unknown> | { unread: string };
        }>,
        options: { fleetDir: string; outDir: string; browser?: unknown; parallel?: number },
    ): Promise<RenderedTenant[]>;
}

/**
 * The renderer, from the build: bin/branding-preview/fleet.js beside this module's bin/fleet/ (the package), else the
 * checkout's bin/ when this module runs from source.
 */
function loadRenderer(): Renderer {
    const candidates = [
        path.join(__dirname, "..", "branding-preview", "fleet.js"),
        path.join(__dirname, "..", "..", "bin", "branding-preview", "fleet.js"),
    ];
    const found = candidates.find((c) => fs.existsSync(c));
    if (found === undefined)
        throw new FleetReportError(`the branding preview's renderer is not built (${candidates[0]} is missing): build the package (npm run build)`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the preview's build, loaded only when a report is made (see above)
    return require(found) as Renderer;
}

/** Runs the fleet's `status` and writes the report to `options.outDir`; a tenant's failure is its row, the others go on. */
export async function fleetReport(fleet: Fleet, options: FleetReportOptions): Promise<FleetReportResult> {
    const renderer = loadRenderer();
    // The browser first: without one there is no report, and saying so before minutes of stacks is kinder.
    let browser = options.browser;
    if (browser === undefined) {
        try {
            browser = await renderer.launchChromium();
        } catch (err) {
            if (err instanceof renderer.BrowserError) throw new FleetReportError(err.message);
            throw err;
        }
    }
    try {
        const result = await runFleet(fleet, "status", options);
        // Every credential value read for the live reads: none may reach the page, a file name or the result.
        const secrets: string[] = [];
        const tenants = [];
        for (const [i, plan] of fleet.tenants.entries()) {
            const row = result.rows[i]!;
            let config: Record<string, unknown> | { unread: string };
            if (row.status === "error") {
                config = { unread: `its stack failed (its error is in its row), so its live branding was not read either` };
            } else {
                try {
                    const values = await providerConfig(fleet, plan, options);
                    secrets.push(...Object.keys(plan.secrets).map((k) => values[`tenantkit:${k}`]!));
                    config = values;
                } catch (err) {
                    config = { unread: err instanceof Error ? err.message : String(err) };
                }
            }
            tenants.push({ name: plan.name, resources: Object.values(plan.resources), config });
        }
        options.onRendering?.(tenants.length);
        const rendered = await renderer.renderFleetPages(tenants, {
            fleetDir: path.dirname(path.resolve(fleet.file)),
            outDir: options.outDir,
            browser,
            ...(options.parallel === undefined ? {} : { parallel: options.parallel }),
        });
        const { html, rows, pictures } = reportPageOf({ fleet, result, rendered, secrets, now: options.now ?? new Date() });
        const report = path.join(options.outDir, "index.html");
        fs.mkdirSync(options.outDir, { recursive: true });
        fs.writeFileSync(report, html);
        return { ...result, command: "report", rows, report, pictures };
    } finally {
        if (options.browser === undefined) await (browser as { close(): Promise<void> }).close();
    }
}
