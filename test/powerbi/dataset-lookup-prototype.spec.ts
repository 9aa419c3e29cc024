/**
 * Regression: push dataset check looked spellings up in plain object literals, so `dataType: "constructor"` (or
 * `__proto__`) was accepted and normalized to a function (which the provider host cannot send back: the preview
 * failed with an internal error), and `defaultMode: "toString"` produced a failure whose reason was a function.
 * Found by the hostile-input property tests (test/reliability/hostile-input.spec.ts).
 */
import { strict as assert } from "node:assert";
import { handler } from "../../provider/powerbi/pushDataset/handler";
import { configureOffline } from "../support/offlineConfig";

type Obj = Record<string, unknown>;
const dataset = (column: Obj = {}, extra: Obj = {}): Obj => ({
    name: "Sales",
    tables: [
        { name: "A", columns: [{ name: "Id", dataType: "Int64", ...column }] },
        { name: "B", columns: [{ name: "Id", dataType: "Int64" }] },
    ],
    ...extra,
});
const relationship = (crossFilteringBehavior: string) => ({
    relationships: [{ name: "r", fromTable: "A", fromColumn: "Id", toTable: "B", toColumn: "Id", crossFilteringBehavior }],
});

describe("regression: push dataset spellings are looked up in tables without a prototype", () => {
    before(async () => {
        await configureOffline(handler);
    });
    const check = (news: Obj) => handler.check!({}, news);

    for (const name of ["constructor", "__proto__"]) {
        it(`refuses the data type "${name}" at its path, and returns plain JSON`, async () => {
            const r = await check(dataset({ dataType: name }));
            assert.deepEqual(r.failures, [
                {
                    property: "tables[0].columns[0].dataType",
                    reason: "must be one of Int64, Double, Decimal, Boolean, DateTime, String (any letter case)",
                },
            ]);
            assert.deepEqual(JSON.parse(JSON.stringify(r.inputs)), r.inputs);
        });

        it(`refuses the cross filtering behavior "${name}"`, async () => {
            const r = await check(dataset({}, relationship(name)));
            assert.deepEqual(r.failures, [
                {
                    property: "relationships[0].crossFilteringBehavior",
                    reason: "must be one of OneDirection, BothDirections, Automatic (any letter case)",
                },
            ]);
        });
    }

    for (const mode of ["toString", "constructor", "valueOf", "__proto__"]) {
        it(`refuses the default mode "${mode}" with a reason that is text`, async () => {
            const r = await check(dataset({}, { defaultMode: mode }));
            assert.deepEqual(r.failures, [{ property: "defaultMode", reason: "must be Push or PushStreaming" }]);
        });
    }
});
