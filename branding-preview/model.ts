/**
 * What one sign-in page shows: the branding of one locale, as the preview and the emulator's page both take it.
 * Written from Graph's organizationalBrandingProperties (v1.0 resource pages) and the Entra admin center's
 * company branding article; nothing here knows the provider or the emulator.
 */

/** The string properties the page shows, in Graph's names. */
export const TEXT_PROPERTIES = [
    "backgroundColor",
    "headerBackgroundColor",
    "signInPageText",
    "usernameHintText",
    "customAccountResetCredentialsUrl",
    "customCannotAccessYourAccountText",
    "customForgotMyPasswordText",
    "customResetItNowText",
    "customTermsOfUseText",
    "customTermsOfUseUrl",
    "customPrivacyAndCookiesText",
    "customPrivacyAndCookiesUrl",
] as const;
/** One of {@link TEXT_PROPERTIES}. */
export type TextProperty = (typeof TEXT_PROPERTIES)[number];

/** The image streams the page shows (customCSS is the other stream, kept as text). */
export const IMAGE_PROPERTIES = ["backgroundImage", "bannerLogo", "headerLogo", "squareLogo", "squareLogoDark", "favicon"] as const;
/** One of {@link IMAGE_PROPERTIES}. */
export type ImageProperty = (typeof IMAGE_PROPERTIES)[number];

/** The six members of `loginPageTextVisibilitySettings`. */
export const VISIBILITY_FLAGS = [
    "hideAccountResetCredentials",
    "hideCannotAccessYourAccount",
    "hideForgotMyPassword",
    "hideResetItNow",
    "hideTermsOfUse",
    "hidePrivacyAndCookies",
] as const;
/** One of {@link VISIBILITY_FLAGS}. */
export type VisibilityFlag = (typeof VISIBILITY_FLAGS)[number];

/** `loginPageLayoutConfiguration`. */
export interface PageLayout {
    readonly layoutTemplateType?: string | null;
    readonly isHeaderShown?: boolean | null;
    readonly isFooterShown?: boolean | null;
}

/** An image to show: its bytes as a `data:` URL, and where it came from (a file, a stream) for messages. */
export interface PageImage {
    readonly dataUrl: string;
    readonly source: string;
}

/** The branding of one locale as declared or stored; what it does not set is absent. */
export interface PageBranding {
    readonly texts: Partial<Record<TextProperty, string>>;
    readonly layout?: PageLayout;
    readonly visibility?: Partial<Record<VisibilityFlag, boolean | null>>;
    readonly images: Partial<Record<ImageProperty, PageImage>>;
    readonly customCSS?: string;
}

/** A problem found while building or showing a page, for one property (or none) of one locale. */
export interface Notice {
    /** The branding property, e.g. `bannerLogo`; null for the page as a whole. */
    readonly property: string | null;
    /** `default` or a culture name. */
    readonly locale: string;
    readonly message: string;
}

/** One page to show. */
export interface SignInPage {
    /** `default` or a culture name: the page's language and direction follow it. */
    readonly locale: string;
    /** How messages name the page: the locale, and which side of a before/after pair (`fr-FR, as applied`). */
    readonly label: string;
    readonly branding: PageBranding;
    /** Problems found before the page was built; the page shows them with the ones the browser finds. */
    readonly notices: readonly Notice[];
    /** Says where the page came from ("declared in the program", "held by the emulator"). */
    readonly origin: string;
}

/** An empty branding: Microsoft's default page. */
export const NO_BRANDING: PageBranding = { texts: {}, images: {} };

/**
 * The branding a locale's page shows: the localization over the default branding. Graph: a localization's strings it
 * does not set (empty) inherit the default branding's, and `" "` overrides with a blank; images, CSS and the complex
 * values of a localization replace the default's when set.
 */
export function effectiveBranding(defaults: PageBranding, localized: PageBranding | undefined): PageBranding {
    if (localized === undefined) return defaults;
    const texts: Partial<Record<TextProperty, string>> = { ...defaults.texts };
    for (const name of TEXT_PROPERTIES) {
        const own = localized.texts[name];
        if (own === undefined || own === "") continue;
        texts[name] = own.trim() === "" ? "" : own;
    }
    return {
        texts,
        layout: localized.layout ?? defaults.layout,
        visibility: localized.visibility ?? defaults.visibility,
        images: { ...defaults.images, ...localized.images },
        customCSS: localized.customCSS ?? defaults.customCSS,
    };
}

/**
 * The branding after a write of `declared` over what the tenant holds (`live`): each property the program sets
 * replaces the live one (a text, an image, CSS, a complex value as a whole, as Graph's PATCH and PUT do); what it does
 * not set stays as it is.
 */
export function brandingOver(live: PageBranding, declared: PageBranding): PageBranding {
    return {
        texts: { ...live.texts, ...declared.texts },
        layout: declared.layout ?? live.layout,
        visibility: declared.visibility ?? live.visibility,
        images: { ...live.images, ...declared.images },
        customCSS: declared.customCSS ?? live.customCSS,
    };
}

/** Languages written right to left (CLDR's character order right-to-left), by ISO 639 code. */
const RTL_LANGUAGES = new Set(["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ku", "pa-Arab", "ps", "sd", "ug", "ur", "yi"]);

/** `rtl` for a culture name whose language is written right to left, else `ltr` (the default branding too). */
export function directionOf(locale: string): "rtl" | "ltr" {
    const language = locale.split("-")[0].toLowerCase();
    return RTL_LANGUAGES.has(language) ? "rtl" : "ltr";
}

/** The `lang` attribute of a page: the culture name, or English for the default branding. */
export function languageOf(locale: string): string {
    return locale === "default" ? "en" : locale;
}

/** A `data:` URL of bytes with their media type. */
export function dataUrl(contentType: string, bytes: Buffer): string {
    return `data:${contentType};base64,${bytes.toString("base64")}`;
}
