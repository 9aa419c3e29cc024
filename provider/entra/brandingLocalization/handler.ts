/**
 * Provider-host side of `entra.OrganizationalBrandingLocalization`, one locale's branding. Loaded by package name
 * from the stub: `pulumi-tenantkit/bin/entra/brandingLocalization/handler` (a public contract).
 */
import { defineHandler } from "../../core/handler";
import type { JsonObject } from "../../core/json";
import { checkBranding, diffBranding } from "../branding/checks";
import { type BrandingOutputs, type Context, createBranding, deleteBranding, readBranding, updateBranding } from "../branding/lifecycle";
import type { BrandingInputs } from "../branding/schema";
import { OrganizationalBrandingLocalizationArgs } from "./schema";

type Inputs = BrandingInputs & { locale: string } & JsonObject;
type Outputs = BrandingOutputs & { locale: string } & JsonObject;

const context = (graph: Context["graph"], locale: string): Context => ({ graph, locale, cwd: process.cwd(), idOf: (org) => `${org}/${locale}` });

export const handler = defineHandler<Inputs, Outputs>({
    type: "tenantkit:entra:OrganizationalBrandingLocalization",
    describe: (inputs) => `branding of locale "${String(inputs.locale ?? "?")}"`,

    async check(news) {
        const r = checkBranding(OrganizationalBrandingLocalizationArgs, news, process.cwd());
        return { inputs: r.inputs as Inputs, failures: r.failures };
    },

    async diff(_id, olds, news) {
        return diffBranding(olds, news);
    },

    async create(inputs, ctx) {
        const r = await createBranding(context(ctx.session().client("graph"), inputs.locale), inputs);
        return { id: r.id, outs: { ...r.outs, locale: inputs.locale } as Outputs };
    },

    async read(id, props, ctx) {
        const r = await readBranding(context(ctx.session().client("graph"), props.locale), props);
        if (!r) return undefined;
        return { id, outs: r.outs as Outputs, inputs: { ...r.inputs, locale: props.locale } as Inputs };
    },

    async update(_id, olds, news, ctx) {
        const outs = await updateBranding(context(ctx.session().client("graph"), olds.locale), olds, news);
        return { ...outs, locale: olds.locale } as Outputs;
    },

    async delete(_id, props, ctx) {
        await deleteBranding(context(ctx.session().client("graph"), props.locale), props);
    },
});
