/**
 * Writing the program's branding: a create takes the branding over (records the prior values of the managed properties
 * in the resource's state, then applies the program's), an update sends exactly what changed and gives back what the
 * program stopped setting. Both read the branding back afterwards to record what the service shows (`observed`) and its
 * URLs; a failure half-way is a PartialFailure whose outputs say what was written. What destroy needs is in the state
 * the operation returns, never in a file: the engine records it, whichever machine runs the next step.
 */
import { PartialFailure } from "../../core/host/handler";
import type { JsonObject, JsonValue } from "../../core/model/json";
import { applyPlan, BrandingApi, emptyPlan, isEmpty, organizationIdOf, type BrandingPatch, type Progress, type WritePlan } from "./api";
import { readImage } from "./images";
import { driftedProperties } from "./drift";
import { snapshotPrior, type Context } from "./read";
import { setReverted } from "./restore";
import type { BrandingInputs, BrandingOutputs, BrandingWire } from "./schema";
import {
    isImageProperty,
    liveDescriptor,
    liveValue,
    managedOf,
    priorOf,
    relativeUrlOf,
    RELATIVE_URL_KEYS,
    sameImage,
    sameJson,
    showsValue,
    type BrandingProperty,
    type ImageDescriptor,
    type Observed,
    type Prior,
} from "./state";

/**
 * The locale of the throw-away localization that creates a missing default branding: Graph has no call that
 * creates only the default, but POST .../localizations "creates a localized branding and at the same time, the
 * default branding if it doesn't exist" (organizationalbranding-post-localizations). A tenant without a default
 * branding has no localization, so this locale is free.
 */
const BOOTSTRAP_LOCALE = "en-US";

/**
 * Creates the branding when it does not exist, as the service requires, and returns it as read back. A localization is
 * created with `values` in its POST, so that a create interrupted after it leaves the localization showing the
 * program's values (which the next create recognizes and refuses to take over as the tenant's own), never an empty one.
 */
async function ensureBranding(api: BrandingApi, values: BrandingPatch = {}): Promise<BrandingWire> {
    if (api.isDefault) {
        const bootstrap = api.forLocale(BOOTSTRAP_LOCALE);
        await bootstrap.createLocalization({});
        await bootstrap.deleteBranding();
    } else {
        await api.createLocalization(values);
    }
    const live = await api.get();
    if (!live)
        throw new Error(`the branding ${api.isDefault ? "default" : api.locale} could not be created: Graph still answers 404 after creating it`);
    return live;
}

export interface Desired {
    readonly property: BrandingProperty;
    /** The program's value; an image as its descriptor, whose file is read now and must still match its SHA-256. */
    readonly value: unknown;
    /** Where the program's image paths resolve. */
    readonly cwd: string;
}

/** Plans writing the program's value of a property. */
export function setDesired(plan: ReturnType<typeof emptyPlan>, { property: p, value, cwd }: Desired): void {
    if (isImageProperty(p)) {
        const d = value as ImageDescriptor;
        plan.images[p] = { kind: "put", bytes: readImage(d, cwd), contentType: d.contentType, sha256: d.sha256 };
    } else {
        plan.patch[p] = value;
    }
}

export async function createBranding(ctx: Context, inputs: BrandingInputs): Promise<{ id: string; outs: BrandingOutputs }> {
    const organizationId = inputs.organizationId ?? (await organizationIdOf(ctx.graph));
    const api = new BrandingApi(ctx.graph, organizationId, ctx.locale);
    const managed = managedOf(inputs);
    const live = await api.get();
    const prior = await takePrior({ api, live, props: managed, existed: live !== undefined, inputs, adopted: inputs.adopt === true });
    // Every property already shows the program's value: what a replacement's create finds when the engine runs it before
    // the replaced resource's delete, whose restore would then undo it. Refused unless the program says it adopts.
    if (live !== undefined && inputs.adopt !== true && (managed.length > 0 || !api.isDefault) && (prior.unknown ?? []).length === managed.length) {
        throw alreadyHeld(ctx, api, managed);
    }
    const plan = emptyPlan();
    for (const p of managed) setDesired(plan, { property: p, value: inputs[p], cwd: ctx.cwd });
    if (!live) {
        await ensureBranding(api, plan.patch);
        // A localization's POST carried the texts: only the images are left to write.
        if (!api.isDefault) for (const k of Object.keys(plan.patch)) delete plan.patch[k as keyof BrandingPatch];
    }
    const outs = await write({ ctx, api, inputs, managed, prior, plan, olds: undefined });
    return { id: ctx.idOf(organizationId), outs };
}

