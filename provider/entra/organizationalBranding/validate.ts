/**
 * The preview of both branding resources: check and diff. check validates every property with its path, reads each
 * image (the host's working directory is the program's folder) and puts its SHA-256 and size into the normalized
 * inputs, so a content change shows in the preview while state never holds the bytes as an input. Nothing here
 * reads the tenant or loads the write path: a preview runs only this.
 */
import type * as pulumi from "@pulumi/pulumi";
import { changedInputs } from "../../core/model/definition";
import type { HandlerDiff } from "../../core/host/handler";
import { UNKNOWN } from "../../core/model/patterns";
import type { JsonObject } from "../../core/model/json";
import { checkWithSchema } from "../../core/host/validation";
import type * as z from "zod";
import { brandingTables, localeRule } from "./definition";
import { describeImage } from "./images";
import type { BrandingInputs, BrandingOutputs } from "./schema";
import { IMAGE_PROPERTIES, isImageProperty, managedOf, sameImage, sameJson, type ImageDescriptor } from "./state";

/** A descriptor already in state (after refresh) is checked again from its path. */
function imageSource(value: unknown): unknown {
    if (
        value &&
        typeof value === "object" &&
        typeof (value as ImageDescriptor).sha256 === "string" &&
        typeof (value as ImageDescriptor).path === "string"
    ) {
        return (value as ImageDescriptor).path;
    }
    return value;
}

export function checkBranding(schema: z.ZodType, news: JsonObject, cwd: string): { inputs: JsonObject; failures: pulumi.dynamic.CheckFailure[] } {
    const checked = checkWithSchema(schema, news);
    const failures = [...checked.failures];
    const inputs: JsonObject = { ...(checked.inputs as JsonObject) };
    for (const p of IMAGE_PROPERTIES) {
        const value = news[p];
        if (value === undefined || value === null || value === UNKNOWN) continue;
        const { descriptor, problems } = describeImage(p, imageSource(value), cwd);
        for (const reason of problems) failures.push({ property: p, reason });
        if (descriptor) inputs[p] = { ...descriptor };
    }
    return { inputs, failures };
}

/** Both resources' rules: the default branding has no locale, so its locale never changes. */
const RULES = { inputs: { ...brandingTables.inputs, locale: localeRule }, outputs: {} };

/** Properties whose change replaces the resource (they name another object), as the definitions say. */
export function replaceKeys(olds: BrandingOutputs & { locale?: string }, news: BrandingInputs & { locale?: string }): string[] {
    return changedInputs(RULES, olds, news).replace;
}

/** The managed properties whose value differs (images by SHA-256), and those that are no longer managed. */
export function changedProperties(olds: BrandingOutputs, news: BrandingInputs): string[] {
    const before = olds.managed ?? managedOf(olds);
    const after = managedOf(news);
    const changed = new Set<string>();
    for (const p of new Set([...before, ...after])) {
        const same = isImageProperty(p) ? sameImage(olds[p] as ImageDescriptor | undefined, news[p]) : sameJson(olds[p], news[p]);
        if (!same || before.includes(p) !== after.includes(p)) changed.add(p);
    }
    if ((olds.onDestroy ?? "restore") !== (news.onDestroy ?? "restore")) changed.add("onDestroy");
    return [...changed];
}

/**
 * A replacement deletes first: a branding is one per organization and locale, so a replacement created first would
 * take over the very branding whose delete then gives the tenant its earlier values back. Also when nothing replaces:
 * `replaceOnChanges` may turn an update into a replacement, which then takes this order.
 */
export function diffBranding(olds: BrandingOutputs, news: BrandingInputs): HandlerDiff {
    const replaces = replaceKeys(olds, news);
    const updates = changedProperties(olds, news).filter((k) => !replaces.includes(k));
    const changes = replaces.length > 0 || updates.length > 0;
    return { changes, replaces, updates, deleteBeforeReplace: changes };
}
