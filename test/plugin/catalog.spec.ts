/**
 * The plugin's modules by token (provider/plugin/catalog.ts) are written out for the bundler: each resource and
 * function of the registry must load the module at its registry path, the one the dynamic resources' stubs require.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { FUNCTIONS, RESOURCES } from "../../provider/resources";
import { loadHandler, loadLookup } from "../../provider/plugin/catalog";

const PROVIDER = path.resolve(__dirname, "..", "..", "provider");

describe("the plugin's catalog", () => {
    for (const r of RESOURCES) {
        it(`${r.token} loads the handler at ${r.area}/${r.folder}/handler`, () => {
            // eslint-disable-next-line @typescript-eslint/no-require-imports
            const expected = (require(path.join(PROVIDER, r.area, r.folder, "handler")) as { handler: unknown }).handler;
            assert.equal(loadHandler(r), expected);
        });
    }

    for (const f of FUNCTIONS) {
        it(`${f.token} loads the lookup at ${f.docs.folder}/lookup`, () => {
            // eslint-disable-next-line @typescript-eslint/no-require-imports
            const expected = (require(path.join(PROVIDER, f.docs.folder, "lookup")) as { lookup: unknown }).lookup;
            assert.equal(loadLookup(f), expected);
        });
    }

    for (const r of RESOURCES) {
        it(`${r.token}: each output's onUpdate names inputs of the resource, so an update's preview unknowns the right outputs`, () => {
            for (const [key, rule] of Object.entries(r.outputs as Record<string, { onUpdate?: "kept" | readonly string[] }>)) {
                if (!Array.isArray(rule.onUpdate)) continue;
                for (const input of rule.onUpdate) assert.ok(input in r.inputs, `${key}.onUpdate names ${input}, which is no input of ${r.token}`);
            }
        });
    }
});
