// The preview benchmark's baseline: the same names and inputs as ../preview, each a bare dynamic resource.
// With `previewprog:requests` false its provider does nothing (check returns the inputs, diff reports nothing,
// create echoes the inputs): the baseline for preview, where tenantkit makes no request either. With it true,
// create makes the same requests to the emulator that tenantkit's create makes (requests.js): the baseline for up.
// The emulator and the app come from BENCH_EMULATOR_* variables, so no secret is serialized.
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

// The provider that makes tenantkit's requests: a stub that requires requests.js by path at call time, as tenantkit's
// stub requires its handler, so both sides store a small provider in state. (With the code inline, ~3 KB stored twice
// per resource, the bare up of 1,000 resources took 1.7x tenantkit's: the engine rewrites the whole checkpoint at
// every step.)
const requestsModule = require.resolve("./requests.js");
const withRequests: pulumi.dynamic.ResourceProvider = {
    ...bare,
    async create(inputs: Record<string, unknown>) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the stub requires its module by path at call time, as tenantkit's does
        return require(requestsModule).create(inputs);
    },
};

class Bare extends pulumi.dynamic.Resource {
    constructor(name: string, props: Record<string, unknown>, provider: pulumi.dynamic.ResourceProvider) {
        super(provider, name, props, undefined, "bench", "Bare");
    }
}

const config = new pulumi.Config();
const count = config.requireNumber("count");
const provider = config.getBoolean("requests") ? withRequests : bare;

for (const r of declaredResources(count)) new Bare(r.name, r.args, provider);

export const resources = count;
