/**
 * Building blocks of the hostile-input property tests: junk values (wrong types, huge and odd strings, nested junk,
 * the engine's unknown sentinel), property paths as the engine prints them, and the three kinds of generated case
 * (valid, near-valid with one known defect, garbage) with the verdict each must get from `check`.
 * Not a spec file: mocha only runs `*.spec.ts`.
 */
import fc from "fast-check";
import { SIG } from "../../harness/wire";

/** The engine's placeholder for a value unknown during preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export type Obj = Record<string, unknown>;
export type Path = readonly (string | number)[];

/** Strings that try to leave a URL path segment, or break naive code. */
export const SEGMENT_ESCAPES = [
    "..",
    ".",
    "../",
    "../..",
    "/",
    "a/b",
    "a/../b",
    "?",
    "a?b=c",
    "#",
    "a#b",
    "%2F",
    "a%2Fb",
    "%2e%2e",
    "..%2F..",
    "\\",
    "..\\..",
    "\u0000",
    "a\u0000b",
    "\r\n",
    "a\nb",
    "\t",
    "\u007f",
    "\u202e",
    " ",
    "",
] as const;

/** Strings that reach lookup tables and prototypes. */
export const PROTOTYPE_KEYS = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "prototype"] as const;

const HOSTILE_TEXT = [
    ...SEGMENT_ESCAPES,
    ...PROTOTYPE_KEYS,
    UNKNOWN,
    "😀",
    "e\u0301",
    "\uD800",
    "\uFFFF",
    "null",
    "true",
    "0",
    "-1",
    "NaN",
    "[]",
    "{}",
];

/** Numbers at and beyond the edges (NaN and infinities included: a program can pass them). */
const ODD_NUMBERS = [0, -0, -1, 1.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MIN_VALUE, NaN, Infinity, -Infinity];

/**
 * Any code point, lone surrogates included. fast-check's own `unit: "binary"` builds a map of all 1.1 million code
 * points when the arbitrary is created (most of a second of CPU each); this one costs nothing up front.
 */
export const codePoint = fc.integer({ min: 0, max: 0x10ffff }).map((n) => String.fromCodePoint(n));

/** From a few to 120,000 characters of one short random unit. */
export const hugeText = fc
    .tuple(fc.string({ unit: codePoint, minLength: 1, maxLength: 3 }), fc.integer({ min: 1_000, max: 120_000 }))
    .map(([unit, n]) => unit.repeat(Math.ceil(n / unit.length)));

/** Any string: printable ASCII, graphemes, any code point (lone surrogates included), hostile constants, huge. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
    { arbitrary: fc.string(), weight: 4 },
    { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
    { arbitrary: fc.string({ unit: codePoint, maxLength: 40 }), weight: 2 },
    { arbitrary: fc.constantFrom(...HOSTILE_TEXT), weight: 3 },
    { arbitrary: hugeText, weight: 1 },
);

/**
 * Property names a program might send by mistake, or to probe. Never `__provider`, which carries the stub, nor
 * `__proto__`: the provider host turns the request into objects by assignment (google-protobuf
 * `Struct.toJavaScript`), where that key sets the prototype, so no handler ever sees it as a member
 * (hostile-input.spec.ts proves that what lands on the prototype is ignored).
 */
export const anyKey: fc.Arbitrary<string> = fc
    .oneof(anyText, fc.constantFrom(...PROTOTYPE_KEYS))
    .filter((k) => k !== "__provider" && k !== "__proto__" && k.length < 2_000);

/** A value nested `depth` levels deep in arrays or objects. */
export function nested(depth: number, inArrays: boolean): unknown {
    let v: unknown = "bottom";
    for (let i = 0; i < depth; i++) v = inArrays ? [v] : { v };
    return v;
}

const scalar: fc.Arbitrary<unknown> = fc.oneof(
    { arbitrary: anyText, weight: 5 },
    { arbitrary: fc.integer(), weight: 1 },
    { arbitrary: fc.double(), weight: 1 },
    { arbitrary: fc.constantFrom(...ODD_NUMBERS), weight: 1 },
    { arbitrary: fc.boolean(), weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: fc.constant(UNKNOWN), weight: 1 },
);

