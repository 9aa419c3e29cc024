/**
 * The tenant's sign-in page as the emulator's branding makes it: `GET /login/{tenant}/branding-preview[/{locale}]`
 * serves branding-preview's approximation of the Microsoft Entra sign-in page (labelled as one on the page) from the
 * branding this tenant holds, so a user sees what `pulumi up` against the emulator applied. A localization shows over
 * the default branding, as the service serves a locale's page.
 */
import { effectiveBranding, NO_BRANDING, type Notice, type PageBranding, type PageImage } from "../../branding-preview/model";
import { signInPageHtml } from "../../branding-preview/page";
import { canonicalLocale, isDefaultLocale, locateEntry, BRANDING_STREAMS, type BrandingEntry } from "../store/branding/model";
import { findTenant } from "../store/directory";
import type { Reply, RequestContext, RouteParams } from "../http/http";
import { aadsts } from "./errors";

/** One stored branding as the page takes it: its set strings, complex values and streams. */
function pageBranding(entry: BrandingEntry): PageBranding {
    const images: Record<string, PageImage> = {};
    for (const name of BRANDING_STREAMS) {
        const stream = entry.streams[name];
        if (stream === undefined || name === "customCSS") continue;
        images[name] = { dataUrl: `data:${stream.contentType};base64,${stream.base64}`, source: `the ${name} stream (${stream.relativeUrl})` };
    }
    const css = entry.streams.customCSS;
    return {
        texts: {
            backgroundColor: entry.backgroundColor,
            headerBackgroundColor: entry.headerBackgroundColor,
            signInPageText: entry.signInPageText,
            usernameHintText: entry.usernameHintText,
            customAccountResetCredentialsUrl: entry.customAccountResetCredentialsUrl,
            customCannotAccessYourAccountText: entry.customCannotAccessYourAccountText,
            customForgotMyPasswordText: entry.customForgotMyPasswordText,
            customResetItNowText: entry.customResetItNowText,
            customTermsOfUseText: entry.customTermsOfUseText,
            customTermsOfUseUrl: entry.customTermsOfUseUrl,
            customPrivacyAndCookiesText: entry.customPrivacyAndCookiesText,
            customPrivacyAndCookiesUrl: entry.customPrivacyAndCookiesUrl,
        },
        images,
        ...(entry.loginPageLayoutConfiguration !== null ? { layout: entry.loginPageLayoutConfiguration } : {}),
        ...(entry.loginPageTextVisibilitySettings !== null ? { visibility: entry.loginPageTextVisibilitySettings } : {}),
        ...(css !== undefined ? { customCSS: Buffer.from(css.base64, "base64").toString("utf8") } : {}),
    };
}

/** The page of a locale (`default` when none is given). */
export function brandingPreviewPage(ctx: RequestContext, params: RouteParams): Reply {
    const tenant = findTenant(ctx.store.state, params.tenant);
    if (tenant === undefined) return aadsts(ctx, 400, "invalid_tenant", 90002, `Tenant '${params.tenant}' not found.`);
    const requested = params.locale ?? "default";
    const locale = isDefaultLocale(requested) ? "default" : canonicalLocale(requested);
    if (locale === undefined) {
        return aadsts(ctx, 400, "invalid_request", 90014, `'${requested}' is not a locale: give a culture name such as fr-FR, or default.`);
    }
    const notices: Notice[] = [];
    let branding = NO_BRANDING;
    if (tenant.branding === null) {
        notices.push({ property: null, locale, message: `${locale}: the tenant has no branding; Microsoft's default page is shown` });
    } else {
        const defaults = pageBranding(tenant.branding.default);
        const found = locale === "default" ? undefined : locateEntry(tenant.branding, locale);
        if (locale !== "default" && found === undefined) {
            notices.push({
                property: null,
                locale,
                message: `${locale}: the tenant has no branding for this locale; the default branding is shown, as the service does`,
            });
        }
        branding = effectiveBranding(defaults, found === undefined ? undefined : pageBranding(found.entry));
    }
    const html = signInPageHtml({ locale, label: locale, branding, notices, origin: `the branding tenant ${tenant.id} holds in the emulator` });
    return { status: 200, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }, body: html };
}
