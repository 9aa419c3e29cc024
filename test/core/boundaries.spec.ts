/**
 * No import cycle, type imports included. The lint rules (eslint.config.mjs) enforce the other boundaries and the
 * cycles of value imports; eslint-plugin-import skips `import type`, and a type cycle still ties two modules together
 * (branding's lifecycle and snapshot once did), so this reads every import of the code that ships or runs the tests.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { components, importGraph, sources } from "../../scripts/architecture";

const ROOT = path.resolve(__dirname, "..", "..");
const FOLDERS = ["provider", "emulator", "branding-preview", "harness", "scripts", "bench"];

/** The strongly connected components of more than one file, as paths from the repository's root. */
function cycles(graph: Map<string, string[]>): string[][] {
    const groups = new Map<number, string[]>();
    for (const [file, c] of components([...graph.keys()], (f) => graph.get(f) ?? []))
        groups.set(c, [...(groups.get(c) ?? []), path.relative(ROOT, file)]);
    return [...groups.values()].filter((g) => g.length > 1).map((g) => g.sort());
}

describe("import cycles", () => {
    it("none among provider/, emulator/, branding-preview/, harness/, scripts/ and bench/, type imports included", () => {
        const files = FOLDERS.flatMap((f) => sources(path.join(ROOT, f)));
        assert.deepEqual(cycles(importGraph(files)), []);
    });
});