/**
 * The refusal of a create whose branding already shows every value the program sets. tenantkit cannot tell from the
 * tenant which of these it is, so the message names each with what to do.
 */
function alreadyHeld(ctx: Context, api: BrandingApi, managed: readonly BrandingProperty[]): Error {
    const what = api.isDefault ? "the default branding" : `the branding localization ${api.locale}`;
    const props = managed.length > 0 ? ` (${managed.join(", ")})` : "";
    const replacement =
        ctx.frontEnd === "plugin"
            ? "set the resource option `deleteBeforeReplace: true` (a replacement: `pulumi up --replace`, a provider change) or an alias to its old name (a rename), then run pulumi up again"
            : "add an alias to its old name (a rename; a replacement of this resource deletes first already, unless the program sets deleteBeforeReplace: false), then run pulumi up again";
    return new Error(
        `${what} already shows every value this resource sets${props}. tenantkit does not take over a branding another tenantkit resource ` +
            `may hold: that resource's delete would then give the tenant its earlier branding back over this one's. If this resource ` +
            `replaces one that holds it: ${replacement}. If an earlier \`pulumi up\` was interrupted while creating it, or the tenant had ` +
            `these values already: set \`adopt: true\` on the resource, which takes it over as it is (after an interrupted create, what the ` +
            `tenant showed before is not known, and destroy will leave these values; \`pulumi refresh --clear-pending-creates\` drops the ` +
            `engine's record of that create)`,
    );
}

interface TakeOver {
    readonly api: BrandingApi;
    /** The branding as just read. */
    readonly live: BrandingWire | undefined;
    /** The properties taken over now. */
    readonly props: readonly BrandingProperty[];
    /** Whether the branding existed before tenantkit (for a create: before this call). */
    readonly existed: boolean;
    /** The program's values. */
    readonly inputs: BrandingInputs;
    /** The program adopts the branding as it is: its values are the tenant's own, known. */
    readonly adopted: boolean;
}

/**
 * The prior of the properties tenantkit takes over now, read from the live branding. A property that already shows the
 * program's value may have been written by an earlier run that was interrupted, or by a tenantkit resource this one
 * replaces: its earlier value is not known, and it is recorded as such (state.ts `Prior.unknown`) unless the program
 * adopts the branding.
 */
async function takePrior({ api, live, props, existed, inputs, adopted }: TakeOver): Promise<Prior> {
    const snapshot = await snapshotPrior({ api, live, props, existed });
    if (!existed || adopted) return snapshot;
    const shown = props.filter((p) =>
        isImageProperty(p)
            ? (snapshot.images[p]?.sha256 ?? null) === ((inputs[p] as ImageDescriptor | undefined)?.sha256 ?? null)
            : showsValue(snapshot.values[p], inputs[p] as JsonValue | undefined),
    );
    return shown.length > 0 ? { ...snapshot, unknown: shown } : snapshot;
}

export async function updateBranding(ctx: Context, olds: BrandingOutputs, news: BrandingInputs): Promise<BrandingOutputs> {
    const api = new BrandingApi(ctx.graph, olds.organizationId, ctx.locale);
    const managed = managedOf(news);
    const before = olds.managed ?? [];
    const found = await api.get();
    // What changed outside tenantkit's writes since the last one is the tenant's now (drift.ts): written again below,
    // and its value is what destroy gives back. A branding that is gone was gone for the tenant too.
    const drifted = (await driftedProperties(api, found, olds)).filter((p) => managed.includes(p));
    const existed = found === undefined ? false : olds.prior.existed;
    const live = found ?? (await ensureBranding(api));
    const added = managed.filter((p) => !before.includes(p));
    const removed = before.filter((p) => !managed.includes(p));
    const recorded = olds.prior;
    const addedPrior = await takePrior({ api, live, props: added, existed, inputs: news, adopted: false });
    const driftPrior = await snapshotPrior({ api, live: found, props: drifted, existed: found !== undefined });
    const prior: Prior = {
        existed,
        values: { ...recorded.values, ...addedPrior.values, ...driftPrior.values },
        images: { ...recorded.images, ...addedPrior.images, ...driftPrior.images },
        unknown: [...(recorded.unknown ?? []), ...(addedPrior.unknown ?? [])].filter((p) => !drifted.includes(p)),
    };
    const plan = emptyPlan();
    for (const p of removed) setReverted(plan, { property: p, prior, mode: news.onDestroy });
    for (const p of managed) {
        const same = isImageProperty(p) ? sameImage(news[p], olds[p] as ImageDescriptor | undefined) : sameJson(news[p], olds[p]);
        if (!same || added.includes(p) || drifted.includes(p)) setDesired(plan, { property: p, value: news[p], cwd: ctx.cwd });
    }
    return write({ ctx, api, inputs: news, managed, prior: priorOf(prior, managed), plan, olds });
}

