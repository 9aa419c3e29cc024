/**
 * The handler of a branding resource, shared by the default branding and the localizations: they differ only in
 * their schema, their locale (`0` for the default), their id and how errors name them.
 */
import type * as z from "zod";
import { defineHandler, type HandlerContext, type TenantkitHandler } from "../../core/host/handler";
import type { JsonObject } from "../../core/model/json";
import { importBranding, readBranding, type Context } from "./read";
import { deleteBranding } from "./restore";
import type { BrandingInputs, BrandingOutputs } from "./schema";
import { BrandingApi } from "./api";
import { driftWarning, readDrift } from "./drift";
import { foldCdn, managedOf, unfoldCdn } from "./state";
import { checkBranding, diffBranding } from "./validate";
import { createBranding, updateBranding } from "./write";
import { graphService } from "../graphService";

type Inputs = BrandingInputs & JsonObject;
type Outputs = BrandingOutputs & JsonObject;

export interface BrandingHandlerOptions {
    readonly type: string;
    readonly schema: z.ZodType;
    readonly describe: (inputs: Partial<Inputs>) => string;
    /** `0` for the default branding, else the resource's locale (from its inputs or state). */
    readonly localeOf: (values: Partial<Inputs>) => string;
    readonly idOf: (organizationId: string, locale: string) => string;
    /** The organization and locale an id names (idOf's inverse), for an import. */
    readonly fromId: (id: string) => { organizationId: string; locale?: string };
}

export function defineBrandingHandler(o: BrandingHandlerOptions): TenantkitHandler {
    const context = (ctx: HandlerContext, values: Partial<Inputs>): Context => {
        const locale = o.localeOf(values);
        return {
            graph: ctx.session().client(graphService),
            locale,
            cwd: process.cwd(),
            idOf: (org) => o.idOf(org, locale),
            frontEnd: ctx.frontEnd,
            ...(ctx.urn ? { urn: ctx.urn } : {}),
            warn: (message) => ctx.warn(message),
        };
    };
    // The localization's `locale` is an input that state keeps: outputs carry it forward. State folds the CDN keys
    // into `cdn` (state.ts).
    const keepLocale = (outs: BrandingOutputs, values: Partial<Inputs>): Outputs =>
        foldCdn(values.locale === undefined ? outs : { ...outs, locale: values.locale }) as Outputs;

    return defineHandler<Inputs, Outputs>({
        type: o.type,
        describe: o.describe,
        signsInTo: ["graph"],
        async check(news) {
            const r = checkBranding(o.schema, news, process.cwd());
            return { inputs: r.inputs as Inputs, failures: r.failures };
        },
        async diff(_id, state, news, ctx) {
            const olds = unfoldCdn(state);
            const own = diffBranding(olds, news);
            // Replaced anyway, or nothing recorded to compare with (an import, state written before observed values).
            if ((own.replaces ?? []).length > 0 || olds.observed === undefined || (olds.managed ?? []).length === 0) return own;
            // What the tenant shows against what tenantkit last wrote (drift.ts): a preview never passes while they disagree.
            const api = new BrandingApi(ctx.session().client(graphService), olds.organizationId, o.localeOf(olds));
            const { drifted, gone } = await readDrift(api, olds);
            const managed = managedOf(news);
            const still = drifted.filter((p) => managed.includes(p));
            if (still.length === 0 && !gone) return own;
            await ctx.warn(driftWarning(still, gone));
            return { ...own, changes: true, updates: [...new Set([...(own.updates ?? []), ...still])], deleteBeforeReplace: true };
        },
        async create(inputs, ctx) {
            const r = await createBranding(context(ctx, inputs), inputs);
            return { id: r.id, outs: keepLocale(r.outs, inputs) };
        },
        async read(id, state, ctx) {
            // Nothing recorded but the id: an import (provider plugin) takes the branding over as it is.
            if ((state as Partial<BrandingOutputs>).managed === undefined) {
                const named = o.fromId(id);
                const r = await importBranding(context(ctx, named), named.organizationId);
                if (!r) return undefined;
                return { id, outs: keepLocale(r.outs, named), inputs: { ...r.inputs, ...(named.locale ? { locale: named.locale } : {}) } as Inputs };
            }
            const props = unfoldCdn(state);
            const r = await readBranding(context(ctx, props), props);
            if (!r) return undefined;
            const inputs = (props.locale === undefined ? r.inputs : { ...r.inputs, locale: props.locale }) as Inputs;
            return { id, outs: keepLocale(r.outs, props), inputs };
        },
        async update(_id, state, news, ctx) {
            const olds = unfoldCdn(state);
            return keepLocale(await updateBranding(context(ctx, olds), olds, news), olds);
        },
        async delete(_id, state, ctx) {
            const props = unfoldCdn(state);
            await deleteBranding(context(ctx, props), props);
        },
    });
}
