/**
 * Which pages to render: per tenant, the default branding and each locale, as declared over the tenant's live branding
 * and as the tenant shows it now (or, when that is not known, as declared alone and as applied at the stack's last `up`). A locale's page is its localization over the default branding, as the service serves it.
 */
import { labelOf, noticesOf, pageBrandingOf, type AssetFolders, type Problem, type Side } from "./assets";
import type { BrandingInputs, DeclaredTenant } from "./declared";
import type { LiveOutcome } from "./live";
import { brandingOver, effectiveBranding, NO_BRANDING, type Notice, type PageBranding, type SignInPage } from "./model";

/** One page to render and the file it goes to. */
export interface PlannedPage {
    readonly tenant: string;
    readonly locale: string;
    readonly side: Side;
    /** File name in the output folder. */
    readonly file: string;
    /** What the report says above the picture. */
    readonly caption: string;
    readonly page: SignInPage;
}

/**
 * Where a page came from, said on the page and above it in the report. Without the tenant's live branding (not
 * readable: no stack, another provider, no access), a page shows only what the program or the stack's last up sets,
 * over Microsoft's default look; {@link liveNotRead} says so in the report and on stderr.
 */
const ORIGIN: Record<Side | "declaredOverLive", { origin: string; caption: string }> = {
    live: { origin: "the tenant's live branding, as users see it now", caption: "Before: what the tenant shows now (its live branding)" },
    declaredOverLive: {
        origin: "the program's branding over the tenant's live branding, as users will see it after up",
        caption: "After: the program's branding over the tenant's live branding",
    },
    declared: {
        origin: "the program's branding only, not merged with the tenant's live branding",
        caption: "After: the program's branding (without the tenant's own)",
    },
    applied: {
        origin: "as the stack applied it at its last up, not read from the tenant",
        caption: "Before: as the stack applied it (not read from the tenant)",
    },
};

/** Why a tenant's pages may differ from what users see, in the report and on stderr. */
export function liveNotRead(tenant: string, reason: string): string {
    return (
        `the live branding of ${tenant === "" ? "the tenant" : `tenant ${tenant}`} is not read (${reason}): each page shows only the properties the ` +
        "program (after) or the stack's last up (before) sets, over Microsoft's default look, so a banner logo, background or text set in the " +
        "tenant outside the program is missing from both pages, though users see it"
    );
}

/** A file name part from a tenant or locale (which are guids, domains, provider names and culture names). */
function slug(text: string): string {
    return text.replace(/[^A-Za-z0-9._-]+/g, "_");
}

/** One side's default branding, read once and shown on every locale's page of that side. */
type SideDefaults = { readonly inputs?: BrandingInputs; readonly branding: PageBranding; readonly problems: readonly Problem[] };

function sideDefaults(inputs: ReadonlyMap<string, BrandingInputs>, side: Side, folders: AssetFolders): SideDefaults {
    const defaults = inputs.get("default");
    return defaults === undefined ? { branding: NO_BRANDING, problems: [] } : { inputs: defaults, ...pageBrandingOf(defaults, side, folders) };
}

/** One side's page of a locale: its inputs (none for the live side) over the tenant's live branding when it is known. */
function sideBranding(
    inputs: ReadonlyMap<string, BrandingInputs>,
    defaults: SideDefaults,
    locale: string,
    side: Side,
    folders: AssetFolders,
    live: ReadonlyMap<string, PageBranding> | undefined,
): { branding: PageBranding; notices: Notice[] } {
    const notices: Notice[] = [];
    if (live === undefined && defaults.inputs === undefined && (locale === "default" || side === "declared")) {
        notices.push({
            property: null,
            locale,
            message: `${locale}: no OrganizationalBranding is ${side === "declared" ? "declared" : "in the stack's state"}; the tenant's own default branding is not known here, so Microsoft's default look is shown${locale === "default" ? "" : " under the localization"}`,
        });
    }
    const own = locale === "default" ? undefined : inputs.get(locale);
    // What a locale's page takes from the default branding cannot be shown there either: said on that page too.
    notices.push(
        ...noticesOf(
            defaults.problems.filter((p) => own?.[p.property] === undefined),
            locale,
            side,
        ),
    );
    const defaultBranding = live === undefined ? defaults.branding : brandingOver(live.get("default") ?? NO_BRANDING, defaults.branding);
    const liveOwn = locale === "default" ? undefined : live?.get(locale);
    if (own === undefined) return { branding: effectiveBranding(defaultBranding, liveOwn), notices };
    const localized = pageBrandingOf(own, side, folders);
    return {
        branding: effectiveBranding(defaultBranding, liveOwn === undefined ? localized.branding : brandingOver(liveOwn, localized.branding)),
        notices: [...notices, ...noticesOf(localized.problems, locale, side)],
    };
}

