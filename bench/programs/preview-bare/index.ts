// The preview benchmark's baseline: the same names and inputs as ../preview, each a bare dynamic resource whose
// provider does nothing (check returns the inputs, diff reports nothing, create echoes the inputs).
import * as pulumi from "@pulumi/pulumi";
import { declaredResources } from "../preview/inputs";

// Captures nothing, so the SDK serializes it in a few hundred bytes like any minimal dynamic provider.
const bare: pulumi.dynamic.ResourceProvider = {
    async check(_olds: Record<string, unknown>, news: Record<string, unknown>) {
        return { inputs: news };
    },
    async diff() {
        return {};
    },
    async create(inputs: Record<string, unknown>) {
        return { id: String(inputs.name ?? inputs.locale), outs: inputs };
    },
};

class Bare extends pulumi.dynamic.Resource {
    constructor(name: string, props: Record<string, unknown>) {
        super(bare, name, props, undefined, "bench", "Bare");
    }
}

const count = new pulumi.Config().requireNumber("count");

for (const r of declaredResources(count)) new Bare(r.name, r.args);

export const resources = count;
