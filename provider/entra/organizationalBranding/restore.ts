/**
 * Giving a branding back: destroy restores what was there before tenantkit (`restore`, the default), clears it
 * (`reset`) or leaves it (`retain`), as `onDestroy` says; an update gives back the properties the program stopped
 * setting the same way. A branding tenantkit created is deleted. A resource replaced create-first hands its prior
 * over to its replacement instead of writing (journal.ts).
 */
import { isApiError } from "../../core/errors/errors";
import { overtaken, releaseObject, type HeldObject } from "../../core/runtime/holders";
import type { JsonValue } from "../../core/model/json";
import { applyPlan, BrandingApi, emptyPlan } from "./api";
import { intendedOf, journalOf, recordedPrior, removeJournal, writeJournal, type BrandingRef } from "./journal";
import type { Context } from "./read";
import type { BrandingOutputs, OnDestroy } from "./schema";
import { clearedValue, IMAGE_PROPERTIES, isImageProperty, relativeUrlOf, type BrandingProperty, type JsonProperty, type Prior } from "./state";

export interface Reverted {
    readonly property: BrandingProperty;
    /** The recorded prior, for `restore`. */
    readonly prior: Prior;
    readonly mode: OnDestroy;
}

/**
 * Plans giving `property` back, as destroy would: `restore` writes the recorded prior value (an image that was not
 * there is deleted), `reset` clears it, `retain` leaves it.
 */
export function setReverted(plan: ReturnType<typeof emptyPlan>, { property: p, prior, mode }: Reverted): void {
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

/** The branding as an object another resource may hold (core/runtime/holders.ts): one per organization and locale. */
export const heldBranding = (b: BrandingRef): HeldObject => ({ kind: "branding", key: `${b.organizationId}-${b.locale}` });

/**
 * Destroy: give the tenant back as it was found (restore), cleared (reset), or as it is (retain). A resource whose
 * branding a later create took over (the engine replaced it create-first, in this process or another, or before a
 * crash) writes nothing: the tenant shows the replacement's values, and what this resource recorded as prior is the
 * original, which the replacement recorded as this resource's values; it is handed over through the journal, which
 * the replacement's later operations read.
 */
export async function deleteBranding(ctx: Context, props: BrandingOutputs): Promise<void> {
    const mode = props.onDestroy ?? "restore";
    const api = new BrandingApi(ctx.graph, props.organizationId, ctx.locale);
    const held = heldBranding(api);
    if (overtaken(ctx.cwd, held, props)) {
        if (mode === "retain") return;
        const intended = intendedOf(props, props.managed);
        writeJournal(ctx.cwd, journalOf({ organizationId: api.organizationId, locale: api.locale, prior: props.prior, intended }));
        return;
    }
    if (mode !== "retain") await giveBack(ctx, api, props, mode);
    releaseObject(ctx.cwd, held, props);
}

async function giveBack(ctx: Context, api: BrandingApi, props: BrandingOutputs, mode: OnDestroy): Promise<void> {
    const { prior: recorded, fromJournal } = recordedPrior(ctx.cwd, api, props);
    const live = await api.get();
    if (!live) {
        if (fromJournal) removeJournal(ctx.cwd, api.organizationId, api.locale);
        return;
    }
    const createdByUs = !recorded.existed;
    if (createdByUs && (mode === "restore" || !api.isDefault)) {
        // It was not there before tenantkit: remove it. The service refuses while any image remains.
        for (const p of IMAGE_PROPERTIES) if (relativeUrlOf(live, p) !== null) await api.deleteImage(p);
        try {
            await api.deleteBranding();
            if (fromJournal) removeJournal(ctx.cwd, api.organizationId, api.locale);
            return;
        } catch (err) {
            // The Entra admin center says a default branding cannot be deleted, while Graph v1.0 documents DELETE
            // (docs/api-facts.md B, disagreement 4). If the service refuses, clear what tenantkit set instead.
            if (!api.isDefault || !isApiError(err) || (err.status !== 400 && err.status !== 405)) throw err;
        }
    }
    const plan = emptyPlan();
    for (const p of props.managed) setReverted(plan, { property: p, prior: recorded, mode });
    await applyPlan(api, plan, { patched: false, images: new Set() });
    if (fromJournal) removeJournal(ctx.cwd, api.organizationId, api.locale);
}
