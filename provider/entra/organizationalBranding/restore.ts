/**
 * Giving a branding back: destroy restores what was there before tenantkit (`restore`, the default), clears it
 * (`reset`) or leaves it (`retain`), as `onDestroy` says; an update gives back the properties the program stopped
 * setting the same way. A branding tenantkit created is deleted. Everything it needs is in the resource's state (the
 * `prior` its create or update recorded), so a destroy from any machine gives the tenant back the same values.
 */
import { isApiError } from "../../core/errors/errors";
import type { JsonValue } from "../../core/model/json";
import { applyPlan, BrandingApi, emptyPlan } from "./api";
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
 * there is deleted), `reset` clears it, `retain` leaves it. A property whose prior is not known (state.ts
 * `Prior.unknown`) is left by `restore`: tenantkit never restores a guess.
 */
export function setReverted(plan: ReturnType<typeof emptyPlan>, { property: p, prior, mode }: Reverted): void {
    if (mode === "retain") return;
    if (mode === "restore" && (prior.unknown ?? []).includes(p)) return;
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

/**
 * Destroy: give the tenant back as it was found (restore), cleared (reset), or as it is (retain). Properties whose
 * earlier value is not known are left as they are, and the warning says which.
 */
export async function deleteBranding(ctx: Context, props: BrandingOutputs): Promise<void> {
    const mode = props.onDestroy ?? "restore";
    if (mode === "retain") return;
    const api = new BrandingApi(ctx.graph, props.organizationId, ctx.locale);
    const live = await api.get();
    if (!live) return;
    const recorded = props.prior;
    const createdByUs = !recorded.existed;
    if (createdByUs && (mode === "restore" || !api.isDefault)) {
        // It was not there before tenantkit: remove it. The service refuses while any image remains.
        for (const p of IMAGE_PROPERTIES) if (relativeUrlOf(live, p) !== null) await api.deleteImage(p);
        try {
            await api.deleteBranding();
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
    const left = mode === "restore" ? props.managed.filter((p) => (recorded.unknown ?? []).includes(p)) : [];
    if (left.length > 0) await ctx.warn(unknownPriorWarning(left));
}

/** What destroy says of the properties it left because their earlier value is not known. */
export function unknownPriorWarning(left: readonly BrandingProperty[]): string {
    return (
        `left ${left.join(", ")} as ${left.length === 1 ? "it is" : "they are"}: the tenant already showed the program's value when tenantkit ` +
        `took ${left.length === 1 ? "it" : "them"} over (an earlier run interrupted after writing, or a resource this one replaced, leaves the same), ` +
        `so the value from before tenantkit is not known and nothing was restored; set ${left.length === 1 ? "it" : "them"} in the Entra admin center if needed`
    );
}
