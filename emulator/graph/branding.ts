/**
 * Graph v1.0 default organizational branding: `GET`, `PATCH` and `DELETE /organization/{id}/branding`
 * (learn: organizationalbranding-get, -update, -delete; docs/api-facts.md section B), and the undocumented
 * `/branding/{stream}` forms clients keep trying, answered with the errors the community reported.
 */
import { hasStreams, isDefaultLocale, isStream, locateEntry, type StoredBranding } from "../store/branding/model";
import { applyBrandingPatch, BrandingBodyError, parseBrandingBody } from "../store/branding/patch";
import { newRelativeUrl } from "../store/branding/urls";
import { emptyReply, headerValue, jsonReply, parseJsonBody, type Reply, type RequestContext } from "../http/http";
import type { Router } from "../http/router";
import type { Tenant } from "../store/state";
import { graphRoute, GraphFailure, requireCaller } from "./caller";
import { GRAPH_JSON } from "./errors";
import { notFound, organizationTarget } from "./organization";
import { GRAPH_V1, organizationObjectUrl, parseSelect, renderEntry } from "./branding-render";

/**
 * The locale an `Accept-Language` header names, or undefined when it names none. `*` counts as none:
 * fetch (undici) sends `Accept-Language: *` whenever the caller sets nothing, as the Fetch standard says.
 */
export function acceptLanguage(ctx: RequestContext): string | undefined {
    const value = headerValue(ctx.headers, "accept-language")?.trim();
    return value === undefined || value === "" || value === "*" ? undefined : value;
}

/** Changes one tenant inside a state mutation (a thrown failure commits nothing). */
export function mutateTenant<T>(ctx: RequestContext, tenantId: string, change: (tenant: Tenant) => T): T {
    return ctx.store.mutate((draft) => change(draft.tenants.find((t) => t.id === tenantId) as Tenant));
}

/** The tenant's branding, or the documented 404 for a tenant without a default branding. */
export function brandingOf(tenant: Tenant): StoredBranding {
    if (tenant.branding === null) throw notFound("branding");
    return tenant.branding;
}

/** Registers the default branding routes (before the localization routes, which share no path with them). */
export function registerBrandingRoutes(router: Router): void {
    const path = "/v1.0/organization/:org/branding";
    router.add(
        "GET",
        path,
        graphRoute((ctx, p) => getBranding(ctx, p.org)),
    );
    router.add(
        "PATCH",
        path,
        graphRoute((ctx, p) => patchBranding(ctx, p.org)),
    );
    router.add(
        "DELETE",
        path,
        graphRoute((ctx, p) => deleteBranding(ctx, p.org)),
    );
}

/** Registers `/branding/{name}`; call after every more specific `/branding/...` route. */
export function registerWrongStreamRoutes(router: Router): void {
    const path = "/v1.0/organization/:org/branding/:name";
    for (const method of ["GET", "PATCH", "DELETE"])
        router.add(
            method,
            path,
            graphRoute((ctx, p) => wrongStreamPath(ctx, p.name, 400)),
        );
    router.add(
        "PUT",
        path,
        graphRoute((ctx, p) => wrongStreamPath(ctx, p.name, 405)),
    );
}

function getBranding(ctx: RequestContext, orgId: string): Reply {
    const { tenant } = organizationTarget(ctx, orgId, "read");
    const select = parseSelect(ctx);
    // The documented example of a tenant without default branding is a 404 with no body at all.
    if (tenant.branding === null) throw new GraphFailure(404);
    const locale = acceptLanguage(ctx) ?? "0";
    const found = locateEntry(tenant.branding, locale);
    if (found === undefined) throw notFound(locale);
    const id = found.key ?? "0";
    const annotations = { "@odata.context": `${GRAPH_V1}/$metadata#branding`, "@odata.id": `${organizationObjectUrl(tenant.id)}/branding/${id}` };
    return jsonReply(200, renderEntry(found.entry, id, select, annotations), {}, GRAPH_JSON);
}

function patchBranding(ctx: RequestContext, orgId: string): Reply {
    const { tenant } = organizationTarget(ctx, orgId, "write");
    const locale = acceptLanguage(ctx);
    if (locale === undefined) {
        throw new BrandingBodyError(
            "Request_BadRequest",
            "The Accept-Language header is required: send 'Accept-Language: 0' (or 'default') to update the default branding.",
        );
    }
    if (!isDefaultLocale(locale)) {
        throw new BrandingBodyError(
            "Request_BadRequest",
            `PATCH /organization/{id}/branding updates the default branding only (Accept-Language: 0 or default); ` +
                `to update the '${locale}' localization, PATCH /organization/{id}/branding/localizations/${locale}.`,
        );
    }
    brandingOf(tenant);
    const { patch, id } = parseBrandingBody(parseJsonBody(ctx));
    if (id !== undefined && id !== "0") throw new BrandingBodyError("Request_BadRequest", "Property 'id' is read-only and cannot be set.");
    mutateTenant(ctx, tenant.id, (t) => {
        const entry = brandingOf(t).default;
        applyBrandingPatch(entry, patch, (target) => newRelativeUrl(t.id, null, target, ctx.now, entry));
    });
    return emptyReply(204);
}

function deleteBranding(ctx: RequestContext, orgId: string): Reply {
    const { tenant } = organizationTarget(ctx, orgId, "write");
    // The documented request carries `{"id":"0"}`; clients that send no body work too. If-Match is ignored.
    if (ctx.body.length > 0) parseJsonBody(ctx);
    mutateTenant(ctx, tenant.id, (t) => {
        const branding = brandingOf(t);
        if (hasStreams(branding.default)) {
            throw new BrandingBodyError(
                "Request_BadRequest",
                "To delete the organizationalBranding object, all images (Stream types) must first be removed from the object; " +
                    `still set: ${Object.keys(branding.default.streams).join(", ")}.`,
            );
        }
        t.branding = null;
    });
    return emptyReply(204);
}

/**
 * `/branding/{stream}` is in the OpenAPI but the service treats the segment as a locale id: PATCH answered
 * 400 Request_UnsupportedQuery (graph-docs #12856, #15061) and PUT 405 Request_BadRequest
 * (msgraph-sdk-powershell #3198). GET and DELETE get the PATCH answer here, so that a client is steered to
 * the documented `/branding/localizations/{locale}/{stream}` for every verb.
 */
function wrongStreamPath(ctx: RequestContext, name: string, status: 400 | 405): Reply {
    requireCaller(ctx);
    if (!isStream(name)) throw new GraphFailure(404, { message: `The emulator has no route for ${ctx.method} ${ctx.rawPath}.` });
    if (status === 405) {
        throw new GraphFailure(405, { code: "Request_BadRequest", message: "Uri is invalid for a PUT operation. The URI must refer to an entity." });
    }
    throw new GraphFailure(400, { code: "Request_UnsupportedQuery", message: `Invalid locale id value ${name}. It must be a valid ISO-639 locale.` });
}
