/**
 * Drift: what the tenant shows now against what the service showed right after tenantkit's last write (`observed`),
 * for each managed property. A difference is a change tenantkit did not make: someone edited the branding in the
 * admin center, or a tenantkit resource this one replaced gave the tenant its earlier values back when the engine
 * deleted it after this one's create (`pulumi up --replace` or a rename without an alias through the plugin, which the
 * engine runs create-first without asking the provider). Either way the state no longer says what the tenant shows.
 *
 * The diff reads it (one GET of the branding, as `pulumi preview` and `pulumi up` run it), so a preview shows such a
 * change as an update instead of passing with no change while the tenant and the state disagree. The update then
 * writes the program's value again and records the value it found as the tenant's own (the prior destroy restores):
 * the tenant's latest value where someone changed it, the tenant's original where a replaced resource gave it back.
 */
import { BrandingApi } from "./api";
import { sha256 } from "./images";
import type { BrandingOutputs, BrandingWire } from "./schema";
import { isImageProperty, liveValue, relativeUrlOf, showsValue, type BrandingProperty, type ImageDescriptor } from "./state";

/**
 * The managed properties whose live value is not what tenantkit observed after its last write (up to the case and
 * surrounding spaces a service may change); all of them when the branding is gone. An image whose URL moved counts
 * only when its bytes are not the image state says is applied (a write whose read-back was lost shows that one).
 */
export async function driftedProperties(api: BrandingApi, live: BrandingWire | undefined, olds: BrandingOutputs): Promise<BrandingProperty[]> {
    const observed = olds.observed;
    // State written by an import, or before observed values existed, has nothing to compare with.
    if (observed === undefined || observed === null) return [];
    const managed = olds.managed ?? [];
    if (live === undefined) return [...managed];
    const drifted: BrandingProperty[] = [];
    for (const p of managed) {
        if (isImageProperty(p)) {
            const seen = observed.images?.[p];
            if (seen === undefined || relativeUrlOf(live, p) === seen.relativeUrl) continue;
            const image = relativeUrlOf(live, p) === null ? null : await api.getImage(p);
            const applied = (olds[p] as ImageDescriptor | null | undefined)?.sha256 ?? null;
            if ((image ? sha256(image.bytes) : null) !== applied) drifted.push(p);
            continue;
        }
        const seen = observed.values?.[p];
        if (seen === undefined) continue;
        const now = liveValue(live, p);
        if (!showsValue(now, seen)) drifted.push(p);
    }
    return drifted;
}

/** Reads the branding and names what drifted (driftedProperties); `gone` when the branding (a localization) no longer exists. */
export async function readDrift(api: BrandingApi, olds: BrandingOutputs): Promise<{ drifted: BrandingProperty[]; gone: boolean }> {
    const live = await api.get();
    const gone = live === undefined && !api.isDefault;
    return { drifted: await driftedProperties(api, live, olds), gone };
}

/** What a preview says of drift, on the resource. */
export function driftWarning(drifted: readonly BrandingProperty[], gone: boolean): string {
    if (gone) {
        return (
            "the localization no longer exists in the tenant (deleted outside this program, or by a replaced resource's destroy): " +
            "the update creates it again with the program's values, and destroy then deletes it"
        );
    }
    return (
        `the tenant shows other values than tenantkit last wrote for ${drifted.join(", ")} (changed outside this program, or given back ` +
        `by a replaced resource's destroy): the update writes the program's values again and records the tenant's as what destroy restores`
    );
}
