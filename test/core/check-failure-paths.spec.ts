/**
 * Regression: an unknown property whose name is empty got a check failure with an empty property path, which the
 * engine shows as a failure of the whole resource; a name with dots or brackets printed as if it were nested.
 * Found by the hostile-input property tests (test/reliability/hostile-input.spec.ts).
 */
import { strict as assert } from "node:assert";
import { handler } from "../../provider/entra/temporaryAccessPass/handler";
import { propertyPath } from "../../provider/core/validation";
import { configureOffline } from "../support/offlineConfig";

describe("regression: every check failure has a property path, quoted where the engine quotes it", () => {
    before(async () => {
        await configureOffline(handler);
    });

    it('names an unknown property with an empty name as [""]', async () => {
        const r = await handler.check!({}, { "": "x" });
        assert.deepEqual(r.failures, [{ property: '[""]', reason: 'unknown property "": check its spelling' }]);
    });

    it("quotes names with dots, brackets, quotes or spaces, as pulumi's PropertyPath does", async () => {
        const r = await handler.check!({}, { "user.name": 1, 'a"b': 2, "x y": 3 });
        assert.deepEqual(r.failures!.map((f) => f.property).sort(), ['["a\\"b"]', '["user.name"]', '["x y"]']);
        assert.equal(propertyPath(["tables", 0, "a]b", "name"]), 'tables[0]["a]b"].name');
        assert.equal(propertyPath(["tables", 2, "columns", 5, "name"]), "tables[2].columns[5].name");
    });
});
