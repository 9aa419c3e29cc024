/**
 * serialization: the bytes of `__provider` that every resource type stores in state (twice per resource), against the
 * smallest stub any dynamic provider needs (one trivial `create`), both serialized by the SDK's own serializer in the
 * same run. Goal: at most 1.1x of it, so that whatever creeps into a stub (a comment, a captured value, a longer path)
 * shows as a missed goal.
 *
 * The stubs come from the compiled package (`bin/<area>/<resource>/resource.js`), the code a user's program loads
 * through the package root, so the text measured is the text real state holds. Serialization is deterministic: three runs
 * prove it (spread 0) rather than average noise away.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import { serializeProviderDetails } from "../harness/serialize";
import { repeat, result, type Benchmark, type BenchResult } from "./lib";

const PROVIDER_DIR = path.resolve(__dirname, "..", "provider");
const GOAL_RATIO = 1.1;

/** `<area>/<resource>` of every `provider/**\/resource.ts`, sorted. */
export function resourceTypes(dir = PROVIDER_DIR): string[] {
    const walk = (d: string): string[] =>
        fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => {
            const full = path.join(d, e.name);
            if (e.isDirectory()) return walk(full);
            return e.name === "resource.ts" ? [path.relative(dir, d).split(path.sep).join("/")] : [];
        });
    return walk(dir).sort();
}

/** The provider a bare dynamic resource hands over: one trivial `create`, nothing captured. */
export const minimalStub: pulumi.dynamic.ResourceProvider = {
    async create(inputs: Record<string, unknown>) {
        return { id: "1", outs: inputs };
    },
};

/** Byte length (UTF-8) of the `__provider` text the SDK stores for `provider`. */
async function serializedBytes(provider: pulumi.dynamic.ResourceProvider): Promise<{ bytes: number; secrets: boolean }> {
    const { text, containsSecrets } = await serializeProviderDetails(provider);
    return { bytes: Buffer.byteLength(text, "utf8"), secrets: containsSecrets };
}

/** Loads the compiled stub of `<area>/<resource>`, the one the package root's resource class uses. */
function loadStub(type: string): pulumi.dynamic.ResourceProvider {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(path.resolve(__dirname, "..", "bin", type, "resource")) as { stub?: pulumi.dynamic.ResourceProvider };
    if (!mod.stub) throw new Error(`bin/${type}/resource.js exports no stub (run npm run build)`);
    return mod.stub;
}

/** Runs the benchmark: one result per resource type. */
export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const runs = ctx.quick ? 1 : 3;
    const types = resourceTypes();
    if (types.length === 0) throw new Error(`no resource.ts under ${PROVIDER_DIR}`);
    const baseline = await repeat(runs, async () => (await serializedBytes(minimalStub)).bytes);
    ctx.log(`minimal dynamic provider stub: ${baseline[0]} bytes`);
    const results: BenchResult[] = [];
    for (const type of types) {
        const stub = loadStub(type);
        let secrets = false;
        const values = await repeat(runs, async () => {
            const s = await serializedBytes(stub);
            secrets ||= s.secrets;
            return s.bytes;
        });
        ctx.log(`${type}: ${values[0]} bytes`);
        results.push(
            result({
                name: `serialized __provider bytes: ${type}`,
                unit: "bytes",
                values,
                comparison: { name: "the smallest stub any dynamic provider needs (one trivial create)", values: baseline },
                goal: `at most ${GOAL_RATIO}x`,
                met: (_value, _comparison, ratio) => ratio <= GOAL_RATIO,
                notes:
                    `SDK serializeFunction text of bin/${type}/resource.js \`stub\` (handlerStub: one configure function, one captured ` +
                    `module path); stored twice per resource (inputs and outputs), so ${2 * values[0]} bytes of state per resource; ` +
                    `containsSecrets ${secrets}; deterministic (${runs} runs)`,
            }),
        );
    }
    return results;
};
