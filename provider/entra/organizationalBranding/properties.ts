/**
 * The writable properties of organizationalBranding and organizationalBrandingLocalization (spec area B, Graph
 * `organizationalBrandingProperties`, CSDL in shared/conformance). Both resources manage the same set.
 */

/** String properties, written with one JSON PATCH. */
export const TEXT_PROPERTIES = [
    "backgroundColor",
    "customAccountResetCredentialsUrl",
    "customCannotAccessYourAccountText",
    "customCannotAccessYourAccountUrl",
    "customForgotMyPasswordText",
    "customPrivacyAndCookiesText",
    "customPrivacyAndCookiesUrl",
    "customResetItNowText",
    "customTermsOfUseText",
    "customTermsOfUseUrl",
    "headerBackgroundColor",
    "signInPageText",
    "usernameHintText",
] as const;
export type TextProperty = (typeof TEXT_PROPERTIES)[number];

/** Complex properties, written whole in the same PATCH (Graph replaces a complex value as a unit). */
export const COMPLEX_PROPERTIES = ["loginPageLayoutConfiguration", "loginPageTextVisibilitySettings", "contentCustomization"] as const;
export type ComplexProperty = (typeof COMPLEX_PROPERTIES)[number];

/** Stream properties, each written with its own PUT to `.../branding/localizations/{locale}/{property}`. */
export const IMAGE_PROPERTIES = ["backgroundImage", "bannerLogo", "squareLogo", "squareLogoDark", "headerLogo", "favicon", "customCSS"] as const;
export type ImageProperty = (typeof IMAGE_PROPERTIES)[number];

/** Properties sent in the JSON PATCH. */
export const JSON_PROPERTIES = [...TEXT_PROPERTIES, ...COMPLEX_PROPERTIES] as const;
export type JsonProperty = (typeof JSON_PROPERTIES)[number];

export type BrandingProperty = JsonProperty | ImageProperty;

/** The read-only URL of each stream, relative to a host of `cdnList`. */
export function relativeUrlKey(p: ImageProperty): `${ImageProperty}RelativeUrl` {
    return `${p}RelativeUrl`;
}

export const RELATIVE_URL_KEYS = IMAGE_PROPERTIES.map(relativeUrlKey);

export function isImageProperty(p: string): p is ImageProperty {
    return (IMAGE_PROPERTIES as readonly string[]).includes(p);
}

export function isComplexProperty(p: string): p is ComplexProperty {
    return (COMPLEX_PROPERTIES as readonly string[]).includes(p);
}

/** The value a `reset` writes: an empty string clears a text, null clears a complex value. */
export function clearedValue(p: JsonProperty): "" | null {
    return isComplexProperty(p) ? null : "";
}
