/**
 * The plugin's modules by token (provider/plugin/catalog.ts) are written out for the bundler: each resource and
 * function of the registry must load the module at its registry path, the one the dynamic resources' stubs require.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { FUNCTIONS, RESOURCES } from "../../provider/resources";
import { loadHandler, loadLookup, type HandlerLoaders, type LookupLoaders } from "../../provider/plugin/catalog";

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

    it("is typed by the registry's tokens: a table that leaves one out or misspells one does not compile (`npm run typecheck`)", () => {
        const handler = (): ReturnType<HandlerLoaders[keyof HandlerLoaders]> => ({ handler: loadHandler(RESOURCES[0]!) });
        const lookup = (): ReturnType<LookupLoaders[keyof LookupLoaders]> => ({ lookup: loadLookup(FUNCTIONS[0]!) });
        const complete: HandlerLoaders = {
            "tenantkit:entra:OrganizationalBranding": handler,
            "tenantkit:entra:OrganizationalBrandingLocalization": handler,
            "tenantkit:powerbi:PushDataset": handler,
            "tenantkit:entra:TemporaryAccessPassMethods": handler,
            "tenantkit:devops:GitPush": handler,
        };
        // @ts-expect-error the push dataset's handler is missing
        const missing: HandlerLoaders = {
            "tenantkit:entra:OrganizationalBranding": handler,
            "tenantkit:entra:OrganizationalBrandingLocalization": handler,
            "tenantkit:entra:TemporaryAccessPassMethods": handler,
            "tenantkit:devops:GitPush": handler,
        };
        const misspelled: HandlerLoaders = {
            ...complete,
            // @ts-expect-error no resource of the registry has this token
            "tenantkit:powerbi:PushDatset": handler,
        };
        // @ts-expect-error the TAP methods' lookup is missing
        const missingLookup: LookupLoaders = { "tenantkit:devops:getGitPush": lookup };
        assert.deepEqual(Object.keys(complete).sort(), RESOURCES.map((r) => r.token).sort());
        assert.equal(Object.keys(missing).length, RESOURCES.length - 1);
        assert.ok("tenantkit:powerbi:PushDatset" in misspelled);
        assert.equal(Object.keys(missingLookup).length, FUNCTIONS.length - 1);
    });
});
