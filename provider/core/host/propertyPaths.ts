/**
 * Property paths as the engine prints them, and check failures in the form the engine shows whole.
 *
 * The engine prints a failure as `property <path> value {<v>} has a problem: <reason>`, where `<v>` is the program's
 * input under the key `<path>` of the top-level inputs (`issueCheckFailures`, pkg/resource/deploy/step_generator.go,
 * CLI 3.259): it never follows a nested path, so `tables[0].columns[1].dataType` always printed `{<nil>}`, whatever
 * the program wrote. A failure below the top level therefore goes to the engine as a failure of the resource whose
 * reason names the path and the value (`tables[0].columns[1].dataType is 42: must be one of ...`); a top-level one
 * keeps its property, whose value the engine finds and prints itself.
 */
import type * as pulumi from "@pulumi/pulumi";
import { redactSecrets } from "../errors/redact";
import { SETTING_KEYS } from "../settings/settings";

/** One step of a path: a key of an object or an index of a list. */
export type PathSegment = string | number;

/**
 * A property path as the engine prints it: `tables[2].columns[5].name`, and `["a.b"]` for a key that is not made
 * of letters, digits and `_` (pulumi `resource.PropertyPath.String`). An empty key is quoted too (`[""]`), so that
 * no failure ever has an empty path: the engine would show it as a failure of the whole resource.
 */
export function propertyPath(path: readonly PropertyKey[]): string {
    return path.reduce<string>((acc, seg) => {
        if (typeof seg === "number") return `${acc}[${seg}]`;
        const s = String(seg);
        if (!/^[A-Za-z0-9_]+$/.test(s)) return `${acc}["${s.replace(/["\\]/g, (c) => `\\${c}`)}"]`;
        return acc ? `${acc}.${s}` : s;
    }, "");
}

/** The segments of a path {@link propertyPath} printed; undefined for text it cannot have printed. */
export function parsePropertyPath(text: string): PathSegment[] | undefined {
    const segments: PathSegment[] = [];
    let rest = text;
    while (rest.length > 0) {
        // A key of letters, digits and `_` follows a dot, except the first; an index or a quoted key never does.
        const key = segments.length === 0 ? "([A-Za-z0-9_]+)" : "\\.([A-Za-z0-9_]+)";
        const m = new RegExp(`^(?:${key}|\\[(\\d+)\\]|\\["((?:[^"\\\\]|\\\\.)*)"\\])`).exec(rest);
        if (m === null) return undefined;
        if (m[1] !== undefined) segments.push(m[1]);
        else if (m[2] !== undefined) segments.push(Number(m[2]));
        else segments.push(m[3]!.replace(/\\(.)/g, "$1"));
        rest = rest.slice(m[0].length);
    }
    return segments.length > 0 ? segments : undefined;
}

/** The value at `path` below `root`, or undefined where there is none. */
function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
    let cur = root;
    for (const seg of path) {
        if (cur === null || typeof cur !== "object" || !Object.prototype.hasOwnProperty.call(cur, seg)) return undefined;
        cur = (cur as Record<PathSegment, unknown>)[seg];
    }
    return cur;
}

/** Longest value text a message shows: enough to recognize the value, not a whole table's columns. */
const MAX_SHOWN = 80;

/** An object's members in key order: the engine's Struct and the program may send them in different orders. */
const sortedKeys = (_key: string, v: unknown): unknown =>
    v !== null && typeof v === "object" && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : v;

/**
 * A value as a message shows it: JSON (so `"42"` and `42` differ), keys sorted, shortened by whole characters (never
 * half a surrogate pair), and `not set` for none.
 */
export function shownValue(value: unknown): string {
    if (value === undefined) return "not set";
    const chars = [...(JSON.stringify(value, sortedKeys) ?? String(value))];
    return chars.length > MAX_SHOWN ? `${chars.slice(0, MAX_SHOWN - 3).join("")}...` : chars.join("");
}

/**
 * Whether a path holds a credential whatever the program marked: a resource's `connection` is secret as a whole, and
 * a key named like a secret setting (`clientSecret`, `devopsPat`, ...) is one wherever it is written. The dynamic
 * provider host declines secrets, so there this is all that keeps a credential written in the wrong shape out of the
 * message.
 */
function credentialAt(path: readonly PathSegment[]): boolean {
    return path[0] === "connection" || path.some((seg) => typeof seg === "string" && SETTING_KEYS[seg as keyof typeof SETTING_KEYS]?.secret === true);
}

/**
 * `failures` as the engine should get them for inputs `news`: a top-level property's as they are, a nested one's as
 * a failure of the resource that names the path and the value there. `secretAt` says whether the value at a path was
 * sent secret: such a value shows as `[secret]`, as the engine shows secrets, and so does a credential's.
 */
export function failuresForEngine(
    failures: readonly pulumi.dynamic.CheckFailure[],
    news: unknown,
    secretAt: (path: readonly PathSegment[]) => boolean = () => false,
): pulumi.dynamic.CheckFailure[] {
    return failures.map((f) => {
        const path = parsePropertyPath(f.property);
        if (path === undefined || (path.length === 1 && f.property === path[0])) return f;
        const shown = secretAt(path) || credentialAt(path) ? "[secret]" : shownValue(valueAt(news, path));
        return { property: "", reason: redactSecrets(`${f.property} is ${shown}: ${f.reason}`) };
    });
}
