/**
 * Reading a branding into what state records: the prior values before tenantkit writes, and on refresh the live
 * values, told apart from what the service normalized. Images are compared by their RelativeUrl first (it changes on
 * every upload) and downloaded only when it moved, so refresh stays cheap and a re-encoding CDN causes no drift.
 */
import type { JsonValue } from "../../core/json";
import { BrandingApi } from "./api";
import { sha256, type ImageDescriptor } from "./images";
import { clearedValue, isImageProperty, type BrandingProperty, type ImageProperty, type JsonProperty, RELATIVE_URL_KEYS } from "./properties";
import { liveDescriptor, liveValue, type Observed, type Prior, type PriorImage, reconcileValue, relativeUrlOf } from "./record";
import type { BrandingWire } from "./schema";
import type { BrandingOutputs } from "./record";

/**
 * The locale of the throw-away localization that creates a missing default branding: Graph has no call that
 * creates only the default, but POST .../localizations "creates a localized branding and at the same time, the
 * default branding if it doesn't exist" (organizationalbranding-post-localizations). A tenant without a default
 * branding has no localization, so this locale is free.
 */
export const BOOTSTRAP_LOCALE = "en-US";

/** Creates the branding when it does not exist, as the service requires, and returns it as read back. */
export async function ensureBranding(api: BrandingApi): Promise<BrandingWire> {
    if (api.isDefault) {
        const bootstrap = api.forLocale(BOOTSTRAP_LOCALE);
        await bootstrap.createLocalization({});
        await bootstrap.deleteBranding();
    } else {
        await api.createLocalization({});
    }
    const live = await api.get();
    if (!live)
        throw new Error(`the branding ${api.isDefault ? "default" : api.locale} could not be created: Graph still answers 404 after creating it`);
    return live;
}

export async function priorImage(api: BrandingApi, p: ImageProperty): Promise<PriorImage | null> {
    const image = await api.getImage(p);
    if (!image) return null;
    return { sha256: sha256(image.bytes), size: image.bytes.length, contentType: image.contentType, data: image.bytes.toString("base64") };
}

/** The values of `props` before tenantkit writes them; nothing was there when the branding did not exist. */
export async function snapshotPrior(
    api: BrandingApi,
    live: BrandingWire | undefined,
    props: readonly BrandingProperty[],
    existed: boolean,
): Promise<Prior> {
    const values: Partial<Record<JsonProperty, JsonValue>> = {};
    const images: Partial<Record<ImageProperty, PriorImage | null>> = {};
    for (const p of props) {
        if (isImageProperty(p)) images[p] = existed && relativeUrlOf(live, p) !== null ? await priorImage(api, p) : null;
        else values[p] = existed ? liveValue(live, p) : clearedValue(p);
    }
    return { existed, values, images };
}

export interface LiveState {
    readonly values: Partial<Record<BrandingProperty, JsonValue | ImageDescriptor | null>>;
    readonly urls: Record<string, string | null>;
    readonly cdnList: string[];
    readonly observed: Observed;
}

/** The live state of the managed properties; undefined when a localization is gone (the default is read as empty). */
export async function readState(api: BrandingApi, props: BrandingOutputs): Promise<LiveState | undefined> {
    const live = await api.get();
    if (!live && !api.isDefault) return undefined;
    const values: LiveState["values"] = {};
    const observedImages: Record<string, { relativeUrl: string | null; sha256: string | null }> = { ...props.observed.images };
    for (const p of props.managed) {
        if (!isImageProperty(p)) {
            values[p] = reconcileValue(props[p] as JsonValue | undefined, liveValue(live, p), props.observed.values[p]);
            continue;
        }
        const desired = props[p] as ImageDescriptor | null | undefined;
        const url = relativeUrlOf(live, p);
        const seen = props.observed.images[p];
        if (url === null) values[p] = null;
        else if (seen && seen.relativeUrl === url && desired) values[p] = desired;
        else {
            const image = await api.getImage(p);
            const hash = image ? sha256(image.bytes) : null;
            if (!image) values[p] = null;
            else if (desired && hash === desired.sha256) {
                values[p] = desired;
                observedImages[p] = { relativeUrl: url, sha256: hash };
            } else values[p] = liveDescriptor({ sha256: hash!, size: image.bytes.length, contentType: image.contentType });
        }
    }
    return {
        values,
        urls: Object.fromEntries(RELATIVE_URL_KEYS.map((k) => [k, (live?.[k] as string | null | undefined) ?? null])),
        cdnList: live?.cdnList ?? [],
        observed: { values: props.observed.values, images: observedImages },
    };
}
