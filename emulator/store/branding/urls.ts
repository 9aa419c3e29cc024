/**
 * The read-only relative URLs of branding streams, shaped like the official payloads:
 * `c1c6b6c8-urr-dzbkz44n5kuo9kzl1kziuujjcdqonoe2owyacso/logintenantbranding/0/bannerlogo?ts=637535563824629275`
 * (test/fixtures/conformance/graph-branding-get.response.json) and `.../logintenantbranding/1036/bannerlogo?ts=...` for
 * fr-FR (graph-branding-localization-get.response.json). The first part is per tenant (two tenants of the
 * examples share `c1c6b6c8-` and differ after it), the number is the locale's Windows LCID (`0` for the
 * default) and `ts` looks like .NET ticks of the upload time, which makes every upload a new URL.
 */
import { createHash } from "node:crypto";
import type { BrandingEntry, BrandingStream } from "./model";

/**
 * The file names in the URL. `illustration`, `bannerlogo` and `tilelogo` appear in the official payloads;
 * the others are not documented and follow the same pattern.
 */
const FILE_NAMES: Readonly<Record<BrandingStream | "attributeCollection" | "registrationCampaign", string>> = {
    backgroundImage: "illustration",
    bannerLogo: "bannerlogo",
    squareLogo: "tilelogo",
    squareLogoDark: "tilelogodark",
    headerLogo: "headerlogo",
    favicon: "favicon",
    customCSS: "customcss",
    attributeCollection: "attributecollection",
    registrationCampaign: "registrationcampaign",
};

/** What a relative URL names. */
export type UrlTarget = keyof typeof FILE_NAMES;

/** Windows LCIDs of common cultures (MS-LCID); others get 4096, LOCALE_CUSTOM_UNSPECIFIED. */
const LCIDS: Readonly<Record<string, number>> = {
    ar: 1,
    bg: 2,
    ca: 3,
    zh: 4,
    cs: 5,
    da: 6,
    de: 7,
    el: 8,
    en: 9,
    es: 10,
    fi: 11,
    fr: 12,
    he: 13,
    hu: 14,
    is: 15,
    it: 16,
    ja: 17,
    ko: 18,
    nl: 19,
    nb: 20,
    pl: 21,
    pt: 22,
    ro: 24,
    ru: 25,
    hr: 26,
    sk: 27,
    sv: 29,
    th: 30,
    tr: 31,
    uk: 34,
    id: 33,
    sl: 36,
    et: 37,
    lv: 38,
    lt: 39,
    vi: 42,
    hi: 57,
    "ar-SA": 1025,
    "bg-BG": 1026,
    "ca-ES": 1027,
    "zh-TW": 1028,
    "cs-CZ": 1029,
    "da-DK": 1030,
    "de-DE": 1031,
    "el-GR": 1032,
    "en-US": 1033,
    "fi-FI": 1035,
    "fr-FR": 1036,
    "he-IL": 1037,
    "hu-HU": 1038,
    "it-IT": 1040,
    "ja-JP": 1041,
    "ko-KR": 1042,
    "nl-NL": 1043,
    "nb-NO": 1044,
    "pl-PL": 1045,
    "pt-BR": 1046,
    "ro-RO": 1048,
    "ru-RU": 1049,
    "hr-HR": 1050,
    "sk-SK": 1051,
    "sv-SE": 1053,
    "th-TH": 1054,
    "tr-TR": 1055,
    "id-ID": 1057,
    "uk-UA": 1058,
    "sl-SI": 1060,
    "et-EE": 1061,
    "lv-LV": 1062,
    "lt-LT": 1063,
    "vi-VN": 1066,
    "hi-IN": 1081,
    "zh-CN": 2052,
    "de-CH": 2055,
    "en-GB": 2057,
    "es-MX": 2058,
    "fr-BE": 2060,
    "nl-BE": 2067,
    "pt-PT": 2070,
    "de-AT": 3079,
    "en-AU": 3081,
    "es-ES": 3082,
    "fr-CA": 3084,
    "en-CA": 4105,
    "fr-CH": 4108,
    "en-IN": 16393,
};

/** The LCID segment of a locale's URLs: `0` for the default branding. */
export function lcidOf(locale: string | null): string {
    if (locale === null) return "0";
    return String(LCIDS[locale] ?? 4096);
}

/** .NET ticks (100 ns since 0001-01-01) of an instant; beyond 2^53, hence a bigint. */
export function dotNetTicks(at: Date): bigint {
    return (BigInt(at.getTime()) + 62_135_596_800_000n) * 10_000n;
}

/** The per-tenant first segment: the examples' constant `c1c6b6c8-` and 43 characters derived from the tenant id. */
export function tenantPrefix(tenantId: string): string {
    const digest = BigInt(`0x${createHash("sha256").update(tenantId.toLowerCase()).digest("hex")}`);
    return `c1c6b6c8-${digest.toString(36).padStart(50, "0").slice(0, 43)}`;
}

/** The `ts` of a relative URL, or 0. */
function ticksOf(url: string | null | undefined): bigint {
    const match = url === null || url === undefined ? null : /[?&]ts=(\d+)/.exec(url);
    return match === null ? 0n : BigInt(match[1]);
}

/** The highest `ts` of every URL of an entry (so a new one is strictly later, even on a frozen test clock). */
function highestTicks(entry: BrandingEntry): bigint {
    let max = 0n;
    const urls: Array<string | null | undefined> = Object.values(entry.streams).map((s) => s?.relativeUrl);
    urls.push(entry.contentCustomization?.attributeCollectionRelativeUrl, entry.contentCustomization?.registrationCampaignRelativeUrl);
    for (const url of urls) {
        const t = ticksOf(url);
        if (t > max) max = t;
    }
    return max;
}

/** A new relative URL for an upload (or a content change) made at `now`. */
export function newRelativeUrl(tenantId: string, locale: string | null, target: UrlTarget, now: Date, entry: BrandingEntry): string {
    const floor = highestTicks(entry) + 1n;
    const at = dotNetTicks(now);
    const ts = at > floor ? at : floor;
    return `${tenantPrefix(tenantId)}/logintenantbranding/${lcidOf(locale)}/${FILE_NAMES[target]}?ts=${ts}`;
}
