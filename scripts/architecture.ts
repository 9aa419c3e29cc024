/**
 * `npm run architecture [-- <checkout>]`: the figures issue 39 asks of the code's rooms, read from the imports so they
 * can be measured again on any commit (`git archive <commit> | tar -x -C <dir>`, then `npm run architecture -- <dir>`).
 *
 * For each part (`provider/core`, `provider`, `emulator`, and the house: the top-level folders), over its `.ts`/`.js`
 * files and their relative imports (value and type, read by TypeScript's scanner as test/core/boundaries.spec.ts does):
 * - files, lines, and imports between its files;
 * - file layers: the longest chain of imports between its files, counted in files (a file that imports nothing of the
 *   part is layer 1; a file's layer is one more than the highest it imports);
 * - folder layers: the same over folders (a file's folder is its directory; for the house, its top-level folder), so a
 *   flat folder is one layer however deep its files go; and the deepest folder: the most file layers inside one folder;
 * - imports back up: imports between folders that close a cycle of folders (a lower folder importing a higher one).
 *   In each cycle the folders are ordered so that the fewest imports run against the order, and those are counted;
 * - the largest folder, by files and by lines (its own files, not its subfolders').
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";

const HOUSE = ["provider", "emulator", "branding-preview", "harness", "scripts", "bench", "policy"];

interface Part {
    readonly name: string;
    /** Folders (relative to the checkout) whose files the part holds. */
    readonly roots: readonly string[];
    /** The folder a file counts in. */
    folderOf(file: string): string;
}

/** The `.ts`, `.js` and `.mjs` files under `dir` (declarations, node_modules, dot-folders and `skip` left out). */
export function sources(dir: string, skip: ReadonlySet<string> = new Set()): string[] {
    let entries: fs.Dirent[];
    try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (e) {
        // A folder missing, or one a test suite running beside the reader removed since its parent was read.
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw e;
    }
    return entries.flatMap((e) => {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) return skip.has(full) || e.name === "node_modules" || e.name.startsWith(".") ? [] : sources(full, skip);
        return /\.(ts|js|mjs)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [full] : [];
    });
}

/** A file's text, or undefined when a suite running beside the reader removed it since the folders were read. */
function readIfThere(file: string): string | undefined {
    try {
        return fs.readFileSync(file, "utf8");
    } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw e;
    }
}

/** Each file's relative imports (value and type) resolved to files of the set. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
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
        const targets = specs.filter((s) => s.startsWith(".")).map((s) => resolve(file, s));
        graph.set(file, [...new Set(targets.filter((t): t is string => t !== undefined && t !== file))]);
    }
    return graph;
}

/** Strongly connected components (Tarjan), each node mapped to its component's index. */
export function components<T>(nodes: readonly T[], edges: (n: T) => readonly T[]): Map<T, number> {
    const index = new Map<T, number>();
    const low = new Map<T, number>();
    const stack: T[] = [];
    const onStack = new Set<T>();
    const component = new Map<T, number>();
    let next = 0;
    let count = 0;
    const visit = (v: T): void => {
        index.set(v, next);
        low.set(v, next++);
        stack.push(v);
        onStack.add(v);
        for (const w of edges(v)) {
            if (!index.has(w)) {
                visit(w);
                low.set(v, Math.min(low.get(v)!, low.get(w)!));
            } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        }
        if (low.get(v) === index.get(v)) {
            let w: T;
            do {
                w = stack.pop()!;
                onStack.delete(w);
                component.set(w, count);
            } while (w !== v);
            count++;
        }
    };
    for (const v of nodes) if (!index.has(v)) visit(v);
    return component;
}

/** The longest chain, counted in nodes, with each cycle taken as one node. */
function layers<T>(nodes: readonly T[], edges: (n: T) => readonly T[]): number {
    const comp = components(nodes, edges);
    const depth = new Map<number, number>();
    const members = new Map<number, T[]>();
    for (const n of nodes) members.set(comp.get(n)!, [...(members.get(comp.get(n)!) ?? []), n]);
    const of = (c: number): number => {
        const known = depth.get(c);
        if (known !== undefined) return known;
        depth.set(c, 1);
        let d = 1;
        for (const n of members.get(c)!) for (const w of edges(n)) if (comp.get(w) !== c) d = Math.max(d, 1 + of(comp.get(w)!));
        depth.set(c, d);
        return d;
    };
    return Math.max(0, ...[...members.keys()].map(of));
}

function permutations<T>(items: readonly T[]): T[][] {
    if (items.length <= 1) return [[...items]];
    return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((p) => [x, ...p]));
}

