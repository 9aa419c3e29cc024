/**
 * Regression: identifiers that go into a URL path accepted "." and "..". URL parsing resolves those as "this folder"
 * and "the parent", so no encoding keeps them in their segment; the request builder refused them only at `up`
 * ("path segment 5 is ..."), after a preview that had shown no problem. check now refuses them with their path.
 * Found by the hostile-input property tests (test/reliability/hostile-input.spec.ts).
 */
import { strict as assert } from "node:assert";
import { handler as gitPush } from "../../provider/devops/gitPush/handler";
import { handler as dataset } from "../../provider/powerbi/pushDataset/handler";
import { configureOffline } from "../support/offlineConfig";

const push = { organization: "fabrikam", project: "Web Portal", repository: "web", pushId: 1 };
const table = { name: "Sales", tables: [{ name: "T", columns: [{ name: "c", dataType: "Int64" }] }] };

describe("regression: dot segments in URL identifiers are refused at preview", () => {
    before(async () => {
        await configureOffline(gitPush);
        await configureOffline(dataset);
    });

    for (const value of [".", "..", " .. "]) {
        it(`refuses ${JSON.stringify(value)} as a git push project and repository`, async () => {
            const r = await gitPush.check!({}, { ...push, project: value, repository: value });
            assert.deepEqual(r.failures!.map((f) => f.property).sort(), ["project", "repository"]);
            assert.match(r.failures![0]!.reason, /must not be "\." or "\.\.": in a URL path they mean this folder and its parent/);
        });
    }

    it("refuses .. as the dataset id to adopt, and still accepts names that only contain dots", async () => {
        const r = await dataset.check!({}, { ...table, adopt: ".." });
        assert.deepEqual(
            r.failures!.map((f) => f.property),
            ["adopt"],
        );
        assert.deepEqual((await dataset.check!({}, { ...table, adopt: "..." })).failures, []);
        assert.deepEqual((await gitPush.check!({}, { ...push, repository: "...", project: ".github" })).failures, []);
    });
});
