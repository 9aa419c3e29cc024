/**
 * Validation of the branding part of a seed or state file. Properties go through the same parser as Graph
 * request bodies, so a seed can hold nothing a client could not have written; streams are
 * `{contentType, base64, relativeUrl?}` (a missing relativeUrl is derived, with the Unix epoch as `ts`).
 */
import { applyBrandingPatch, BrandingBodyError, parseBrandingBody } from "./patch";
import { BRANDING_STREAMS, canonicalLocale, emptyEntry, isStream, type BrandingEntry, type StoredBranding, type StoredStream } from "./model";
import { newRelativeUrl } from "./urls";

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const EPOCH = new Date(0);

/** The tenant's branding (null when absent), or undefined after recording problems. */
export function checkBranding(v: unknown, tenantId: string, at: string, problems: string[]): StoredBranding | null | undefined {
    if (v === undefined || v === null) return null;
    if (!isObj(v)) return fail(problems, `${at}: must be an object {default, localizations} or null`);
    const before = problems.length;
    const main = checkEntry(v.default, tenantId, null, `${at}.default`, problems);
    const localizations: Record<string, BrandingEntry> = {};
    if (v.localizations !== undefined && !isObj(v.localizations)) problems.push(`${at}.localizations: must be an object keyed by culture name`);
    for (const [locale, raw] of Object.entries(isObj(v.localizations) ? v.localizations : {})) {
        const canonical = canonicalLocale(locale);
        if (canonical === undefined || canonical !== locale) {
            problems.push(
                `${at}.localizations.${locale}: the key must be a culture name such as fr-FR or fr${canonical ? ` (write ${canonical})` : ""}`,
            );
            continue;
        }
        const entry = checkEntry(raw, tenantId, locale, `${at}.localizations.${locale}`, problems);
        if (entry !== undefined) localizations[locale] = entry;
    }
    if (main === undefined || problems.length > before) return undefined;
    return { default: main, localizations };
}

function checkEntry(v: unknown, tenantId: string, locale: string | null, at: string, problems: string[]): BrandingEntry | undefined {
    if (!isObj(v)) return fail(problems, `${at}: must be an object`);
    const { streams, contentCustomization, ...rest } = v;
    const cc = isObj(contentCustomization) ? contentCustomization : undefined;
    const entry = emptyEntry();
    try {
        const body =
            contentCustomization === undefined ? rest : { ...rest, contentCustomization: cc === undefined ? contentCustomization : withoutUrls(cc) };
        applyBrandingPatch(entry, parseBrandingBody(body).patch, () => "");
    } catch (err) {
        if (!(err instanceof BrandingBodyError)) throw err;
        return fail(problems, `${at}: ${err.message}`);
    }
    if (entry.contentCustomization !== null && cc !== undefined) {
        for (const key of ["attributeCollectionRelativeUrl", "registrationCampaignRelativeUrl"] as const) {
            const url = cc[key] ?? null;
            if (url !== null && typeof url !== "string") problems.push(`${at}.contentCustomization.${key}: must be a string or null`);
            entry.contentCustomization[key] = typeof url === "string" ? url : null;
        }
    }
    if (streams !== undefined && !isObj(streams)) return fail(problems, `${at}.streams: must be an object keyed by stream name`);
    for (const [name, raw] of Object.entries(streams ?? {})) {
        if (!isStream(name)) {
            problems.push(`${at}.streams.${name}: not a stream property (${BRANDING_STREAMS.join(", ")})`);
            continue;
        }
        const stream = checkStream(raw, `${at}.streams.${name}`, problems);
        if (stream === undefined) continue;
        entry.streams[name] = { ...stream, relativeUrl: stream.relativeUrl ?? newRelativeUrl(tenantId, locale, name, EPOCH, entry) };
    }
    return entry;
}

function withoutUrls(cc: Obj): Obj {
    const { attributeCollectionRelativeUrl: _a, registrationCampaignRelativeUrl: _r, ...rest } = cc;
    return rest;
}

function checkStream(v: unknown, at: string, problems: string[]): (Omit<StoredStream, "relativeUrl"> & { relativeUrl?: string }) | undefined {
    if (!isObj(v)) return fail(problems, `${at}: must be an object {contentType, base64, relativeUrl}`);
    const before = problems.length;
    if (typeof v.contentType !== "string" || v.contentType === "") problems.push(`${at}.contentType: must be a non-empty string`);
    if (typeof v.base64 !== "string" || !BASE64.test(v.base64)) problems.push(`${at}.base64: must be non-empty base64`);
    if (v.relativeUrl !== undefined && typeof v.relativeUrl !== "string") problems.push(`${at}.relativeUrl: must be a string if present`);
    if (problems.length > before) return undefined;
    const stream = { contentType: v.contentType as string, base64: v.base64 as string };
    return typeof v.relativeUrl === "string" ? { ...stream, relativeUrl: v.relativeUrl } : stream;
}

function fail(problems: string[], message: string): undefined {
    problems.push(message);
    return undefined;
}
