/**
 * Desired state for one branding (the default, or one localization), shared by both resources:
 * create adopts (records the prior values of the managed properties, then applies the program's), update sends
 * exactly what changed, read reports drift, delete restores, resets or retains (onDestroy).
 */
import { isApiError } from "../../core/errors";
import type { ServiceClient } from "../../core/http";
import { PartialFailure } from "../../core/handler";
import type { JsonObject } from "../../core/json";
import { BrandingApi, discoverOrganizationId } from "./api";
import type { ImageDescriptor } from "./images";
import { applyPlan, emptyPlan, isEmpty, type Progress, setDesired, setReverted, type WritePlan } from "./plan";
import { IMAGE_PROPERTIES, isImageProperty, type BrandingProperty, type ImageProperty, RELATIVE_URL_KEYS } from "./properties";
import { type BrandingOutputs, managedOf, type Observed, type Prior, liveDescriptor, liveValue, relativeUrlOf, sameImage, sameJson } from "./record";
import {
    intendedOf,
    journalOf,
    journaled as journaledProperties,
    readJournal,
    recoverPrior,
    removeJournal,
    type Revert,
    writeJournal,
} from "./journal";
import { snapshotPrior, ensureBranding, readState } from "./snapshot";
import type { BrandingInputs, BrandingWire } from "./schema";

export type { BrandingOutputs } from "./record";

/**
 * The engine replaces create-first (a forced `pulumi up --replace`, a changed logical name, a connection given instead
 * of the stack config), so the replacement's create records the replaced resource's values as its prior, and the
 * replaced resource's delete runs later in the same host. That delete (its prior differs from the one the create
 * recorded) must not restore over the replacement; it hands its prior (the tenant's original) over through the
 * journal instead, which the replacement's later operations read as a crash journal is read: its prior wins where the
 * recorded prior is what it wrote. A delete of the created resource itself carries the same prior, and restores as
 * usual; so does a replaced resource whose values were the original's, where restoring changes nothing.
 *
 * This is what the host remembers for that: the prior each create recorded, per branding. The handler owns one
 * (defineBrandingHandler.ts), so it lives as long as the provider host, which the engine starts for one deployment
 * (one `up`, `destroy` or `refresh`): the create and the delete of a replacement always meet here, and nothing
 * carries over to the next deployment. It is keyed by the branding, not by the connection: the replacement may reach
 * the same branding with other credentials or settings than the resource it replaces, whose delete signs in with
 * the connection in its own state.
 */
export class Handovers {
    private readonly created = new Map<string, Prior>();

    /** A create took the branding over, recording `prior`. */
    tookOver(branding: { organizationId: string; locale: string }, prior: Prior): void {
        this.created.set(handoverKey(branding), prior);
    }

    /** Whether a create in this host took the branding over from a resource whose recorded prior is `prior`. */
    replacedCreateFirst(branding: { organizationId: string; locale: string }, prior: Prior): boolean {
        const successor = this.created.get(handoverKey(branding));
        return successor !== undefined && !sameJson(successor, prior);
    }
}

const handoverKey = (b: { organizationId: string; locale: string }) => `${b.organizationId.toLowerCase()}/${b.locale.toLowerCase()}`;

/** The recorded prior, corrected by a journal where the recorded value is what that journal's run was writing. */
function recordedPrior(ctx: Context, api: BrandingApi, props: BrandingOutputs): { prior: Prior; fromJournal: boolean } {
    const journal = readJournal(ctx.cwd, api.organizationId, api.locale);
    if (!journal || !props.prior.existed) return { prior: props.prior, fromJournal: false };
    return { prior: recoverPrior(journal, props.prior, props.managed ?? []).prior, fromJournal: true };
}

export interface Context {
    readonly graph: ServiceClient;
    /** `0` for the default branding, else the localization's locale. */
    readonly locale: string;
    /** The provider host's working directory: the program's folder, where image paths resolve. */
    readonly cwd: string;
    /** The resource id for a partial failure. */
    readonly idOf: (organizationId: string) => string;
    /** The brandings this provider host's creates took over, for the replaced resource's delete. */
    readonly handovers: Handovers;
}

