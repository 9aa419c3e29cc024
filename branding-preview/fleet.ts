/**
 * The sign-in pages of a fleet's tenants (`tenantkit-fleet report`), with this renderer's model of before and after:
 * "before" is what the tenant shows now (its live branding, read by the package's live command with the tenant's
 * provider config on stdin), "after" the fleet's declared branding for it over that. The fleet runner
 * (provider/fleet/report.ts) loads this module at run time from the build (bin/branding-preview/fleet.js), since the
 * preview imports nothing from the provider and the provider's build does not compile this folder: the shapes below
 * are the contract between the two, plain data.
 */
import * as fs from "node:fs";
import type { Browser } from "playwright-core";
import { launchChromium } from "./browser";
import type { BrandingInputs, DeclaredTenant } from "./declared";
import { liveBrandings } from "./live";
import { liveNotRead, plannedPages } from "./pages";
import { renderPages, DEFAULT_VIEWPORT, type Viewport } from "./render";
import type { ReportEntry } from "./report";

export { BrowserError, findChromium, launchChromium } from "./browser";

/** One tenant of a fleet as its plan holds it: what its stack declares, and how to read what it shows now. */
export interface FleetTenantBranding {
    /** The tenant's stack name: it names the tenant's PNG files and its pages in messages. */
    readonly name: string;
    /**
     * The tenant's resources as its plan holds them (type token and properties); the branding ones
     * (`tenantkit:entra:OrganizationalBranding`, `...Localization`) are rendered, with `{"fn::fileAsset": <absolute
     * path>}` images.
     */
    readonly resources: ReadonlyArray<{ readonly type: string; readonly properties: Readonly<Record<string, unknown>> }>;
    /** The tenant's provider config as `{"tenantkit:<key>": value}`, credentials included (stdin only), or why not known. */
    readonly config: Readonly<Record<string, unknown>> | { readonly unread: string };
}

/** A tenant's rendered pages, and why its live branding is not on them when it is not. */
export interface FleetTenantPages {
    readonly name: string;
    readonly pages: readonly ReportEntry[];
    /** Why "before" is not the tenant's live branding (it could not be read), in the renderer's words. */
    readonly caveat?: string;
}

export interface FleetRenderOptions {
    /** The fleet file's folder: an asset path is relative to it (the fleet's loader gives absolute ones). */
    readonly fleetDir: string;
    /** Where the PNG files go (the caller writes its page beside them). */
    readonly outDir: string;
    /** The browser to render in; otherwise one is started and closed. */
    readonly browser?: Browser;
    /** Live reads at once (each a Node.js process). */
    readonly parallel?: number;
    readonly viewport?: Viewport;
}

const BRANDING = "tenantkit:entra:OrganizationalBranding";
const LOCALIZATION = "tenantkit:entra:OrganizationalBrandingLocalization";

/** A fleet file's value as the renderer's inputs take it: a file asset is its path. */
function inputOf(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(inputOf);
    if (value === null || typeof value !== "object") return value;
    const o = value as Record<string, unknown>;
    if (typeof o["fn::fileAsset"] === "string") return o["fn::fileAsset"];
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, inputOf(v)]));
}

/** A tenant's declared brandings by locale, as the preview's model has them (declared.ts). */
export function declaredOf(tenant: FleetTenantBranding): DeclaredTenant {
    const after = new Map<string, BrandingInputs>();
    for (const r of tenant.resources) {
        const inputs = inputOf(r.properties) as Record<string, unknown>;
        if (r.type === BRANDING) after.set("default", inputs);
        else if (r.type === LOCALIZATION && typeof inputs.locale === "string") after.set(inputs.locale, inputs);
    }
    // The live command finds the organization from the sign-in; the tenant's own provider config is its "stack".
    return { tenant: tenant.name, after, stackSettings: {} };
}

/**
 * Renders each tenant's pages that declares a branding (default and each locale, before and after) in one browser;
 * tenants without one get no pages. A tenant whose live branding cannot be read gets the declared pages alone and a
 * caveat saying why.
 */
export async function renderFleetPages(tenants: readonly FleetTenantBranding[], options: FleetRenderOptions): Promise<FleetTenantPages[]> {
    const declared = tenants.map(declaredOf).filter((t) => t.after.size > 0);
    const configs = new Map(tenants.map((t) => [t.name, t.config]));
    const live = await liveBrandings(declared, { configs, parallel: options.parallel ?? 1 });
    const pages = plannedPages(declared, { programDir: options.fleetDir }, undefined, live);
    fs.mkdirSync(options.outDir, { recursive: true });
    const browser = options.browser ?? (await launchChromium());
    let rendered;
    try {
        rendered = await renderPages(browser, pages, options.outDir, options.viewport ?? DEFAULT_VIEWPORT);
    } finally {
        if (options.browser === undefined) await browser.close();
    }
    return tenants.map((t) => {
        const outcome = live.get(t.name);
        const mine = pages.flatMap((p, i) =>
            p.tenant === t.name
                ? [{ tenant: p.tenant, locale: p.locale, side: p.side, file: p.file, caption: p.caption, notices: rendered[i]!.notices }]
                : [],
        );
        return {
            name: t.name,
            pages: mine,
            ...(outcome !== undefined && "unread" in outcome ? { caveat: liveNotRead(t.name, outcome.unread) } : {}),
        };
    });
}
