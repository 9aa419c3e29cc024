/**
 * Redaction for anything that may be logged or shown: keep only allow-listed header names and JSON fields,
 * and replace every known secret value (and the encodings it travels in) with `***`.
 *
 * The registry is module-level on purpose: the provider host is one process serving many handler calls,
 * and credentials.ts registers each secret it reads once, so every later error message is scrubbed of it.
 */

const MASK = "***";

/**
 * Shorter values are not registered: masking a 3-character "secret" would garble every message that
 * happens to contain those letters, and real tokens, PATs and client secrets are far longer.
 */
const MIN_SECRET_LENGTH = 6;

const registry = new Set<string>();

/** The forms a secret travels in: as is, base64 (and `Basic base64(":" + pat)` for Azure DevOps), URL-encoded. */
function encodedForms(secret: string): string[] {
    const forms = [
        secret,
        Buffer.from(secret, "utf8").toString("base64"),
        Buffer.from(`:${secret}`, "utf8").toString("base64"),
        encodeURIComponent(secret),
    ];
    return forms.filter((f) => f.length >= MIN_SECRET_LENGTH);
}

/**
 * Remember a secret for the life of the process so that {@link redactSecrets} (and so every ApiError
 * message, log line and inspected error) masks it. Empty or very short values are ignored.
 */
export function registerSecret(value: string | undefined | null): void {
    if (typeof value !== "string" || value.length < MIN_SECRET_LENGTH) return;
    for (const form of encodedForms(value)) registry.add(form);
}

/**
 * Authorization values recognised by shape even when the secret was never registered:
 * `Bearer <token>`, `Basic <base64>` and bare JWTs (three base64url parts starting with `eyJ`).
 */
const SECRET_SHAPES: readonly [RegExp, string][] = [
    // At least 20 characters, so prose such as "Basic authentication failed" is left alone.
    [/\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]{20,}=*/gi, `$1 ${MASK}`],
    [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, MASK],
];

/**
 * Replace every registered secret, every extra `secrets` value, and every Authorization-shaped value in
 * `text` with `***`. Longer values are replaced first so that a secret containing another is fully masked.
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
    const all = new Set(registry);
    for (const s of secrets) for (const form of encodedForms(s)) all.add(form);
    let out = text;
    for (const value of [...all].sort((a, b) => b.length - a.length)) {
        if (out.includes(value)) out = out.split(value).join(MASK);
    }
    for (const [shape, replacement] of SECRET_SHAPES) out = out.replace(shape, replacement);
    return out;
}

/**
 * Lower-cased header names with string values (arrays joined by ", "), from any header bag. AxiosHeaders
 * exposes a `toJSON()`; other bags are read as plain objects.
 */
export function plainHeaders(headers: unknown): Record<string, string> {
    const out: Record<string, string> = {};
    if (headers === null || typeof headers !== "object") return out;
    const maybeJson = (headers as { toJSON?: unknown }).toJSON;
    const source: unknown = typeof maybeJson === "function" ? maybeJson.call(headers) : headers;
    if (source === null || typeof source !== "object") return out;
    for (const [name, value] of Object.entries(source)) {
        if (Array.isArray(value)) out[name.toLowerCase()] = value.map(String).join(", ");
        else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") out[name.toLowerCase()] = String(value);
    }
    return out;
}

/** One header value by case-insensitive name, or undefined. */
export function headerValue(headers: unknown, name: string): string | undefined {
    return plainHeaders(headers)[name.toLowerCase()];
}
