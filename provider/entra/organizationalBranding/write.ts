/**
 * Writing the program's branding: create adopts (records the prior values of the managed properties, journals them,
 * then applies the program's), update sends exactly what changed and gives back what the program stopped setting.
 * Both read the branding back afterwards to record what the service shows (`observed`) and its URLs; a failure
 * half-way is a PartialFailure whose outputs say what was written.
 */
import { withClaim } from "../../core/runtime/holders";
import { isApiError } from "../../core/errors/errors";
import { PartialFailure } from "../../core/runtime/handler";
import type { JsonObject } from "../../core/model/json";
import { applyPlan, BrandingApi, emptyPlan, isEmpty, organizationIdOf, type Progress, type WritePlan } from "./api";
import { readImage } from "./images";
import {
    intendedOf,
    journalOf,
    journaled as journaledProperties,
    readJournal,
    recordedPrior,
    recoverPrior,
    removeJournal,
    type Revert,
    writeJournal,
} from "./journal";
import { snapshotPrior, type Context } from "./read";
import { setReverted, heldBranding } from "./restore";
import type { BrandingInputs, BrandingOutputs, BrandingWire } from "./schema";
import {
    isImageProperty,
    liveDescriptor,
    liveValue,
    managedOf,
    relativeUrlOf,
    RELATIVE_URL_KEYS,
    sameImage,
    sameJson,
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

/** Creates the branding when it does not exist, as the service requires, and returns it as read back. */
async function ensureBranding(api: BrandingApi): Promise<BrandingWire> {
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
    const { prior, revert } = await takePrior({
        ctx,
        api,
        live,
        props: managed,
        existed: live !== undefined,
        inputs,
        kept: managed,
        journalEvenIfNothingTaken: true,
    });
    const plan = emptyPlan();
    for (const r of revert) setReverted(plan, { property: r.property, prior: r.prior, mode: "restore" });
    for (const p of managed) setDesired(plan, { property: p, value: inputs[p], cwd: ctx.cwd });
    if (!live)
        await ensureBranding(api).catch((err: unknown) => {
            // Refused (a 4xx such as a missing license): nothing was created, so the journal has nothing to protect.
            if (isApiError(err) && err.status !== undefined && err.status >= 400 && err.status < 500)
                removeJournal(ctx.cwd, api.organizationId, api.locale);
            throw err;
        });
    const outs = await journaled(ctx, api, () => write({ ctx, api, inputs, managed, prior, plan, olds: undefined }));
    // The branding is this resource's now, whichever resource held it before (restore.ts).
    return { id: ctx.idOf(organizationId), outs: withClaim(outs, ctx.cwd, heldBranding(api)) };
}

interface TakeOver {
    readonly ctx: Context;
    readonly api: BrandingApi;
    /** The branding as just read. */
    readonly live: BrandingWire | undefined;
    /** The properties taken over now. */
    readonly props: readonly BrandingProperty[];
    /** Whether the branding existed before tenantkit (for a create: before this call). */
    readonly existed: boolean;
    /** The program's values, journaled as what is about to be written. */
    readonly inputs: BrandingInputs;
    /** The properties that stay tenantkit's: a journaled one outside them is given back. */
    readonly kept: readonly BrandingProperty[];
    /** Write the journal even when no property is taken over and none given back: a create's `existed` needs it. */
    readonly journalEvenIfNothingTaken: boolean;
}

/**
 * The prior of the properties tenantkit takes over now: read from the live branding, except where the journal of an
 * operation that crashed after writing them says what was there before (journal.ts). Unless there is nothing to
 * protect, the journal of this operation is written before returning, so before any write.
 */
async function takePrior(t: TakeOver): Promise<{ prior: Prior; revert: Revert[] }> {
    const { ctx, api, props } = t;
    const journal = readJournal(ctx.cwd, api.organizationId, api.locale);
    const covered = journal ? [...new Set([...props, ...journaledProperties(journal)])] : [...props];
    const snapshot = await snapshotPrior({ api, live: t.live, props: covered, existed: t.existed });
    const recovered = recoverPrior({ journal, live: snapshot, managed: props, kept: t.kept });
    if (t.journalEvenIfNothingTaken || props.length > 0 || recovered.revert.length > 0) {
        const entry = { organizationId: api.organizationId, locale: api.locale, prior: recovered.prior, intended: intendedOf(t.inputs, props) };
        writeJournal(ctx.cwd, journalOf({ ...entry, revert: recovered.revert }));
    }
    return recovered;
}

/** Runs the writes; once they returned to the engine (done, or a partial failure it records), the journal has served. */
async function journaled<T>(ctx: Context, api: BrandingApi, body: () => Promise<T>): Promise<T> {
    try {
        return await body();
    } finally {
        removeJournal(ctx.cwd, api.organizationId, api.locale);
    }
}

export async function updateBranding(ctx: Context, olds: BrandingOutputs, news: BrandingInputs): Promise<BrandingOutputs> {
    const api = new BrandingApi(ctx.graph, olds.organizationId, ctx.locale);
    const managed = managedOf(news);
    const before = olds.managed ?? [];
    let live = await api.get();
    if (!live) live = await ensureBranding(api);
    const added = managed.filter((p) => !before.includes(p));
    const removed = before.filter((p) => !managed.includes(p));
    const recorded = recordedPrior(ctx.cwd, api, olds);
    const { prior: addedPrior, revert } = await takePrior({
        ctx,
        api,
        live,
        props: added,
        existed: recorded.prior.existed,
        inputs: news,
        kept: [...before, ...managed],
        journalEvenIfNothingTaken: false,
    });
    const prior: Prior = {
        existed: recorded.prior.existed,
        values: { ...recorded.prior.values, ...addedPrior.values },
        images: { ...recorded.prior.images, ...addedPrior.images },
    };
    const plan = emptyPlan();
    for (const r of revert) setReverted(plan, { property: r.property, prior: r.prior, mode: "restore" });
    for (const p of removed) setReverted(plan, { property: p, prior, mode: news.onDestroy });
    for (const p of managed) {
        const same = isImageProperty(p) ? sameImage(news[p], olds[p] as ImageDescriptor | undefined) : sameJson(news[p], olds[p]);
        if (!same || added.includes(p)) setDesired(plan, { property: p, value: news[p], cwd: ctx.cwd });
    }
    const kept: Prior = {
        existed: prior.existed,
        values: Object.fromEntries(Object.entries(prior.values).filter(([p]) => managed.includes(p as BrandingProperty))),
        images: Object.fromEntries(Object.entries(prior.images).filter(([p]) => managed.includes(p as BrandingProperty))),
    };
    const writing: Writing = { ctx, api, inputs: news, managed, prior: kept, plan, olds };
    if (added.length === 0 && revert.length === 0 && !recorded.fromJournal) return write(writing);
    return journaled(ctx, api, () => write(writing));
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
        const outs = outputsOf({ ...w, values: partialValues({ ...w, progress }), after: undefined });
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
}

function outputsOf({ api, values, managed, prior, after, olds }: Outcome): BrandingOutputs {
    const observed: Observed = after
        ? {
              values: Object.fromEntries(managed.filter((p) => !isImageProperty(p)).map((p) => [p, liveValue(after, p as never)])),
              images: Object.fromEntries(
                  managed
                      .filter(isImageProperty)
                      .map((p) => [p, { relativeUrl: relativeUrlOf(after, p), sha256: (values[p] as ImageDescriptor | undefined)?.sha256 ?? null }]),
              ),
          }
        : (olds?.observed ?? { values: {}, images: {} });
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
