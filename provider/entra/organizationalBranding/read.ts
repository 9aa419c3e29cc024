/**
 * Reading a branding into what state records: the prior values before tenantkit writes (for create and update), and
 * on refresh the live values, told apart from what the service normalized. Images are compared by their RelativeUrl
 * first (it changes on every upload) and downloaded only when it moved, so refresh stays cheap and a re-encoding CDN
 * causes no drift.
 */
import type { JsonValue } from "../../core/model/json";
import type { ServiceClient } from "../../core/http/http";
import { BrandingApi } from "./api";
import { sha256 } from "./images";
import type { BrandingInputs, BrandingOutputs, BrandingWire } from "./schema";
import {
    clearedValue,
    JSON_PROPERTIES,
    sameJson,
    isImageProperty,
    liveDescriptor,
    liveValue,
    reconcileValue,
    relativeUrlOf,
    RELATIVE_URL_KEYS,
    type BrandingProperty,
    type ImageDescriptor,
    type ImageProperty,
    type JsonProperty,
    type Observed,
    type Prior,
    type PriorImage,
} from "./state";

/** What each stage of an operation on one branding runs with; the handler makes it (defineBrandingHandler.ts). */
export interface Context {
    readonly graph: ServiceClient;
    /** `0` for the default branding, else the localization's locale. */
    readonly locale: string;
    /** The provider host's working directory: the program's folder, where the program's image paths resolve. */
    readonly cwd: string;
    /** The resource id for a partial failure. */
    readonly idOf: (organizationId: string) => string;
    /** The front end that runs the call: what a message may tell the user to do (core/host/handler.ts). */
    readonly frontEnd: "plugin" | "dynamic";
    /** The resource's URN, where the front end knows it. */
    readonly urn?: string;
    /** Shows a warning on the resource. */
    warn(message: string): Promise<void>;
}

async function priorImage(api: BrandingApi, p: ImageProperty): Promise<PriorImage | null> {
    const image = await api.getImage(p);
    if (!image) return null;
    return { sha256: sha256(image.bytes), size: image.bytes.length, contentType: image.contentType, data: image.bytes.toString("base64") };
}

export interface PriorSnapshot {
    readonly api: BrandingApi;
    /** The branding as just read; undefined when it does not exist. */
    readonly live: BrandingWire | undefined;
    /** The properties whose prior is taken. */
    readonly props: readonly BrandingProperty[];
    /** Whether the branding existed before tenantkit: when not, nothing was there (cleared values, no images). */
    readonly existed: boolean;
}

/** The values of `props` before tenantkit writes them; images are downloaded, since their bytes are the only copy. */
export async function snapshotPrior({ api, live, props, existed }: PriorSnapshot): Promise<Prior> {
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

/** Refresh: the live values of the managed properties; undefined when the branding is gone. */
export async function readBranding(ctx: Context, props: BrandingOutputs): Promise<{ outs: BrandingOutputs; inputs: BrandingInputs } | undefined> {
    const api = new BrandingApi(ctx.graph, props.organizationId, ctx.locale);
    const state = await readState(api, props);
    if (!state) return undefined;
    const outs = { ...props, ...state.values, ...state.urls, cdnList: state.cdnList, observed: state.observed } as BrandingOutputs;
    const inputs: Record<string, unknown> = { onDestroy: props.onDestroy };
    for (const p of props.managed) inputs[p] = state.values[p];
    return { outs, inputs: inputs as BrandingInputs };
}

/**
 * An import (`pulumi import`, a read with nothing but the id): the branding as it is, managing every text and complex
 * property it sets, and recording those values as the prior, so that destroy leaves them as they were found. Images are
 * not taken over: a program names an image by its file, which the tenant cannot tell; setting one in the program
 * uploads it at the next update. Undefined when there is nothing to import.
 */
export async function importBranding(
    ctx: Context,
    organizationId: string,
): Promise<{ outs: BrandingOutputs; inputs: Partial<BrandingInputs> } | undefined> {
    const api = new BrandingApi(ctx.graph, organizationId, ctx.locale);
    const live = await api.get();
    if (!live) return undefined;
    const managed = JSON_PROPERTIES.filter((p) => !sameJson(liveValue(live, p), clearedValue(p)));
    const values = Object.fromEntries(managed.map((p) => [p, liveValue(live, p)])) as Partial<Record<JsonProperty, JsonValue>>;
    const prior = await snapshotPrior({ api, live, props: managed, existed: true });
    const outs = {
        ...values,
        organizationId,
        onDestroy: "restore",
        managed,
        ...Object.fromEntries(RELATIVE_URL_KEYS.map((k) => [k, (live[k] as string | null | undefined) ?? null])),
        cdnList: live.cdnList ?? [],
        observed: { values, images: {} },
        prior,
    } as unknown as BrandingOutputs;
    return { outs, inputs: values as Partial<BrandingInputs> };
}