/** Why a locale has no branding of its own on one side's page: users with that language see the default branding. */
function noLocalization(locale: string, side: Side, removed: boolean): string {
    if (removed)
        return `${locale}: the program no longer declares a branding for it; after up, users with this language see the default branding, shown here`;
    const where = {
        declared: "no OrganizationalBrandingLocalization is declared",
        applied: "no OrganizationalBrandingLocalization was applied",
        live: "the tenant has no branding",
    };
    return `${locale}: ${where[side]} for it; users with this language see the default branding, shown here`;
}

/**
 * The pages of every tenant; `locales` limits them to those (a locale without a branding then gets the default's).
 * With a tenant's live branding, "before" is it and "after" the program's branding over it; else "before" is what
 * the stack applied at its last `up` (when it has state) and "after" the program's branding alone.
 */
export function plannedPages(
    tenants: readonly DeclaredTenant[],
    folders: AssetFolders,
    locales?: readonly string[],
    live: ReadonlyMap<string, LiveOutcome> = new Map(),
): PlannedPage[] {
    const pages: PlannedPage[] = [];
    for (const t of tenants) {
        const outcome = live.get(t.tenant);
        const tenantLive = outcome !== undefined && "branding" in outcome ? outcome.branding : undefined;
        const known = new Set([...t.after.keys(), ...(tenantLive?.keys() ?? t.before?.keys() ?? [])]);
        const wanted = locales && locales.length > 0 ? locales : ["default", ...[...known].filter((l) => l !== "default").sort()];
        const prefix = t.tenant === "" ? "" : `${slug(t.tenant)}.`;
        // A localization the program stops declaring is deleted at up (restored to what it was before the stack,
        // which is not known here), unless it is retained.
        const removed = (locale: string): boolean =>
            !t.after.has(locale) && t.before?.has(locale) === true && t.before.get(locale)?.onDestroy !== "retain";
        const afterLive = tenantLive === undefined ? undefined : new Map([...tenantLive].filter(([l]) => l === "default" || !removed(l)));
        const sides: Array<[Side, ReadonlyMap<string, BrandingInputs>, SideDefaults, ReadonlyMap<string, PageBranding> | undefined]> = [
            ["declared", t.after, sideDefaults(t.after, "declared", folders), afterLive],
        ];
        if (tenantLive !== undefined) sides.push(["live", new Map(), { branding: NO_BRANDING, problems: [] }, tenantLive]);
        else if (t.before !== undefined) sides.push(["applied", t.before, sideDefaults(t.before, "applied", folders), undefined]);
        for (const locale of wanted) {
            for (const [side, inputs, defaults, sideLive] of sides) {
                const { branding, notices } = sideBranding(inputs, defaults, locale, side, folders, sideLive);
                if (locale !== "default" && !inputs.has(locale) && sideLive?.has(locale) !== true) {
                    notices.push({
                        property: null,
                        locale,
                        message: noLocalization(locale, side, side === "declared" && t.before?.has(locale) === true),
                    });
                }
                const file = `${prefix}${slug(locale)}${side === "declared" ? "" : ".before"}.png`;
                const { origin, caption } = ORIGIN[side === "declared" && tenantLive !== undefined ? "declaredOverLive" : side];
                pages.push({
                    tenant: t.tenant,
                    locale,
                    side,
                    file,
                    caption,
                    page: { locale, label: labelOf(locale, side), branding, notices, origin },
                });
            }
        }
    }
    return pages;
}