/**
 * Up to 1,000 levels. The transport itself stops near 1,500: the harness's gRPC client cannot serialize a Struct
 * nested 1,500 objects deep, and the provider host fails to serialize its reply (which echoes the inputs) at 2,000
 * arrays and to deserialize the request at 3,000, before or about where the handler's own recursion would.
 */
export const MAX_NESTING = 1_000;
const deep = fc.tuple(fc.integer({ min: 20, max: MAX_NESTING }), fc.boolean()).map(([n, arrays]) => nested(n, arrays));

/** Anything a program could put in a property: scalars, arrays and objects of junk, deep nesting. */
export const junk: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
        { depthSize: "small", maxDepth: 4 },
        { arbitrary: scalar, weight: 6 },
        { arbitrary: fc.array(tie("value"), { maxLength: 4 }), weight: 1 },
        { arbitrary: fc.dictionary(anyKey, tie("value"), { maxKeys: 4 }), weight: 1 },
        { arbitrary: deep, weight: 1 },
    ),
})).value;

/** Junk that is never a string (nor the unknown sentinel): wrong for every string property. */
export const notAString = junk.filter((v) => typeof v !== "string");

/** A string outside `allowed`, compared case-sensitively (or case-insensitively with `ci`). */
export function stringOutside(allowed: readonly string[], ci = false): fc.Arbitrary<string> {
    const norm = (s: string) => (ci ? s.toLowerCase() : s);
    const set = new Set(allowed.map(norm));
    return fc.oneof(anyText, fc.constantFrom(...PROTOTYPE_KEYS)).filter((s) => s !== UNKNOWN && !set.has(norm(s)));
}

/** The path as the engine prints it, for paths made of plain identifiers and indexes: `tables[2].columns[5].name`. */
export function render(path: Path): string {
    return path.reduce<string>((acc, seg) => (typeof seg === "number" ? `${acc}[${seg}]` : acc ? `${acc}.${seg}` : seg), "");
}

/** A copy of `o` with `value` at `path` (`undefined` deletes the member); containers off the path are shared, not copied. */
export function setAt(o: Obj, path: Path, value: unknown, create = false): Obj {
    const put = (cur: unknown, i: number): unknown => {
        const seg = path[i]!;
        const base = cur ?? (create ? (typeof seg === "number" ? [] : {}) : undefined);
        const copy = (Array.isArray(base) ? [...(base as unknown[])] : { ...(base as Obj) }) as Record<string | number, unknown>;
        if (i < path.length - 1) copy[seg] = put(copy[seg], i + 1);
        else if (value === undefined) delete copy[seg];
        else copy[seg] = value;
        return copy;
    };
    return put(o, 0) as Obj;
}

export function getAt(o: unknown, path: Path): unknown {
    return path.reduce<unknown>(
        (cur, seg) => (cur !== null && typeof cur === "object" ? (cur as Record<string | number, unknown>)[seg] : undefined),
        o,
    );
}

/** Every path below the root of a JSON-shaped value, containers included, down to the depth of the deepest schema. */
function pathsOf(v: unknown, at: Path = []): Path[] {
    // An asset's wire object is one value: the engine never sends half of one unknown.
    if (v === null || typeof v !== "object" || at.length >= 6 || SIG in v) return [];
    const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
    return entries.flatMap(([k, x]) => [[...at, k], ...pathsOf(x, [...at, k])]);
}

const isPrefix = (a: Path, b: Path) => a.length <= b.length && a.every((s, i) => s === b[i]);

/** Replaces the values at some paths (picked by `picks`) with the unknown sentinel, never on or around `keep`. */
export function withUnknowns(o: Obj, picks: readonly number[], keep?: Path): Obj {
    const candidates = pathsOf(o).filter((p) => !keep || (!isPrefix(p, keep) && !isPrefix(keep, p)));
    let out = o;
    for (const n of picks) {
        if (candidates.length === 0) break;
        const p = candidates[n % candidates.length]!;
        const parent = getAt(out, p.slice(0, -1));
        if (parent !== null && typeof parent === "object") out = setAt(out, p, UNKNOWN);
    }
    return out;
}

