/**
 * The admin API of branding: inspect a tenant's branding (streams by hash, or their bytes) and change it
 * out of band as an administrator would in the Entra admin center, so tests can cause drift; and switch
 * a tenant's custom branding license. Property bodies are checked like Graph's PATCH bodies.
 */
import { createHash } from "node:crypto";
import { AdminError, tenantOr404 } from "../http/admin-changes";
import { emptyReply, headerValue, jsonReply, parseJsonBody, type Reply, type RequestContext } from "../http/http";
import type { Router } from "../http/router";
import type { Tenant } from "../store/state";
import {
    acceptedTypes,
    BRANDING_STREAMS,
    canonicalLocale,
    emptyEntry,
    isDefaultLocale,
    isStream,
    locateEntry,
    STREAM_MAX_BYTES,
    type BrandingEntry,
    type BrandingStream,
    type BrandingString,
    type BrandingTexts,
    type KeyValue,
    type LoginPageLayoutConfiguration,
    type LoginPageTextVisibilitySettings,
    type StoredBranding,
} from "../store/branding/model";
import { applyBrandingPatch, parseBrandingBody } from "../store/branding/patch";
import { newRelativeUrl } from "../store/branding/urls";

/** A stream as the admin API shows it. */
export interface AdminStreamInfo {
    sha256: string;
    size: number;
    contentType: string;
    relativeUrl: string;
}

/** One branding as the admin API shows it: properties, and each stream by hash (null when unset). */
export type AdminBrandingEntry = BrandingTexts &
    Pick<BrandingEntry, "contentCustomization" | "loginPageLayoutConfiguration" | "loginPageTextVisibilitySettings"> &
    Record<BrandingStream, AdminStreamInfo | null>;

/** A tenant's branding as `GET /_admin/tenants/{tid}/branding` returns it (null when the tenant has none). */
export interface AdminBranding {
    default: AdminBrandingEntry;
    localizations: Record<string, AdminBrandingEntry>;
}

/**
 * The JSON body of `PATCH /_admin/tenants/{tid}/branding/{locale}`, as for Graph's PATCH: null clears,
 * absent keeps, complex values merge member by member.
 */
export type BrandingUpdate = Partial<Record<BrandingString, string | null>> & {
    loginPageLayoutConfiguration?: Partial<LoginPageLayoutConfiguration> | null;
    loginPageTextVisibilitySettings?: Partial<LoginPageTextVisibilitySettings> | null;
    contentCustomization?: { attributeCollection?: KeyValue[]; registrationCampaign?: KeyValue[] } | null;
};

/** Registers the branding admin routes (relative to `/_admin`). */
export function registerBrandingAdminRoutes(r: Router): void {
    const base = "/tenants/:tenant/branding";
    r.add("GET", base, (ctx, p) => jsonReply(200, viewBranding(tenantOr404(ctx, p.tenant).branding)));
    r.add("DELETE", base, (ctx, p) =>
        change(ctx, p.tenant, (t) => {
            t.branding = null;
        }),
    );
    r.add("PATCH", `${base}/:locale`, (ctx, p) => patchLocale(ctx, p.tenant, p.locale));
    r.add("DELETE", `${base}/:locale`, (ctx, p) =>
        change(ctx, p.tenant, (t) => {
            const { key } = entryOr404(t, p.locale);
            if (key === null) throw new AdminError(400, "locale 0 is the default branding: DELETE /_admin/tenants/{tid}/branding removes it");
            delete (t.branding as StoredBranding).localizations[key];
        }),
    );
    r.add("GET", `${base}/:locale/:stream`, (ctx, p) => streamBytes(ctx, p.tenant, p.locale, p.stream));
    r.add("PUT", `${base}/:locale/:stream`, (ctx, p) => putStream(ctx, p.tenant, p.locale, p.stream));
    r.add("DELETE", `${base}/:locale/:stream`, (ctx, p) =>
        change(ctx, p.tenant, (t) => {
            delete entryOr404(t, p.locale).entry.streams[streamOr404(p.stream)];
        }),
    );
    r.add("PUT", "/tenants/:tenant/premium", (ctx, p) => {
        const body = parseJsonBody(ctx);
        const premium = typeof body === "object" && body !== null ? (body as { premium?: unknown }).premium : undefined;
        if (typeof premium !== "boolean") throw new AdminError(400, 'the body must be {"premium": true|false}');
        change(ctx, p.tenant, (t) => {
            t.premium = premium;
        });
        return jsonReply(200, { premium });
    });
}

