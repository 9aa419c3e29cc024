/**
 * Provider-host side of `entra.OrganizationalBranding`, the default branding (locale `0`) of the tenant's
 * organization. Loaded by package name from the stub: `pulumi-tenantkit/bin/entra/branding/handler` (a contract).
 */
import { defineHandler } from "../../core/handler";
import type { JsonObject } from "../../core/json";
import { DEFAULT_LOCALE } from "./api";
import { checkBranding, diffBranding } from "./checks";
import { type BrandingOutputs, type Context, createBranding, deleteBranding, readBranding, updateBranding } from "./lifecycle";
import { type BrandingInputs, OrganizationalBrandingArgs } from "./schema";

type Inputs = BrandingInputs & JsonObject;
type Outputs = BrandingOutputs & JsonObject;

const context = (graph: Context["graph"]): Context => ({ graph, locale: DEFAULT_LOCALE, cwd: process.cwd(), idOf: (org) => org });

export const handler = defineHandler<Inputs, Outputs>({
    type: "tenantkit:entra:OrganizationalBranding",
    describe: (inputs) => `default branding of organization ${inputs.organizationId ?? "(discovered from the token's tenant)"}`,

    async check(news) {
        const r = checkBranding(OrganizationalBrandingArgs, news, process.cwd());
        return { inputs: r.inputs as Inputs, failures: r.failures };
    },

    async diff(_id, olds, news) {
        return diffBranding(olds, news);
    },

    async create(inputs, ctx) {
        const r = await createBranding(context(ctx.session().client("graph")), inputs);
        return { id: r.id, outs: r.outs as Outputs };
    },

    async read(id, props, ctx) {
        const r = await readBranding(context(ctx.session().client("graph")), props);
        if (!r) return undefined;
        return { id, outs: r.outs as Outputs, inputs: r.inputs as Inputs };
    },

    async update(_id, olds, news, ctx) {
        return (await updateBranding(context(ctx.session().client("graph")), olds, news)) as Outputs;
    },

    async delete(_id, props, ctx) {
        await deleteBranding(context(ctx.session().client("graph")), props);
    },
});