/**
 * One defect a near-valid input gets: `at` picks where (undefined when `o` has no such place, `n` picks among
 * several), `bad` what goes there (`undefined` removes a required member). `crossField` marks defects that only a
 * check across members finds: those are not judged when other members are unknown, so no sentinel is sprinkled.
 */
export interface Mutation {
    readonly name: string;
    readonly at: (o: Obj, n: number) => Path | undefined;
    /** The bad value, or a function of the input giving it. */
    readonly bad: fc.Arbitrary<unknown> | ((o: Obj) => fc.Arbitrary<unknown>);
    /** Where below `at` the failure belongs, when the bad value is a container holding the defect. */
    readonly report?: Path;
    readonly crossField?: boolean;
}

/** A member at a fixed path. */
export const member = (name: string, bad: fc.Arbitrary<unknown>, path: Path = [name]): Mutation => ({ name, at: () => path, bad });

/** A member of an optional object member: the object is set whole, holding the bad value at `inner`. */
export const inner = (container: string, innerPath: Path, bad: fc.Arbitrary<unknown>): Mutation => ({
    name: `${container}.${render(innerPath)}`,
    at: () => [container],
    bad: bad.map((v) => setAt({}, innerPath, v, true)),
    report: innerPath,
});

/** A generated case and what check must say about it. */
export type Case =
    | { readonly kind: "valid"; readonly input: Obj }
    | { readonly kind: "invalid"; readonly input: Obj; readonly mutation: string; readonly property: string }
    | { readonly kind: "garbage"; readonly input: Obj };

/** How many levels of arrays and objects a value nests, without recursion (junk nests up to {@link MAX_NESTING}). */
export function nesting(v: unknown): number {
    let deepest = 0;
    const stack: [unknown, number][] = [[v, 0]];
    while (stack.length > 0) {
        const [cur, depth] = stack.pop()!;
        if (cur === null || typeof cur !== "object") continue;
        deepest = Math.max(deepest, depth + 1);
        for (const x of Object.values(cur)) stack.push([x, depth + 1]);
    }
    return deepest;
}