/** Applies a change to one tenant and answers 204. */
function change(ctx: RequestContext, tenantKey: string, apply: (tenant: Tenant) => void): Reply {
    const id = tenantOr404(ctx, tenantKey).id;
    ctx.store.mutate((draft) => apply(draft.tenants.find((t) => t.id === id) as Tenant));
    return emptyReply(204);
}

function entryOr404(tenant: Tenant, locale: string): { key: string | null; entry: BrandingEntry } {
    if (tenant.branding === null) throw new AdminError(404, `tenant ${tenant.id} has no branding`);
    const found = locateEntry(tenant.branding, locale);
    if (found === undefined) throw new AdminError(404, `tenant ${tenant.id} has no branding localization ${locale}`);
    return found;
}

function streamOr404(name: string): BrandingStream {
    if (!isStream(name)) throw new AdminError(404, `no stream ${name} (streams: ${BRANDING_STREAMS.join(", ")})`);
    return name;
}

/** `PATCH .../branding/{locale}[?create=true]`: Graph PATCH semantics; `create` adds a missing default or locale. */
function patchLocale(ctx: RequestContext, tenantKey: string, locale: string): Reply {
    const { patch } = parseBrandingBody(parseJsonBody(ctx));
    const create = ctx.query.get("create") === "true";
    const key = isDefaultLocale(locale) ? null : canonicalLocale(locale);
    if (key === undefined) throw new AdminError(400, `${locale} is not 0, default or a culture name such as fr-FR`);
    change(ctx, tenantKey, (t) => {
        if (create) {
            t.branding ??= { default: emptyEntry(), localizations: {} };
            if (key !== null && locateEntry(t.branding, key) === undefined) t.branding.localizations[key] = emptyEntry();
        }
        const found = entryOr404(t, key ?? "0");
        applyBrandingPatch(found.entry, patch, (target) => newRelativeUrl(t.id, found.key, target, ctx.now, found.entry));
    });
    return jsonReply(200, viewBranding(tenantOr404(ctx, tenantKey).branding));
}

function streamBytes(ctx: RequestContext, tenantKey: string, locale: string, name: string): Reply {
    const stream = streamOr404(name);
    const stored = entryOr404(tenantOr404(ctx, tenantKey), locale).entry.streams[stream];
    if (stored === undefined) return emptyReply(204); // set nowhere: no content, but the branding exists
    return { status: 200, headers: { "content-type": stored.contentType }, body: Buffer.from(stored.base64, "base64") };
}

/** `PUT .../branding/{locale}/{stream}`: the portal's checks (media type, size cap), then a new relative URL. */
function putStream(ctx: RequestContext, tenantKey: string, locale: string, name: string): Reply {
    const stream = streamOr404(name);
    const type = (headerValue(ctx.headers, "content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (!acceptedTypes(stream).includes(type)) throw new AdminError(415, `content type '${type}' is not accepted for ${stream}`);
    if (ctx.body.length === 0 || ctx.body.length > STREAM_MAX_BYTES[stream]) {
        throw new AdminError(400, `${stream} must be 1 to ${STREAM_MAX_BYTES[stream]} bytes, got ${ctx.body.length}`);
    }
    change(ctx, tenantKey, (t) => {
        const found = entryOr404(t, locale);
        const relativeUrl = newRelativeUrl(t.id, found.key, stream, ctx.now, found.entry);
        found.entry.streams[stream] = { contentType: type, base64: ctx.body.toString("base64"), relativeUrl };
    });
    const stored = entryOr404(tenantOr404(ctx, tenantKey), locale).entry.streams[stream];
    return jsonReply(200, stored === undefined ? null : streamInfo(stored.contentType, stored.base64, stored.relativeUrl));
}

function streamInfo(contentType: string, base64: string, relativeUrl: string): AdminStreamInfo {
    const bytes = Buffer.from(base64, "base64");
    return { sha256: createHash("sha256").update(bytes).digest("hex"), size: bytes.length, contentType, relativeUrl };
}

function viewEntry(entry: BrandingEntry): AdminBrandingEntry {
    const { streams, ...props } = structuredClone(entry);
    const view = { ...props } as AdminBrandingEntry;
    for (const name of BRANDING_STREAMS) {
        const s = streams[name];
        view[name] = s === undefined ? null : streamInfo(s.contentType, s.base64, s.relativeUrl);
    }
    return view;
}

/** The admin view of a branding. */
export function viewBranding(branding: StoredBranding | null): AdminBranding | null {
    if (branding === null) return null;
    const localizations = Object.fromEntries(Object.entries(branding.localizations).map(([k, e]) => [k, viewEntry(e)]));
    return { default: viewEntry(branding.default), localizations };
}
