/**
 * Which pages to render: per tenant, the default branding and each locale, as declared and, when the stack has state,
 * as applied at its last `up`. A locale's page is its localization over the default branding, as the service serves it.
 */
import { labelOf, noticesOf, pageBrandingOf, type AssetFolders, type Problem, type Side } from "./assets";
import type { BrandingInputs, DeclaredTenant } from "./declared";
import { effectiveBranding, NO_BRANDING, type Notice, type PageBranding, type SignInPage } from "./model";

/** One page to render and the file it goes to. */
export interface PlannedPage {
    readonly tenant: string;
    readonly locale: string;
    readonly side: Side;
    /** File name in the output folder. */
    readonly file: string;
    readonly page: SignInPage;
}

/**
 * What a page shows, said on the page: neither side is read from the tenant (the command has no credentials and
 * imports nothing of the provider), so what the program does not manage, set in the tenant some other way, is on
 * neither; users see it. {@link LIVE_NOT_READ} says the same in the report and on stderr.
 */
const ORIGIN: Record<Side, string> = {
    declared: "the program's branding only, not merged with the tenant's live branding",
    applied: "as the stack applied it at its last up, not read from the tenant",
};

/** Why the pages may differ from what users see, in the report and on stderr. */
export const LIVE_NOT_READ =
    "the tenant's live branding is not read: each page shows only the properties the program (after) or the stack's last up (before) sets, over Microsoft's default look, so a banner logo, background or text set in the tenant outside the program is missing from both pages, though users see it";

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

function sideBranding(
    inputs: ReadonlyMap<string, BrandingInputs>,
    defaults: SideDefaults,
    locale: string,
    side: Side,
    folders: AssetFolders,
): { branding: PageBranding; notices: Notice[] } {
    const notices: Notice[] = [];
    if (defaults.inputs === undefined && (locale === "default" || side === "declared")) {
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
    if (own === undefined) return { branding: defaults.branding, notices };
    const localized = pageBrandingOf(own, side, folders);
    return {
        branding: effectiveBranding(defaults.branding, localized.branding),
        notices: [...notices, ...noticesOf(localized.problems, locale, side)],
    };
}

/** The pages of every tenant; `locales` limits them to those (a locale without a branding then gets the default's). */
export function plannedPages(tenants: readonly DeclaredTenant[], folders: AssetFolders, locales?: readonly string[]): PlannedPage[] {
    const pages: PlannedPage[] = [];
    for (const t of tenants) {
        const declared = new Set([...t.after.keys(), ...(t.before?.keys() ?? [])]);
        const wanted = locales && locales.length > 0 ? locales : ["default", ...[...declared].filter((l) => l !== "default").sort()];
        const prefix = t.tenant === "" ? "" : `${slug(t.tenant)}.`;
        const sides: Array<[Side, ReadonlyMap<string, BrandingInputs>, SideDefaults]> = [
            ["declared", t.after, sideDefaults(t.after, "declared", folders)],
        ];
        if (t.before !== undefined) sides.push(["applied", t.before, sideDefaults(t.before, "applied", folders)]);
        for (const locale of wanted) {
            for (const [side, inputs, defaults] of sides) {
                const { branding, notices } = sideBranding(inputs, defaults, locale, side, folders);
                if (locale !== "default" && !inputs.has(locale)) {
                    const removed = side === "declared" && t.before?.has(locale) === true;
                    notices.push({
                        property: null,
                        locale,
                        message: removed
                            ? `${locale}: the program no longer declares a branding for it; after up, users with this language see the default branding, shown here`
                            : `${locale}: no OrganizationalBrandingLocalization ${side === "declared" ? "is declared" : "was applied"} for it; users with this language see the default branding, shown here`,
                    });
                }
                const file = `${prefix}${slug(locale)}${side === "applied" ? ".before" : ""}.png`;
                pages.push({
                    tenant: t.tenant,
                    locale,
                    side,
                    file,
                    page: { locale, label: labelOf(locale, side), branding, notices, origin: ORIGIN[side] },
                });
            }
        }
    }
    return pages;
}