interface Writing {
    readonly ctx: Context;
    readonly api: BrandingApi;
    /** The program's values. */
    readonly inputs: BrandingInputs;
    readonly managed: BrandingProperty[];
    /** The prior of the managed properties, as state is to record it. */
    readonly prior: Prior;
    readonly plan: WritePlan;
    /** The state before an update; undefined for a create. */
    readonly olds: BrandingOutputs | undefined;
}

/** Applies the plan, then reads the branding back to record what the service shows (observed) and its URLs. */
async function write(w: Writing): Promise<BrandingOutputs> {
    const { api, plan, olds } = w;
    const progress: Progress = { patched: false, images: new Set() };
    try {
        if (!isEmpty(plan)) await applyPlan(api, plan, progress);
        const after = isEmpty(plan) && olds ? undefined : await api.get();
        return outputsOf({ ...w, values: w.inputs, after });
    } catch (err) {
        // What the service shows now is what the next operation compares with (drift.ts): read it back if it answers,
        // else take what was written as shown.
        const values = partialValues({ ...w, progress });
        const after = progress.patched || progress.images.size > 0 ? await api.get().catch(() => undefined) : undefined;
        const outs = outputsOf({ ...w, values, after, written: after === undefined ? writtenValues(w, progress) : undefined });
        throw new PartialFailure(w.ctx.idOf(api.organizationId), outs as unknown as JsonObject, err);
    }
}

/** After a failure half-way: what was written holds the program's value, the rest what was there before. */
function partialValues({ inputs, managed, plan, progress, olds, prior }: Writing & { readonly progress: Progress }): BrandingInputs {
    const values: Record<string, unknown> = { ...inputs };
    for (const p of managed) {
        const planned = isImageProperty(p) ? p in plan.images : p in plan.patch;
        const done = isImageProperty(p) ? progress.images.has(p) : progress.patched;
        if (!planned || done) continue;
        if (olds && p in olds) values[p] = olds[p];
        else if (isImageProperty(p)) values[p] = prior.images[p] ? liveDescriptor(prior.images[p]) : null;
        else values[p] = prior.values[p];
    }
    return values as BrandingInputs;
}

/** The JSON values a partial write sent, as the observed values to record when the branding could not be read back. */
function writtenValues({ plan }: Writing, progress: Progress): Partial<Record<string, unknown>> {
    return progress.patched ? { ...plan.patch } : {};
}

interface Outcome {
    readonly api: BrandingApi;
    /** The managed values as they now stand in the tenant. */
    readonly values: BrandingInputs;
    readonly managed: BrandingProperty[];
    readonly prior: Prior;
    /** The branding as read back after the writes; undefined when not read (nothing written, or a failure). */
    readonly after: BrandingWire | undefined;
    /** The state before an update, whose observed values and URLs stand when the branding was not read back. */
    readonly olds: BrandingOutputs | undefined;
    /** After a partial failure that could not read the branding back: the values written, taken as observed. */
    readonly written?: Partial<Record<string, unknown>>;
}

function outputsOf({ api, values, managed, prior, after, olds, written }: Outcome): BrandingOutputs {
    const kept: Observed = olds?.observed ?? { values: {}, images: {} };
    const observed: Observed = after
        ? {
              values: Object.fromEntries(managed.filter((p) => !isImageProperty(p)).map((p) => [p, liveValue(after, p as never)])),
              images: Object.fromEntries(
                  managed
                      .filter(isImageProperty)
                      .map((p) => [p, { relativeUrl: relativeUrlOf(after, p), sha256: (values[p] as ImageDescriptor | undefined)?.sha256 ?? null }]),
              ),
          }
        : { values: { ...kept.values, ...(written as Observed["values"]) }, images: kept.images };
    const urls = Object.fromEntries(RELATIVE_URL_KEYS.map((k) => [k, after ? (after[k] ?? null) : (olds?.[k] ?? null)]));
    return {
        ...values,
        ...urls,
        organizationId: api.organizationId,
        managed,
        prior,
        observed,
        cdnList: after ? (after.cdnList ?? []) : (olds?.cdnList ?? []),
    } as BrandingOutputs;
}