/** A short, safe rendering of any junk (deep nesting and huge strings included), for failure reports. */
export function preview(v: unknown, depth = 0): string {
    if (typeof v === "string") return JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}...(${v.length} chars)` : v);
    if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
    if (v === null || typeof v !== "object") return String(v);
    if (depth >= 6) return Array.isArray(v) ? `[...${nesting(v)} levels]` : `{...${nesting(v)} levels}`;
    if (Array.isArray(v)) return `[${v.map((x) => preview(x, depth + 1)).join(",")}]`;
    return `{${Object.entries(v)
        .map(([k, x]) => `${preview(k)}:${preview(x, depth + 1)}`)
        .join(",")}}`;
}

/** `invalid (data type at tables[0].columns[1].dataType)`. */
export const describeCase = (c: Case) => `${c.kind}${c.kind === "invalid" ? ` (${c.mutation} at ${c.property})` : ""}`;

/** Gives a case a rendering fast-check uses in its report instead of its own (which overflows on deep values). */
function printable(c: Case): Case {
    return Object.assign(c, { [fc.toStringMethod]: () => `${describeCase(c)}: ${preview(c.input)}` });
}

/** The JSON type each property takes; `image` is a path or an asset (or null), `refused` takes no value at all. */
export type Kind = "string" | "number" | "boolean" | "object" | "array" | "image" | "refused";

function fits(kind: Kind, raw: unknown): boolean {
    // Handlers take inputs as plain JSON (core/model/json.ts), where NaN and the infinities become null.
    const v = typeof raw === "number" && !Number.isFinite(raw) ? null : raw;
    switch (kind) {
        case "string":
            return typeof v === "string";
        case "number":
            return typeof v === "number";
        case "boolean":
            return typeof v === "boolean";
        case "object":
            return v !== null && typeof v === "object" && !Array.isArray(v);
        case "array":
            return Array.isArray(v);
        case "image":
            return v === null || typeof v === "string" || (typeof v === "object" && !Array.isArray(v));
        case "refused":
            return false;
    }
}

/** Each resource's generators. */
export interface InputModel {
    /** Every property of the Args schema, and its type. */
    readonly kinds: Readonly<Record<string, Kind>>;
    readonly valid: fc.Arbitrary<Obj>;
    readonly mutations: readonly Mutation[];
    /** Unknown property names a program may send by mistake (typos of real ones). */
    readonly typos: readonly string[];
}

function nearValid(model: InputModel): fc.Arbitrary<Case> {
    const typo: Mutation = { name: "unknown key", at: (_o, n) => [model.typos[n % model.typos.length]!], bad: junk.filter((v) => v !== UNKNOWN) };
    const all = [...model.mutations, typo];
    return fc.tuple(model.valid, fc.nat(), fc.nat(), fc.array(fc.nat(), { maxLength: 3 })).chain(([o, pick, n, unknowns]) => {
        const applicable = all.map((m) => ({ m, path: m.at(o, n) })).filter((x): x is { m: Mutation; path: Path } => x.path !== undefined);
        const { m, path } = applicable[pick % applicable.length]!;
        const bad = typeof m.bad === "function" ? m.bad(o) : m.bad;
        return bad.map((value): Case => {
            const broken = setAt(o, path, value);
            const input = m.crossField ? broken : withUnknowns(broken, unknowns, path);
            return { kind: "invalid", input, mutation: m.name, property: render([...path, ...(m.report ?? [])]) };
        });
    });
}

function garbage(model: InputModel): fc.Arbitrary<Case> {
    const key = fc.oneof({ arbitrary: fc.constantFrom(...Object.keys(model.kinds)), weight: 3 }, { arbitrary: anyKey, weight: 1 });
    return fc.dictionary(key, junk, { maxKeys: 8 }).map((input): Case => ({ kind: "garbage", input }));
}

function valid(model: InputModel): fc.Arbitrary<Case> {
    return fc
        .tuple(model.valid, fc.array(fc.nat(), { maxLength: 3 }), fc.boolean())
        .map(([o, picks, sprinkle]): Case => ({ kind: "valid", input: sprinkle ? withUnknowns(o, picks) : o }));
}

/** Valid-shaped, near-valid and garbage inputs in about equal shares. */
export function cases(model: InputModel): fc.Arbitrary<Case> {
    return fc.oneof(valid(model), nearValid(model), garbage(model)).map(printable);
}

export interface CheckReply {
    readonly inputs?: unknown;
    readonly failures?: readonly { property: unknown; reason: unknown }[];
}

/**
 * What is wrong with check's reply to `c` (empty when nothing). Whatever the case, unknown keys and values of the
 * wrong JSON type must be reported at their property.
 */
export function verdict(c: Case, reply: CheckReply, kinds: InputModel["kinds"]): string[] {
    const problems: string[] = [];
    const failures = reply.failures ?? [];
    if (reply.inputs === null || typeof reply.inputs !== "object") problems.push("inputs is not an object");
    for (const f of failures) {
        if (typeof f.property !== "string" || f.property === "") problems.push(`a failure without a property path: ${JSON.stringify(f)}`);
        if (typeof f.reason !== "string" || f.reason === "") problems.push(`a failure without a reason: ${String(f.property)}`);
    }
    if (c.kind === "valid" && failures.length > 0) problems.push(`a valid input was refused: ${JSON.stringify(failures).slice(0, 500)}`);
    if (c.kind === "invalid" && !failures.some((f) => f.property === c.property)) {
        problems.push(`${c.mutation}: no failure at ${c.property}; got ${JSON.stringify(failures).slice(0, 500)}`);
    }
    for (const [k, v] of Object.entries(c.input)) {
        if (v === UNKNOWN) continue;
        const kind = Object.hasOwn(kinds, k) ? kinds[k] : undefined;
        if (kind === undefined && !failures.some((f) => typeof f.reason === "string" && f.reason.includes(`unknown property "${k}"`))) {
            problems.push(`unknown property ${JSON.stringify(k.slice(0, 80))} was not reported`);
        }
        const atKey = (p: unknown) => typeof p === "string" && (p === k || p.startsWith(`${k}.`) || p.startsWith(`${k}[`));
        if (kind !== undefined && !fits(kind, v) && !failures.some((f) => atKey(f.property))) {
            problems.push(
                `${k}: a value that is not ${kind === "refused" ? "allowed at all" : `of type ${kind}`} was not reported (${preview(v).slice(0, 80)})`,
            );
        }
    }
    return problems;
}