export async function createBranding(ctx: Context, inputs: BrandingInputs): Promise<{ id: string; outs: BrandingOutputs }> {
    const organizationId = inputs.organizationId ?? (await discoverOrganizationId(ctx.graph));
    const api = new BrandingApi(ctx.graph, organizationId, ctx.locale);
    const managed = managedOf(inputs);
    const live = await api.get();
    const { prior, revert } = await takePrior(ctx, api, live, managed, live !== undefined, inputs, managed, true);
    const plan = emptyPlan();
    for (const r of revert) setReverted(plan, r.property, r.prior, "restore");
    for (const p of managed) setDesired(plan, p, inputs[p], ctx.cwd);
    if (!live)
        await ensureBranding(api).catch((err: unknown) => {
            // Refused (a 4xx such as a missing license): nothing was created, so the journal has nothing to protect.
            if (isApiError(err) && err.status !== undefined && err.status >= 400 && err.status < 500)
                removeJournal(ctx.cwd, api.organizationId, api.locale);
            throw err;
        });
    const outs = await journaled(ctx, api, () => write(ctx, api, inputs, managed, prior, plan, undefined));
    ctx.handovers.tookOver(api, outs.prior);
    return { id: ctx.idOf(organizationId), outs };
}

/**
 * The prior of the properties tenantkit takes over now (`props`): read from the live branding, except where the journal
 * of an operation that crashed after writing them says what was there before (journal.ts). Unless there is nothing to
 * protect (`always` for a create, whose `existed` needs it), the journal of this operation is written before
 * returning, so before any write.
 */
