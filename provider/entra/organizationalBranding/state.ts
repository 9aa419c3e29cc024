/**
 * What the branding resources keep, and the pure rules over it. Both resources manage the same properties (spec
 * area B, Graph `organizationalBrandingProperties`, msgraph-metadata v1.0 CSDL). State holds, beside the values as
 * applied:
 * - `prior`: the values of the managed properties before tenantkit touched them (images with their bytes, base64),
 *   so that destroy can restore the tenant as it was found, even from another machine.
 * - `observed`: what the service showed right after tenantkit's last write (it may normalize a value, or answer ""),
 *   so that refresh tells a value the service normalized from drift made in the portal: no perpetual diffs.
 * - `cdn`: the CDN list and the images' RelativeUrls as one object, so that the program side seeds one output for the
 *   eight (resourceBase.ts derives `cdnList` and each `*RelativeUrl` from it when read): the SDK pays for every seeded
 *   output of every resource in every preview. The stages work on the flat keys; the handler folds and unfolds them
 *   at its boundary.
 * Imports only the public types of this folder: every stage builds on it.
 */
import type { JsonObject, JsonValue } from "../../core/model/json";
import type { BrandingProperties } from "./types";

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

/**
 * Each property of the public type is in one list above or is one of the two Graph does not hold: a property added to
 * types.ts fails to compile here until it says how it is written.
 */
type Listed = BrandingProperty | "onDestroy" | "organizationId" | "adopt";
const _everyPropertyListed: [Exclude<keyof BrandingProperties, Listed>] extends [never] ? true : never = true;
void _everyPropertyListed;

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

/** An image as the validated inputs and state keep it: no bytes (images.ts makes it in `check`). */
export interface ImageDescriptor {
    /** As the program gave it: a relative path stays relative to the program's folder. */
    path: string;
    sha256: string;
    size: number;
    contentType: string;
    width: number | null;
    height: number | null;
}

/** The branding properties a program sets: only these are managed. */
export function managedOf(inputs: Partial<Record<BrandingProperty, unknown>>): BrandingProperty[] {
    return [...JSON_PROPERTIES, ...IMAGE_PROPERTIES].filter((p) => inputs[p] !== undefined && inputs[p] !== null);
}

export interface ImageRecord {
    readonly sha256: string;
    readonly size: number;
    readonly contentType: string;
}

export interface PriorImage extends ImageRecord {
    /** The image's bytes, base64: the only copy destroy can restore from. */
    readonly data: string;
}

export interface Prior {
    /** Whether the branding (the default, or this localization) existed before tenantkit created it. */
    readonly existed: boolean;
    readonly values: Partial<Record<JsonProperty, JsonValue>>;
    readonly images: Partial<Record<ImageProperty, PriorImage | null>>;
    /**
     * Properties whose value before tenantkit is not known: the tenant already showed the program's value when tenantkit
     * took them over, which an earlier run that was interrupted after writing it would also leave. Destroy leaves them
     * as they are (and says so) instead of restoring a guess.
     */
    readonly unknown?: readonly BrandingProperty[];
}

export interface Observed {
    readonly values: Partial<Record<JsonProperty, JsonValue>>;
    readonly images: Partial<Record<ImageProperty, { readonly relativeUrl: string | null; readonly sha256: string | null }>>;
}

/** A branding as read from Graph (schema.ts `BrandingWire`), as far as these rules look at it. */
type LiveBranding = Readonly<Record<string, unknown>>;

/** A JSON property as read: an absent string is "" and an absent complex value null, as the service shows them. */
export function liveValue(live: LiveBranding | undefined, p: JsonProperty): JsonValue {
    const v = live?.[p];
    if (v === undefined || v === null) return clearedValue(p);
    return v as JsonValue;
}

export function relativeUrlOf(live: LiveBranding | undefined, p: ImageProperty): string | null {
    const v = live?.[relativeUrlKey(p)];
    return typeof v === "string" ? v : null;
}

/** Deep equality of plain JSON, key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
    return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(v: unknown): unknown {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v !== null && typeof v === "object") {
        return Object.fromEntries(
            Object.keys(v)
                .sort()
                .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
        );
    }
    return v;
}

/**
 * Whether the live value of a JSON property is the program's: strings up to case and surrounding spaces (the service
 * may normalize either), complex values by the members the program sets (Graph merges the rest).
 */
export function showsValue(live: JsonValue | undefined, wanted: JsonValue | undefined): boolean {
    if (wanted === undefined) return false;
    if (typeof live === "string" && typeof wanted === "string") return live.trim().toLowerCase() === wanted.trim().toLowerCase();
    if (wanted !== null && typeof wanted === "object" && !Array.isArray(wanted)) {
        if (live === null || live === undefined || typeof live !== "object" || Array.isArray(live)) return false;
        return Object.entries(wanted).every(([k, v]) => showsValue((live as Record<string, JsonValue>)[k], v));
    }
    return sameJson(live ?? null, wanted);
}

/** The prior restricted to `props`. */
export function priorOf(prior: Prior, props: readonly BrandingProperty[]): Prior {
    const keep = (o: object) => Object.fromEntries(Object.entries(o).filter(([p]) => props.includes(p as BrandingProperty)));
    const unknown = (prior.unknown ?? []).filter((p) => props.includes(p));
    return { existed: prior.existed, values: keep(prior.values), images: keep(prior.images), ...(unknown.length > 0 ? { unknown } : {}) };
}

/** Two image values are the same image when their SHA-256 match (paths and dimensions are the program's business). */
export function sameImage(a: Pick<ImageDescriptor, "sha256"> | null | undefined, b: Pick<ImageDescriptor, "sha256"> | null | undefined): boolean {
    return (a?.sha256 ?? null) === (b?.sha256 ?? null);
}

/** A descriptor for an image found in the tenant but not put there by this program (drift). */
export function liveDescriptor(r: ImageRecord): ImageDescriptor {
    return { path: "", sha256: r.sha256, size: r.size, contentType: r.contentType, width: null, height: null };
}

/** The value the program should see for a JSON property: its own when the service still shows what it showed after our write. */
export function reconcileValue(desired: JsonValue | undefined, live: JsonValue, observed: JsonValue | undefined): JsonValue {
    if (desired !== undefined && observed !== undefined && sameJson(live, observed)) return desired;
    return live;
}

/** The outputs that travel inside `cdn`. */
export const CDN_KEYS: readonly string[] = ["cdnList", ...RELATIVE_URL_KEYS];

/** Outputs as state keeps them: the CDN keys moved into `cdn`. */
export function foldCdn(outs: object): JsonObject {
    const cdn: JsonObject = {};
    const rest: JsonObject = {};
    for (const [k, v] of Object.entries(outs)) (CDN_KEYS.includes(k) ? cdn : rest)[k] = v as JsonObject[string];
    return { ...rest, cdn };
}

/** State as the stages read it: `cdn` spread back into flat keys. */
export function unfoldCdn<T extends object>(props: T): T {
    const { cdn, ...rest } = props as Record<string, unknown>;
    return (cdn !== null && typeof cdn === "object" ? { ...rest, ...cdn } : rest) as T;
}
