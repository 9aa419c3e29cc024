/**
 * Request paths and query strings. Segments are always encoded: a guest UPN such as
 * `ann_contoso.com#EXT#@fabrikam.onmicrosoft.com` holds `#`, which unencoded would cut the URL into a
 * fragment and send a request for a different object.
 */

/**
 * True for `.` and `..`: URL parsing resolves them away ("this folder", "the parent"; WHATWG URL single- and
 * double-dot path segments, `%2e` forms included), so no encoding keeps them in their segment. Schemas refuse them
 * in identifiers at preview; {@link buildPath} refuses them as a last line.
 */
export function isDotSegment(segment: string): boolean {
    return segment === "." || segment === "..";
}

/** Path segments, each encoded, or an already-encoded path for the rare caller that has one. */
export type RequestPath = readonly (string | number)[] | { readonly raw: string };

/** Query parameters; undefined values are left out. */
export type QueryValues = Readonly<Record<string, string | number | boolean | undefined>>;

/**
 * `/seg1/seg2` with every segment passed through encodeURIComponent (so `#` -> `%23` and `@` -> `%40`;
 * Graph accepts both forms of `@`). Empty, `.` and `..` segments are refused: WHATWG URL parsing resolves
 * `..` and even `%2e%2e` as "parent", so such a value would address another object.
 */
export function buildPath(path: RequestPath): string {
    if (!Array.isArray(path)) {
        const raw = (path as { readonly raw: string }).raw;
        if (!raw.startsWith("/") || /[?#\s]/.test(raw)) {
            throw new TypeError(`raw path "${raw}" must start with "/" and hold no query, fragment or whitespace`);
        }
        return raw;
    }
    const segments = path as readonly (string | number)[];
    if (segments.length === 0) throw new TypeError("a request path needs at least one segment");
    return segments
        .map((segment, index) => {
            const text = String(segment);
            if (typeof segment === "number" && !Number.isFinite(segment)) {
                throw new TypeError(`path segment ${index} is not a finite number: ${text}`);
            }
            if (text === "" || isDotSegment(text)) {
                throw new TypeError(`path segment ${index} is ${text === "" ? "empty" : `"${text}"`}, which would change the addressed object`);
            }
            return `/${encodeURIComponent(text)}`;
        })
        .join("");
}

/**
 * `?k=v&...` in insertion order, or "" when nothing is set. Keys keep a leading `$` unencoded because OData
 * system query options are documented that way (`$select`, `$filter`).
 */
export function buildQuery(query: QueryValues | undefined): string {
    if (query === undefined) return "";
    const pairs: string[] = [];
    for (const [key, value] of Object.entries(query)) {
        if (value === undefined) continue;
        const encodedKey = key.startsWith("$") ? `$${encodeURIComponent(key.slice(1))}` : encodeURIComponent(key);
        pairs.push(`${encodedKey}=${encodeURIComponent(String(value))}`);
    }
    return pairs.length > 0 ? `?${pairs.join("&")}` : "";
}

/** Join a base URL (no trailing slash needed) and an encoded path. */
export function joinUrl(baseUrl: string, pathAndQuery: string): string {
    return `${baseUrl.replace(/\/+$/, "")}${pathAndQuery}`;
}
