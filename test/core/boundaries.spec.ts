/**
 * No import cycle, type imports included, in any file the lint reads. The lint rules (eslint.config.mjs) enforce the
 * other boundaries; cycles are found here rather than by eslint-plugin-import's no-cycle, which skips `import type` (a
 * type cycle still ties two modules together: branding's lifecycle and snapshot once did) and took 93% of the lint's
 * rule time (96 of 103 seconds on the 2-core CI machine), where reading every file's imports once takes a second.
 * And no ambient storage in provider/, which a lint rule forbids too: this holds where a line disables the rule.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { components, importGraph, sources } from "../../scripts/architecture";

const ROOT = path.resolve(__dirname, "..", "..");
/** What the lint skips (eslint.config.mjs's ignores): built, bundled, generated or installed code. */
const SKIPPED = new Set(["bin", "plugin", "sdk", "dist"].map((f) => path.join(ROOT, f)));

/** The strongly connected components of more than one file, as paths from the repository's root. */
function cycles(graph: Map<string, string[]>): string[][] {
    const groups = new Map<number, string[]>();
    for (const [file, c] of components([...graph.keys()], (f) => graph.get(f) ?? []))
        groups.set(c, [...(groups.get(c) ?? []), path.relative(ROOT, file)]);
    return [...groups.values()].filter((g) => g.length > 1).map((g) => g.sort());
}

describe("import cycles", () => {
    it("none in the repository's code, tests, examples and scripts, type imports included", () => {
        const files = sources(ROOT, SKIPPED);
        assert.deepEqual(cycles(importGraph(files)), []);
    });
});

describe("no ambient storage", () => {
    // What an engine request carries (cancellation, deadline, URN) is passed in the call's context: one process serves
    // many requests at once, and AsyncLocalStorage made a value one request set reach whatever it started, however
    // far, without a parameter saying so (core/http/operation.ts, core/host/handler.ts).
    it("no file under provider/ uses node's async_hooks (AsyncLocalStorage)", () => {
        const files = sources(path.join(ROOT, "provider"));
        assert.ok(
            files.some((f) => f.endsWith(path.join("core", "http", "operation.ts"))),
            "the walk reaches provider/core",
        );
        const users = files
            .filter((f) => /\basync_hooks\b|\bAsyncLocalStorage\b/.test(fs.readFileSync(f, "utf8")))
            .map((f) => path.relative(ROOT, f));
        assert.deepEqual(users, []);
    });
});
