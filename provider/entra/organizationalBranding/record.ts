/**
 * What the branding resources remember in state, and the pure comparisons over it.
 * - `prior`: the values of the managed properties before tenantkit touched them (images with their bytes, base64),
 *   so that destroy can restore the tenant as it was found, even from another machine.
 * - `observed`: what the service showed right after tenantkit's last write (it may normalize a value, or answer ""),
 *   so that refresh tells a value the service normalized from drift made in the portal: no perpetual diffs.
 */
import type { JsonValue } from "../../core/json";
import type { ImageDescriptor } from "./images";
import { clearedValue, IMAGE_PROPERTIES, JSON_PROPERTIES, relativeUrlKey } from "./properties";
import type { BrandingProperty, ImageProperty, JsonProperty, RELATIVE_URL_KEYS } from "./properties";
import type { BrandingInputs, BrandingWire } from "./schema";

/** State of a branding resource: the program's values as applied, plus what destroy and refresh need. */
export type BrandingOutputs = BrandingInputs & {
    organizationId: string;
    managed: BrandingProperty[];
    prior: Prior;
    observed: Observed;
    cdnList: string[];
} & Partial<Record<(typeof RELATIVE_URL_KEYS)[number], string | null>>;

/** The branding properties a program sets: only these are managed. */
export function managedOf(inputs: Partial<BrandingInputs>): BrandingProperty[] {
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
}

export interface Observed {
    readonly values: Partial<Record<JsonProperty, JsonValue>>;
    readonly images: Partial<Record<ImageProperty, { readonly relativeUrl: string | null; readonly sha256: string | null }>>;
}

/** A JSON property as read: an absent string is "" and an absent complex value null, as the service shows them. */
export function liveValue(live: BrandingWire | undefined, p: JsonProperty): JsonValue {
    const v = live?.[p];
    if (v === undefined || v === null) return clearedValue(p);
    return v as JsonValue;
}

export function relativeUrlOf(live: BrandingWire | undefined, p: ImageProperty): string | null {
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
