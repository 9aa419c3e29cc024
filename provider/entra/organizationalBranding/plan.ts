/**
 * Plans and applies writes to one branding: one JSON PATCH with exactly the text and complex properties that
 * change, and one PUT or DELETE per image that changes. Text and streams never share a request (Graph refuses it).
 */
import type { JsonValue } from "../../core/json";
import type { BrandingApi, BrandingPatch } from "./api";
import type { ImageDescriptor } from "./images";
import { readImage } from "./images";
import { clearedValue, type ImageProperty, isImageProperty, type JsonProperty, type BrandingProperty } from "./properties";
import type { OnDestroy } from "./schema";
import type { Prior } from "./record";

export type ImageWrite =
    { readonly kind: "put"; readonly bytes: Buffer; readonly contentType: string; readonly sha256: string } | { readonly kind: "delete" };

export interface WritePlan {
    readonly patch: BrandingPatch;
    readonly images: Partial<Record<ImageProperty, ImageWrite>>;
}

/** What has been written so far, so a failure half-way can report the truth. */
export interface Progress {
    patched: boolean;
    readonly images: Set<ImageProperty>;
}

export const emptyPlan = (): { patch: BrandingPatch; images: Partial<Record<ImageProperty, ImageWrite>> } => ({ patch: {}, images: {} });

export function isEmpty(plan: WritePlan): boolean {
    return Object.keys(plan.patch).length === 0 && Object.keys(plan.images).length === 0;
}

/** Writes the program's value of `p`. */
export function setDesired(plan: ReturnType<typeof emptyPlan>, p: BrandingProperty, value: unknown, cwd: string): void {
    if (isImageProperty(p)) {
        const d = value as ImageDescriptor;
        plan.images[p] = { kind: "put", bytes: readImage(d, cwd), contentType: d.contentType, sha256: d.sha256 };
    } else {
        plan.patch[p] = value;
    }
}

/**
 * Gives `p` back, as destroy would: `restore` writes the recorded prior value (an image that was not there is
 * deleted), `reset` clears it, `retain` leaves it.
 */
export function setReverted(plan: ReturnType<typeof emptyPlan>, p: BrandingProperty, prior: Prior, mode: OnDestroy): void {
    if (mode === "retain") return;
    if (isImageProperty(p)) {
        const was = mode === "restore" ? prior.images[p] : null;
        plan.images[p] = was
            ? { kind: "put", bytes: Buffer.from(was.data, "base64"), contentType: was.contentType, sha256: was.sha256 }
            : { kind: "delete" };
    } else {
        const was: JsonValue | undefined = mode === "restore" ? prior.values[p] : undefined;
        plan.patch[p] = was === undefined ? clearedValue(p as JsonProperty) : was;
    }
}

/** Applies a plan: the PATCH first (one request), then each image. Records progress for partial failures. */
export async function applyPlan(api: BrandingApi, plan: WritePlan, progress: Progress): Promise<void> {
    if (Object.keys(plan.patch).length > 0) {
        await api.patch(plan.patch);
    }
    progress.patched = true;
    for (const [p, write] of Object.entries(plan.images) as [ImageProperty, ImageWrite][]) {
        if (write.kind === "put") await api.putImage(p, write.bytes, write.contentType);
        else await api.deleteImage(p);
        progress.images.add(p);
    }
}
