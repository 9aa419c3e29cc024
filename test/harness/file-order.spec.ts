/**
 * The order mocha's two workers take the test files in (.mocharc.js, test/support/fileTimes.js): longest first, by
 * this checkout's record of each file's time, else by the times committed from the last clean-clone run. CI runs in a
 * clean clone, so a spec file without a committed time would be taken as the shortest, possibly last, while the other
 * worker idles: every file has one.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS module .mocharc.js loads
const order = require("../support/fileTimes") as {
    COMMITTED: string;
    fileTimes(recorded?: Record<string, number>, committed?: Record<string, number>): Record<string, number>;
    longestFirst(files: readonly string[], times?: Record<string, number>): string[];
};

const ROOT = path.resolve(__dirname, "..", "..");

describe("the order the test files run in", () => {
    it("every spec file has a committed time, and every committed time names a spec file", () => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- mocha's own configuration, as mocha reads it
        const specs = (require(path.join(ROOT, ".mocharc.js")) as { spec: string[] }).spec;
        const committed = Object.keys(JSON.parse(fs.readFileSync(order.COMMITTED, "utf8")) as Record<string, number>);
        const fix = "after a full `npm test`, `npm run test:times` (or add the file's seconds by hand)";
        assert.deepEqual(
            specs.filter((f) => !committed.includes(f)),
            [],
            `spec files with no time in test/support/file-times.json: ${fix}`,
        );
        assert.deepEqual(
            committed.filter((f) => !specs.includes(f)),
            [],
            `times of files that are gone: ${fix}`,
        );
    });

    it("takes the longest first, by this checkout's record where it has one, else by the committed seconds", () => {
        const times = order.fileTimes({ "b.spec.ts": 5_000 }, { "a.spec.ts": 30, "b.spec.ts": 60, "c.spec.ts": 10 });
        assert.deepEqual(times, { "a.spec.ts": 30_000, "b.spec.ts": 5_000, "c.spec.ts": 10_000 });
        assert.deepEqual(order.longestFirst(["new.spec.ts", "b.spec.ts", "c.spec.ts", "a.spec.ts"], times), [
            "a.spec.ts",
            "c.spec.ts",
            "b.spec.ts",
            "new.spec.ts",
        ]);
    });
});