async function takePrior(
    ctx: Context,
    api: BrandingApi,
    live: BrandingWire | undefined,
    props: readonly BrandingProperty[],
    existed: boolean,
    inputs: BrandingInputs,
    kept: readonly BrandingProperty[],
    always: boolean,
): Promise<{ prior: Prior; revert: Revert[] }> {
    const journal = readJournal(ctx.cwd, api.organizationId, api.locale);
    const covered = journal ? [...new Set([...props, ...journaledProperties(journal)])] : [...props];
    const snapshot = await snapshotPrior(api, live, covered, existed);
    const recovered = recoverPrior(journal, snapshot, props, kept);
    if (always || props.length > 0 || recovered.revert.length > 0) {
        writeJournal(ctx.cwd, journalOf(api.organizationId, api.locale, recovered.prior, intendedOf(inputs, props), recovered.revert, new Date()));
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
    const recorded = recordedPrior(ctx, api, olds);
    const { prior: addedPrior, revert } = await takePrior(ctx, api, live, added, recorded.prior.existed, news, [...before, ...managed], false);
    const prior: Prior = {
        existed: recorded.prior.existed,
        values: { ...recorded.prior.values, ...addedPrior.values },
        images: { ...recorded.prior.images, ...addedPrior.images },
    };
    const plan = emptyPlan();
    for (const r of revert) setReverted(plan, r.property, r.prior, "restore");
    for (const p of removed) setReverted(plan, p, prior, news.onDestroy);
    for (const p of managed) {
        const same = isImageProperty(p) ? sameImage(news[p], olds[p] as ImageDescriptor | undefined) : sameJson(news[p], olds[p]);
        if (!same || added.includes(p)) setDesired(plan, p, news[p], ctx.cwd);
    }
    const kept: Prior = {
        existed: prior.existed,
        values: Object.fromEntries(Object.entries(prior.values).filter(([p]) => managed.includes(p as BrandingProperty))),
        images: Object.fromEntries(Object.entries(prior.images).filter(([p]) => managed.includes(p as BrandingProperty))),
    };
    if (added.length === 0 && revert.length === 0 && !recorded.fromJournal) return write(ctx, api, news, managed, kept, plan, olds);
    return journaled(ctx, api, () => write(ctx, api, news, managed, kept, plan, olds));
}

/** Applies the plan, then reads the branding back to record what the service shows (observed) and its URLs. */
async function write(
    ctx: Context,
    api: BrandingApi,
    inputs: BrandingInputs,
    managed: BrandingProperty[],
    prior: Prior,
    plan: WritePlan,
    olds: BrandingOutputs | undefined,
): Promise<BrandingOutputs> {
    const progress: Progress = { patched: false, images: new Set() };
    try {
        if (!isEmpty(plan)) await applyPlan(api, plan, progress);
        const after = isEmpty(plan) && olds ? undefined : await api.get();
        return outputsOf(api, inputs, managed, prior, after, olds);
    } catch (err) {
        const truth = partialValues(inputs, managed, plan, progress, olds, prior);
        const outs = outputsOf(api, truth, managed, prior, undefined, olds);
        throw new PartialFailure(ctx.idOf(api.organizationId), outs as unknown as JsonObject, err);
    }
}

/** After a failure half-way: what was written holds the program's value, the rest what was there before. */
function partialValues(
    inputs: BrandingInputs,
    managed: BrandingProperty[],
    plan: WritePlan,
    progress: Progress,
    olds: BrandingOutputs | undefined,
    prior: Prior,
): BrandingInputs {
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

function outputsOf(
    api: BrandingApi,
    values: BrandingInputs,
    managed: BrandingProperty[],
    prior: Prior,
    after: BrandingWire | undefined,
    olds: BrandingOutputs | undefined,
): BrandingOutputs {
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

/** Refresh: the live values of the managed properties; undefined when the branding is gone. */
export async function readBranding(ctx: Context, props: BrandingOutputs): Promise<{ outs: BrandingOutputs; inputs: BrandingInputs } | undefined> {
    const api = new BrandingApi(ctx.graph, props.organizationId, ctx.locale);
    const state = await readState(api, props);
    if (!state) return undefined;
    const { prior } = recordedPrior(ctx, api, props);
    const outs = { ...props, ...state.values, ...state.urls, cdnList: state.cdnList, observed: state.observed, prior } as BrandingOutputs;
    const inputs: Record<string, unknown> = { onDestroy: props.onDestroy };
    for (const p of props.managed) inputs[p] = state.values[p];
    return { outs, inputs: inputs as BrandingInputs };
}

/** Destroy: give the tenant back as it was found (restore), cleared (reset), or as it is (retain). */
export async function deleteBranding(ctx: Context, props: BrandingOutputs): Promise<void> {
    const mode = props.onDestroy ?? "restore";
    if (mode === "retain") return;
    const api = new BrandingApi(ctx.graph, props.organizationId, ctx.locale);
    if (ctx.handovers.replacedCreateFirst(api, props.prior)) {
        // Replaced create-first: the tenant shows the replacement's values; what this resource recorded as prior is
        // the original, which the replacement recorded as this resource's values. Hand it over, write nothing.
        writeJournal(ctx.cwd, journalOf(api.organizationId, api.locale, props.prior, intendedOf(props, props.managed), [], new Date()));
        return;
    }
    const { prior: recorded, fromJournal } = recordedPrior(ctx, api, props);
    const live = await api.get();
    if (!live) {
        if (fromJournal) removeJournal(ctx.cwd, api.organizationId, api.locale);
        return;
    }
    const createdByUs = !recorded.existed;
    if (createdByUs && (mode === "restore" || !api.isDefault)) {
        // It was not there before tenantkit: remove it. The service refuses while any image remains.
        for (const p of IMAGE_PROPERTIES) if (relativeUrlOf(live, p) !== null) await api.deleteImage(p as ImageProperty);
        try {
            await api.deleteBranding();
            if (fromJournal) removeJournal(ctx.cwd, api.organizationId, api.locale);
            return;
        } catch (err) {
            // The Entra admin center says a default branding cannot be deleted, while Graph v1.0 documents DELETE
            // (API-FACTS.md B, disagreement 4). If the service refuses, clear what tenantkit set instead.
            if (!api.isDefault || !isApiError(err) || (err.status !== 400 && err.status !== 405)) throw err;
        }
    }
    const plan = emptyPlan();
    for (const p of props.managed) setReverted(plan, p, recorded, mode);
    await applyPlan(api, plan, { patched: false, images: new Set() });
    if (fromJournal) removeJournal(ctx.cwd, api.organizationId, api.locale);
}
