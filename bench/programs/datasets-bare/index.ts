// The CLI throttle benchmark's baseline: the same `count` datasets as ../datasets, each a bare dynamic resource whose
// create sends the requests tenantkit's push dataset create sends (requests.js), under the same throttle. Its provider
// is a stub that requires requests.js by path at call time, as tenantkit's stub requires its handler, so both sides
// store a small provider in state. The emulator and the app come from BENCH_EMULATOR_* variables, so no secret is
// serialized.
import * as pulumi from "@pulumi/pulumi";

const requestsModule = require.resolve("./requests.js");

// Captures only the module path, as tenantkit's stub captures only its handler's.
const provider: pulumi.dynamic.ResourceProvider = {
    async check(_olds: Record<string, unknown>, news: Record<string, unknown>) {
        return { inputs: news };
    },
    async diff() {
        return {};
    },
    async create(inputs: Record<string, unknown>) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the stub requires its module by path at call time, as tenantkit's does
        return require(requestsModule).create(inputs);
    },
};

class BareDataset extends pulumi.dynamic.Resource {
    constructor(name: string, props: Record<string, unknown>) {
        super(provider, name, props, undefined, "bench", "BareDataset");
    }
}

const config = new pulumi.Config();
const count = config.requireNumber("count");
const prefix = config.require("prefix");

for (let i = 0; i < count; i++) {
    new BareDataset(`ds-${i}`, { name: `${prefix}${i}`, tables: [{ name: "T", columns: [{ name: "C", dataType: "Int64" }] }] });
}

export const datasets = count;
