/**
 * The organizational branding model of one tenant, written from the Graph v1.0 CSDL
 * (Graph's v1.0 CSDL, msgraph-metadata `schemas/v1.0-Prod.csdl`, `organizationalBrandingProperties`) and the
 * property pages (docs/api-facts.md section B). A tenant has no branding, or a default branding (locale id `0`)
 * with localizations keyed by culture name. Streams are stored as bytes (base64 in the state file) with
 * their content type and the read-only relative URL the service derives from each upload.
 */

/** The writable string properties, in the CSDL's order. */
export const BRANDING_STRINGS = [
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
/** One of {@link BRANDING_STRINGS}. */
export type BrandingString = (typeof BRANDING_STRINGS)[number];

/** The Edm.Stream properties: never in JSON bodies, uploaded one by one with PUT. */
export const BRANDING_STREAMS = ["backgroundImage", "bannerLogo", "squareLogo", "squareLogoDark", "headerLogo", "favicon", "customCSS"] as const;
/** One of {@link BRANDING_STREAMS}. */
export type BrandingStream = (typeof BRANDING_STREAMS)[number];

/** The writable complex properties. */
export const BRANDING_COMPLEX = ["contentCustomization", "loginPageLayoutConfiguration", "loginPageTextVisibilitySettings"] as const;
/** One of {@link BRANDING_COMPLEX}. */
export type BrandingComplex = (typeof BRANDING_COMPLEX)[number];

/** Members of the CSDL enum `layoutTemplateType`. */
export const LAYOUT_TEMPLATE_TYPES = ["default", "verticalSplit", "unknownFutureValue"] as const;
/** One of {@link LAYOUT_TEMPLATE_TYPES}. */
export type LayoutTemplateType = (typeof LAYOUT_TEMPLATE_TYPES)[number];

/** The six Boolean members of `loginPageTextVisibilitySettings`. */
export const VISIBILITY_FLAGS = [
    "hideAccountResetCredentials",
    "hideCannotAccessYourAccount",
    "hideForgotMyPassword",
    "hidePrivacyAndCookies",
    "hideResetItNow",
    "hideTermsOfUse",
] as const;
/** One of {@link VISIBILITY_FLAGS}. */
export type VisibilityFlag = (typeof VISIBILITY_FLAGS)[number];

/** `loginPageLayoutConfiguration`; members the caller never set read as null. */
export interface LoginPageLayoutConfiguration {
    layoutTemplateType: LayoutTemplateType | null;
    isHeaderShown: boolean | null;
    isFooterShown: boolean | null;
}

/** `loginPageTextVisibilitySettings`. */
export type LoginPageTextVisibilitySettings = Record<VisibilityFlag, boolean | null>;

/** `keyValue` of the CSDL. */
export interface KeyValue {
    key: string;
    value: string;
}

/** `contentCustomization`; the two `*RelativeUrl` members are read-only and set by the service. */
export interface ContentCustomization {
    attributeCollection: KeyValue[];
    attributeCollectionRelativeUrl: string | null;
    registrationCampaign: KeyValue[];
    registrationCampaignRelativeUrl: string | null;
}

/** An uploaded stream. */
export interface StoredStream {
    contentType: string;
    /** The bytes, base64 (so the state file stays JSON). */
    base64: string;
    /** `<tenant-ish>/logintenantbranding/<lcid>/<name>?ts=<ticks>`, new on every upload. */
    relativeUrl: string;
}

/** The string properties of one branding; unset ones are "" (as the official payloads show them). */
export type BrandingTexts = Record<BrandingString, string>;

/** One branding: the default or a localization. */
export interface BrandingEntry extends BrandingTexts {
    contentCustomization: ContentCustomization | null;
    loginPageLayoutConfiguration: LoginPageLayoutConfiguration | null;
    loginPageTextVisibilitySettings: LoginPageTextVisibilitySettings | null;
    streams: Partial<Record<BrandingStream, StoredStream>>;
}

/** A tenant's branding: the default (id `0`) and its localizations by culture name, in creation order. */
export interface StoredBranding {
    default: BrandingEntry;
    localizations: Record<string, BrandingEntry>;
}

/** The CDN hosts of the official example (`cdnList`), listed when a branding has any stream. */
export const CDN_LIST = ["secure.aadcdn.microsoftonline-p.com", "aadcdn.msftauthimages.net", "aadcdn.msauthimages.net"] as const;

const KB = 1024;
/** Upload size caps: the Entra admin center maxima (docs/api-facts.md section B, image limits table). */
export const STREAM_MAX_BYTES: Readonly<Record<BrandingStream, number>> = {
    backgroundImage: 300 * KB, // Graph's "not smaller than 300 KB" is a doc error: the admin center says at most 300 KB
    bannerLogo: 50 * KB,
    headerLogo: 10 * KB,
    squareLogo: 50 * KB,
    squareLogoDark: 50 * KB,
    favicon: 5 * KB,
    customCSS: 25 * KB,
};

/** Request media types the OpenAPI lists for every stream PUT (Graph OpenAPI; docs/api-facts.md section B). */
export const IMAGE_TYPES = ["image/bmp", "image/jpg", "image/jpeg", "image/gif", "image/vnd.microsoft.icon", "image/png", "image/tiff"] as const;

/**
 * The media type of raw stream bytes, for uploads sent as `application/octet-stream`: the image formats of the
 * OpenAPI list by their magic numbers, else `text/css` for customCSS, else `application/octet-stream`.
 */
export function sniffType(stream: BrandingStream, bytes: Buffer): string {
    const starts = (...sig: number[]): boolean => sig.every((b, i) => bytes[i] === b);
    if (starts(0x89, 0x50, 0x4e, 0x47)) return "image/png";
    if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
    if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
    if (starts(0x42, 0x4d)) return "image/bmp";
    if (starts(0x00, 0x00, 0x01, 0x00)) return "image/vnd.microsoft.icon";
    if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return "image/tiff";
    return stream === "customCSS" ? "text/css" : OCTET_STREAM;
}

/** What the Graph SDKs send for stream content unless told otherwise (Kiota `RequestInformation.binaryContentType`). */
export const OCTET_STREAM = "application/octet-stream";

/**
 * Media types accepted for a stream: the OpenAPI's image list (the one the typed SDK's GET `Accept` header
 * repeats), `application/octet-stream` (what the Graph SDKs and the PowerShell `-InFile` parameters send by
 * default; no doc restricts it), and `text/css` for customCSS, for which the OpenAPI lists only image types,
 * which cannot be right for a `.css` file (a doc oddity flagged in docs/api-facts.md).
 */
export function acceptedTypes(stream: BrandingStream): readonly string[] {
    return stream === "customCSS" ? [...IMAGE_TYPES, OCTET_STREAM, "text/css"] : [...IMAGE_TYPES, OCTET_STREAM];
}

/** A branding with nothing set. */
export function emptyEntry(): BrandingEntry {
    const texts = Object.fromEntries(BRANDING_STRINGS.map((s) => [s, ""])) as BrandingTexts;
    return { ...texts, contentCustomization: null, loginPageLayoutConfiguration: null, loginPageTextVisibilitySettings: null, streams: {} };
}

/** True for the ids that address the default branding: `0` and `default` (documented), any letter case. */
export function isDefaultLocale(id: string): boolean {
    return id === "0" || id.toLowerCase() === "default";
}

/** A culture name `ll` or `ll-CC` (ISO 639 language, optional ISO 3166 region), as the POST docs use. */
const CULTURE = /^([a-z]{2,3})(?:-([a-z]{2}))?$/i;

/** The canonical spelling (`fr-FR`) of a culture name, or undefined when it is not one. */
export function canonicalLocale(id: string): string | undefined {
    const match = CULTURE.exec(id);
    if (match === null) return undefined;
    return match[2] === undefined ? match[1].toLowerCase() : `${match[1].toLowerCase()}-${match[2].toUpperCase()}`;
}

/** The stored key of a localization, matched case-insensitively. */
export function findLocalization(branding: StoredBranding, id: string): string | undefined {
    const key = id.toLowerCase();
    return Object.keys(branding.localizations).find((k) => k.toLowerCase() === key);
}

/** True for a stream property name. */
export function isStream(name: string): name is BrandingStream {
    return (BRANDING_STREAMS as readonly string[]).includes(name);
}

/** True when any stream of the entry is set. */
export function hasStreams(entry: BrandingEntry): boolean {
    return Object.keys(entry.streams).length > 0;
}

/** The entry a locale id addresses (`0`/`default` or a culture name), with its stored key (null for the default). */
export function locateEntry(branding: StoredBranding, id: string): { key: string | null; entry: BrandingEntry } | undefined {
    if (isDefaultLocale(id)) return { key: null, entry: branding.default };
    const key = findLocalization(branding, id);
    return key === undefined ? undefined : { key, entry: branding.localizations[key] };
}
