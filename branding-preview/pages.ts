/**
 * Which pages to render: per tenant, the default branding and each locale, as declared and, when the stack has state,
 * as applied at its last `up`. A locale's page is its localization over the default branding, as the service serves it.
 */
import { labelOf, pageBrandingOf, type AssetFolders, type Side } from "./assets";
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

const ORIGIN: Record<Side, string> = { declared: "as the program declares it", applied: "as the stack applied it at its last up" };

/** A file name part from a tenant or locale (which are guids, domains, provider names and culture names). */
function slug(text: string): string {
    return text.replace(/[^A-Za-z0-9._-]+/g, "_");
}

function sideBranding(
    inputs: ReadonlyMap<string, BrandingInputs>,
    locale: string,
    side: Side,
    folders: AssetFolders,
): { branding: PageBranding; notices: Notice[] } {
    const defaults = inputs.get("default");
    const base = defaults === undefined ? { branding: NO_BRANDING, notices: [] } : pageBrandingOf(defaults, "default", side, folders);
    const notices: Notice[] = locale === "default" ? [...base.notices] : [];
    if (defaults === undefined && (locale === "default" || side === "declared")) {
        notices.push({
            property: null,
            locale,
            message: `${locale}: no OrganizationalBranding is ${side === "declared" ? "declared" : "in the stack's state"}; the tenant's own default branding is not known here, so Microsoft's default look is shown under the localization`,
        });
    }
    if (locale === "default") return { branding: base.branding, notices };
    const own = inputs.get(locale);
    // What the locale's page takes from the default branding cannot be shown for the same reasons, named for this page.
    const inherited =
        defaults === undefined
            ? []
            : pageBrandingOf(defaults, locale, side, folders).notices.filter((n) => n.property === null || own?.[n.property] === undefined);
    if (own === undefined) return { branding: base.branding, notices: [...notices, ...inherited] };
    const localized = pageBrandingOf(own, locale, side, folders);
    return { branding: effectiveBranding(base.branding, localized.branding), notices: [...notices, ...inherited, ...localized.notices] };
}

/** The pages of every tenant; `locales` limits them to those (a locale without a branding then gets the default's). */
export function plannedPages(tenants: readonly DeclaredTenant[], folders: AssetFolders, locales?: readonly string[]): PlannedPage[] {
    const pages: PlannedPage[] = [];
    for (const t of tenants) {
        const declared = new Set([...t.after.keys(), ...(t.before?.keys() ?? [])]);
        const wanted = locales && locales.length > 0 ? locales : ["default", ...[...declared].filter((l) => l !== "default").sort()];
        const prefix = t.tenant === "" ? "" : `${slug(t.tenant)}.`;
        for (const locale of wanted) {
            const sides: Array<[Side, ReadonlyMap<string, BrandingInputs>]> = [["declared", t.after]];
            if (t.before !== undefined) sides.push(["applied", t.before]);
            for (const [side, inputs] of sides) {
                const { branding, notices } = sideBranding(inputs, locale, side, folders);
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
