/**
 * A fleet file's text as a tree of values that remember where they were written, so that every problem can name the
 * line and column of the field it is about. The `yaml` package parses (YAML 1.2, of which JSON is a subset); this
 * module turns its document into plain nodes so that the validator needs no knowledge of the parser's classes.
 */
import { Alias, Document, isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from "yaml";

/** A 1-based line and column. */
export interface Position {
    readonly line: number;
    readonly column: number;
}

/** One problem of a fleet file: where, which field (a path such as `tenants[1].clientSecret`), and what is wrong. */
export interface Problem {
    readonly file: string;
    readonly line: number;
    readonly column: number;
    readonly path: string;
    readonly message: string;
}

/** A scalar's value as YAML's core schema reads it. */
export type ScalarValue = string | number | boolean | null;

/** A value of the file: a map, a list or a scalar, with where it starts. */
export type SourceNode =
    | { readonly kind: "map"; readonly entries: readonly SourceEntry[]; readonly at: Position }
    | { readonly kind: "seq"; readonly items: readonly SourceNode[]; readonly at: Position }
    | { readonly kind: "scalar"; readonly value: ScalarValue; readonly at: Position };

/** One key of a map and its value. */
export interface SourceEntry {
    readonly key: string;
    /** Where the key is written: "unknown field" problems point here. */
    readonly keyAt: Position;
    readonly value: SourceNode;
}

/** The parsed file, or the problems that kept it from parsing. */
export type Parsed = { readonly root: SourceNode; readonly problems: readonly Problem[] };

/**
 * Parses a fleet file's text. A syntax error's message is the parser's first line only: with `prettyErrors` the parser
 * appends the offending line of the file, which may hold a credential pasted where a reference belongs.
 */
export function parseSource(file: string, text: string): Parsed {
    const lineCounter = new LineCounter();
    const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
    const at = (offset: number): Position => {
        const { line, col } = lineCounter.linePos(offset);
        return { line, column: col };
    };
    const problems: Problem[] = [];
    for (const error of doc.errors) {
        const { line, column } = at(error.pos[0]);
        problems.push({ file, line, column, path: "", message: `is not valid YAML: ${error.message.split("\n")[0]}` });
    }
    if (problems.length > 0) return { root: { kind: "scalar", value: null, at: { line: 1, column: 1 } }, problems };
    const root = convert(doc, doc.contents, at, { line: 1, column: 1 }, file, problems, 0);
    return { root, problems };
}

/** Deeper than any fleet file needs; it stops an alias that refers to its own ancestor. */
const MAX_DEPTH = 64;

function convert(
    doc: Document,
    node: YamlNode | Alias | null | undefined,
    at: (offset: number) => Position,
    fallback: Position,
    file: string,
    problems: Problem[],
    depth: number,
): SourceNode {
    const where = node?.range ? at(node.range[0]) : fallback;
    if (depth > MAX_DEPTH) {
        problems.push({ file, ...where, path: "", message: `nests deeper than ${MAX_DEPTH} levels (an alias that refers to itself?)` });
        return { kind: "scalar", value: null, at: where };
    }
    if (node === null || node === undefined) return { kind: "scalar", value: null, at: where };
    if (isAlias(node)) {
        const target = node.resolve(doc);
        if (target === undefined) {
            problems.push({ file, ...where, path: "", message: `refers to an anchor the file does not define (*${node.source})` });
            return { kind: "scalar", value: null, at: where };
        }
        // The alias's own position: a problem in the value it repeats is reported where it is used.
        const resolved = convert(doc, target as YamlNode, at, where, file, problems, depth + 1);
        return { ...resolved, at: where } as SourceNode;
    }
    if (isMap(node)) {
        const entries: SourceEntry[] = [];
        for (const pair of node.items) {
            if (!isPair(pair)) continue;
            const keyNode = pair.key as YamlNode | null;
            const keyAt = keyNode?.range ? at(keyNode.range[0]) : where;
            const key = isScalar(keyNode) ? String(keyNode.value) : keyNode === null ? "" : String(keyNode);
            entries.push({ key, keyAt, value: convert(doc, pair.value as YamlNode | null, at, keyAt, file, problems, depth + 1) });
        }
        return { kind: "map", entries, at: where };
    }
    if (isSeq(node)) {
        return { kind: "seq", items: node.items.map((item) => convert(doc, item as YamlNode, at, where, file, problems, depth + 1)), at: where };
    }
    if (isScalar(node)) {
        const value = node.value;
        if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
            return { kind: "scalar", value, at: where };
        }
        if (typeof value === "bigint") return { kind: "scalar", value: Number(value), at: where };
        return { kind: "scalar", value: String(value), at: where };
    }
    return { kind: "scalar", value: null, at: where };
}

/** The node as plain JSON-like data. */
export function toPlain(node: SourceNode): unknown {
    switch (node.kind) {
        case "scalar":
            return node.value;
        case "seq":
            return node.items.map(toPlain);
        case "map":
            return Object.fromEntries(node.entries.map((e) => [e.key, toPlain(e.value)]));
    }
}

/** What kind of value a node is, for messages that must not repeat the value itself. */
export function kindOf(node: SourceNode): string {
    if (node.kind === "map") return "a map";
    if (node.kind === "seq") return "a list";
    const v = node.value;
    if (v === null) return "nothing";
    if (typeof v === "string") return "a string";
    if (typeof v === "boolean") return "a boolean";
    return Number.isInteger(v) ? "an integer" : "a number";
}

/** The value of `key` in a map node, if written. */
export function entry(node: SourceNode, key: string): SourceEntry | undefined {
    return node.kind === "map" ? node.entries.find((e) => e.key === key) : undefined;
}
