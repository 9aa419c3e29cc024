/**
 * No import cycle, type imports included, in any file the lint reads. The lint rules (eslint.config.mjs) enforce the
 * other boundaries; cycles are found here rather than by eslint-plugin-import's no-cycle, which skips `import type` (a
 * type cycle still ties two modules together: branding's lifecycle and snapshot once did) and took 93% of the lint's
 * rule time (96 of 103 seconds on the 2-core CI machine), where reading every file's imports once takes a second.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

const ROOT = path.resolve(__dirname, "..", "..");
/** What the lint skips (eslint.config.mjs's ignores): built, bundled, generated or installed code. */
const SKIPPED = new Set(["bin", "plugin", "sdk", "dist"].map((f) => path.join(ROOT, f)));

function sources(dir: string): string[] {
    let entries: fs.Dirent[];
    try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (e) {
        // A folder a suite running beside this one removed since its parent was read.
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw e;
    }
    return entries.flatMap((e) => {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) return SKIPPED.has(full) || e.name === "node_modules" || e.name.startsWith(".") ? [] : sources(full);
        return /\.(ts|js|mjs)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [full] : [];
    });
}

/** A file's text, or undefined when a suite running beside this one removed it since the folders were read. */
function readIfThere(file: string): string | undefined {
    try {
        return fs.readFileSync(file, "utf8");
    } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw e;
    }
}

/** Each file's relative imports (value and type), resolved to files of the same set. */
function importGraph(files: readonly string[]): Map<string, string[]> {
    const known = new Set(files);
    const resolve = (from: string, spec: string): string | undefined => {
        const base = path.resolve(path.dirname(from), spec);
        return [base, `${base}.ts`, `${base}.js`, path.join(base, "index.ts"), path.join(base, "index.js")].find((c) => known.has(c));
    };
    const graph = new Map<string, string[]>();
    for (const file of files) {
        const text = readIfThere(file);
        if (text === undefined) continue;
        // TypeScript's own scanner, so that a `require("./...")` inside a string (scripts/release/sea.ts rewrites the
        // bundle's chunk loader) is text, not an import; it misses `export * as x from`, which the pattern adds.
        const specs = [
            ...ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName),
            ...[...text.matchAll(/\bfrom\s+["'](\.[^"']*)["']/g)].map((m) => m[1]!),
        ];
        const targets = specs.filter((spec) => spec.startsWith(".")).map((spec) => resolve(file, spec));
        graph.set(file, [...new Set(targets.filter((t): t is string => t !== undefined))]);
    }
    return graph;
}

/** The strongly connected components of more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const found: string[][] = [];
    let next = 0;
    const visit = (v: string): void => {
        index.set(v, next);
        low.set(v, next++);
        stack.push(v);
        onStack.add(v);
        for (const w of graph.get(v) ?? []) {
            if (!index.has(w)) {
                visit(w);
                low.set(v, Math.min(low.get(v)!, low.get(w)!));
            } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        }
        if (low.get(v) === index.get(v)) {
            const component: string[] = [];
            let w: string;
            do {
                w = stack.pop()!;
                onStack.delete(w);
                component.push(path.relative(ROOT, w));
            } while (w !== v);
            if (component.length > 1) found.push(component.sort());
        }
    };
    for (const v of graph.keys()) if (!index.has(v)) visit(v);
    return found;
}

describe("import cycles", () => {
    it("none in the repository's code, tests, examples and scripts, type imports included", () => {
        const files = sources(ROOT);
        assert.deepEqual(cycles(importGraph(files)), []);
    });
});