/** Imports that run against the order of their cycle of folders: `[from, to, count]`. */
function backUp(weights: Map<string, Map<string, number>>): [string, string, number][] {
    const folders = [...weights.keys()];
    const edges = (f: string): string[] => [...(weights.get(f)?.keys() ?? [])];
    const comp = components(folders, edges);
    const found: [string, string, number][] = [];
    for (const c of new Set(comp.values())) {
        const group = folders.filter((f) => comp.get(f) === c);
        if (group.length < 2) continue;
        // An order lists the highest folder first; an import from a folder to one listed before it runs back up.
        const against = (order: readonly string[]): [string, string, number][] =>
            order.flatMap((from, i) =>
                order.slice(0, i).flatMap((to): [string, string, number][] => {
                    const n = weights.get(from)?.get(to) ?? 0;
                    return n > 0 ? [[from, to, n]] : [];
                }),
            );
        const total = (es: readonly [string, string, number][]): number => es.reduce((s, e) => s + e[2], 0);
        // Cycles of folders are small; past 8 folders the order is taken greedily (highest fan-out first).
        const orders = group.length <= 8 ? permutations(group) : [[...group].sort((a, b) => total(against([b, a])) - total(against([a, b])))];
        const best = orders.map(against).reduce((a, b) => (total(b) < total(a) ? b : a));
        found.push(...best);
    }
    return found.sort((a, b) => b[2] - a[2] || a[0].localeCompare(b[0]));
}

interface Figures {
    readonly files: number;
    readonly lines: number;
    readonly imports: number;
    readonly fileLayers: number;
    readonly folders: number;
    readonly folderLayers: number;
    readonly deepest: { folder: string; layers: number };
    readonly backUp: [string, string, number][];
    readonly largestByFiles: { folder: string; files: number; lines: number };
    readonly largestByLines: { folder: string; files: number; lines: number };
}

function lineCount(file: string): number {
    const text = fs.readFileSync(file, "utf8");
    return text.length === 0 ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

function measure(checkout: string, part: Part): Figures {
    const files = part.roots.flatMap((r) => sources(path.join(checkout, r)));
    const graph = importGraph(files);
    const rel = (f: string): string => path.relative(checkout, f);
    const folderOf = (f: string): string => part.folderOf(rel(f));
    const weights = new Map<string, Map<string, number>>();
    const sizes = new Map<string, { folder: string; files: number; lines: number }>();
    let imports = 0;
    for (const [file, targets] of graph) {
        const from = folderOf(file);
        const size = sizes.get(from) ?? { folder: from, files: 0, lines: 0 };
        sizes.set(from, { folder: from, files: size.files + 1, lines: size.lines + lineCount(file) });
        if (!weights.has(from)) weights.set(from, new Map());
        for (const target of targets) {
            imports++;
            const to = folderOf(target);
            if (to !== from) weights.get(from)!.set(to, (weights.get(from)!.get(to) ?? 0) + 1);
        }
    }
    const folders = [...sizes.values()];
    return {
        files: files.length,
        lines: folders.reduce((s, f) => s + f.lines, 0),
        imports,
        fileLayers: layers(files, (f) => graph.get(f) ?? []),
        folders: folders.length,
        folderLayers: layers([...weights.keys()], (f) => [...(weights.get(f)?.keys() ?? [])]),
        deepest: folders
            .map(({ folder }) => {
                const inside = files.filter((f) => folderOf(f) === folder);
                return { folder, layers: layers(inside, (f) => (graph.get(f) ?? []).filter((t) => folderOf(t) === folder)) };
            })
            .reduce((a, b) => (b.layers > a.layers ? b : a)),
        backUp: backUp(weights),
        largestByFiles: folders.reduce((a, b) => (b.files > a.files ? b : a)),
        largestByLines: folders.reduce((a, b) => (b.lines > a.lines ? b : a)),
    };
}

const directory = (file: string): string => path.dirname(file).split(path.sep).join("/");
const PARTS: readonly Part[] = [
    { name: "provider/core", roots: ["provider/core"], folderOf: directory },
    { name: "provider", roots: ["provider"], folderOf: directory },
    { name: "emulator", roots: ["emulator"], folderOf: directory },
    // The house: the shipped and tooling folders (tests may import anything, and nothing imports them).
    { name: "house", roots: HOUSE, folderOf: (f) => f.split(path.sep)[0]! },
];

function main(): void {
    const checkout = path.resolve(process.argv[2] ?? path.resolve(__dirname, ".."));
    for (const part of PARTS) {
        const f = measure(checkout, part);
        const size = (s: { folder: string; files: number; lines: number }): string => `${s.folder} (${s.files} files, ${s.lines} lines)`;
        console.log(`${part.name}: ${f.files} files, ${f.lines} lines, ${f.imports} imports between them`);
        console.log(
            `  layers of imports: ${f.fileLayers} between files, ${f.folderLayers} between ${f.folders} folders; deepest folder ${f.deepest.folder}: ${f.deepest.layers} inside`,
        );
        const back = f.backUp.reduce((s, e) => s + e[2], 0);
        console.log(`  imports back up a layer: ${back}${f.backUp.map(([a, b, n]) => `\n    ${a} -> ${b}: ${n}`).join("")}`);
        console.log(
            `  largest folder: ${size(f.largestByFiles)}${f.largestByLines.folder === f.largestByFiles.folder ? "" : `; by lines ${size(f.largestByLines)}`}`,
        );
    }
}

if (require.main === module) main();
