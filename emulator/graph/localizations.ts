/**
 * Graph v1.0 branding localizations (learn: organizationalbranding-list-localizations, -post-localizations,
 * organizationalbrandinglocalization-get, -update, -delete; docs/api-facts.md section B). The list starts with
 * the default branding as `id: "0"`; a POST creates the default branding too when the tenant has none;
 * there is one branding per locale; `0`/`default` address the default for GET and PATCH.
 */
import {
    canonicalLocale,
    emptyEntry,
    findLocalization,
    hasStreams,
    isDefaultLocale,
    isStream,
    locateEntry,
    type BrandingEntry,
} from "../store/branding/model";
import { isCultureName } from "../store/branding/limits";
import { applyBrandingPatch, BrandingBodyError, parseBrandingBody } from "../store/branding/patch";
import { newRelativeUrl } from "../store/branding/urls";
import { emptyReply, jsonReply, parseJsonBody, type Reply, type RequestContext } from "../http/http";
import type { Router } from "../http/router";
import { graphRoute, GraphFailure } from "./caller";
import { GRAPH_JSON } from "./errors";
import { notFound, organizationTarget } from "./organization";
import { GRAPH_V1, isWireProperty, organizationObjectUrl, parseSelect, renderEntry, wireValue } from "./branding-render";
import { brandingOf, mutateTenant } from "./branding";
import { getStream } from "./branding-streams";

/** Registers the localization routes (relative to `/graph`). */
export function registerLocalizationRoutes(router: Router): void {
    const list = "/v1.0/organization/:org/branding/localizations";
    const one = `${list}/:locale`;
    router.add(
        "GET",
        list,
        graphRoute((ctx, p) => listLocalizations(ctx, p.org)),
    );
    router.add(
        "POST",
        list,
        graphRoute((ctx, p) => createLocalization(ctx, p.org)),
    );
    router.add(
        "GET",
        one,
        graphRoute((ctx, p) => getLocalization(ctx, p.org, p.locale)),
    );
    router.add(
        "PATCH",
        one,
        graphRoute((ctx, p) => patchLocalization(ctx, p.org, p.locale)),
    );
    router.add(
        "DELETE",
        one,
        graphRoute((ctx, p) => deleteLocalization(ctx, p.org, p.locale)),
    );
    router.add(
        "GET",
        `${one}/:name`,
        graphRoute((ctx, p) => (isStream(p.name) ? getStream(ctx, p.org, p.locale, p.name) : getProperty(ctx, p.org, p.locale, p.name))),
    );
}

function context(tenantId: string, suffix: string): string {
    return `${GRAPH_V1}/$metadata#organization('${tenantId}')/branding/localizations${suffix}`;
}

function listLocalizations(ctx: RequestContext, orgId: string): Reply {
    const { tenant } = organizationTarget(ctx, orgId, "read");
    const select = parseSelect(ctx);
    if (tenant.branding === null) throw new GraphFailure(404); // like GET /branding: an empty 404
    const entries: Array<[string, BrandingEntry]> = [["0", tenant.branding.default], ...Object.entries(tenant.branding.localizations)];
    const value = entries.map(([id, entry]) =>
        renderEntry(entry, id, select, { "@odata.id": `${organizationObjectUrl(tenant.id)}//localizations/${id}` }),
    );
    return jsonReply(200, { "@odata.context": context(tenant.id, ""), value }, {}, GRAPH_JSON);
}

function createLocalization(ctx: RequestContext, orgId: string): Reply {
    const { tenant } = organizationTarget(ctx, orgId, "write");
    const { patch, id } = parseBrandingBody(parseJsonBody(ctx));
    if (typeof id !== "string" || id === "") {
        throw new BrandingBodyError("Request_BadRequest", "Property 'id' is required: the culture name of the localization, such as fr-FR.");
    }
    if (isDefaultLocale(id)) {
        throw new BrandingBodyError(
            "Request_BadRequest",
            `The id of a localization cannot be '${id}', which names the default branding; update it with PATCH /organization/{id}/branding.`,
        );
    }
    // The docs' culture names, in their letter case; lookups by id stay case-insensitive (model.ts findLocalization).
    const locale = isCultureName(id) ? canonicalLocale(id) : undefined;
    if (locale === undefined) {
        throw new BrandingBodyError("Request_BadRequest", `Invalid locale id value ${id}. It must be a valid ISO-639 locale, such as fr-FR or fr.`);
    }
    const created = mutateTenant(ctx, tenant.id, (t) => {
        // Documented: creating a localization creates the default branding when the tenant has none.
        t.branding ??= { default: emptyEntry(), localizations: {} };
        if (findLocalization(t.branding, locale) !== undefined) {
            throw new GraphFailure(409, {
                code: "Conflict",
                message: `A branding localization with id '${locale}' already exists; a tenant has one branding per locale.`,
            });
        }
        const entry = emptyEntry();
        applyBrandingPatch(entry, patch, (target) => newRelativeUrl(t.id, locale, target, ctx.now, entry));
        t.branding.localizations[locale] = entry;
        return entry;
    });
    const annotations = {
        "@odata.context": context(tenant.id, "/$entity"),
        "@odata.id": `${organizationObjectUrl(tenant.id)}//localizations/${locale}`,
    };
    return jsonReply(201, renderEntry(created, locale, undefined, annotations), {}, GRAPH_JSON);
}

function getLocalization(ctx: RequestContext, orgId: string, locale: string): Reply {
    const { tenant } = organizationTarget(ctx, orgId, "read");
    const select = parseSelect(ctx);
    const found = locateEntry(brandingOf(tenant), locale);
    if (found === undefined) throw notFound(locale);
    const id = found.key ?? "0";
    const annotations = {
        "@odata.context": context(tenant.id, "/$entity"),
        // Both annotations as in the documented response (organizationalbrandinglocalization-get, Example 1).
        "@odata.type": "#microsoft.graph.organizationalBrandingProperties",
        "@odata.id": `${organizationObjectUrl(tenant.id)}//localizations('${id}')/${id}`,
    };
    return jsonReply(200, renderEntry(found.entry, id, select, annotations), {}, GRAPH_JSON);
}

function patchLocalization(ctx: RequestContext, orgId: string, locale: string): Reply {
    const { tenant } = organizationTarget(ctx, orgId, "write");
    const known = locateEntry(brandingOf(tenant), locale);
    if (known === undefined) throw notFound(locale);
    const { patch, id } = parseBrandingBody(parseJsonBody(ctx));
    if (id !== undefined && (typeof id !== "string" || id.toLowerCase() !== (known.key ?? "0").toLowerCase())) {
        throw new BrandingBodyError("Request_BadRequest", "Property 'id' is read-only and cannot be set.");
    }
    mutateTenant(ctx, tenant.id, (t) => {
        const found = locateEntry(brandingOf(t), locale);
        if (found === undefined) throw notFound(locale);
        applyBrandingPatch(found.entry, patch, (target) => newRelativeUrl(t.id, found.key, target, ctx.now, found.entry));
    });
    return emptyReply(204);
}

function deleteLocalization(ctx: RequestContext, orgId: string, locale: string): Reply {
    const { tenant } = organizationTarget(ctx, orgId, "write");
    if (isDefaultLocale(locale)) {
        throw new BrandingBodyError(
            "Request_BadRequest",
            `'${locale}' names the default branding, which is deleted with DELETE /organization/{id}/branding.`,
        );
    }
    mutateTenant(ctx, tenant.id, (t) => {
        const branding = brandingOf(t);
        const key = findLocalization(branding, locale);
        if (key === undefined) throw notFound(locale);
        if (hasStreams(branding.localizations[key])) {
            throw new BrandingBodyError(
                "Request_BadRequest",
                "To delete a localization, all images (Stream types) must first be removed from it; " +
                    `still set: ${Object.keys(branding.localizations[key].streams).join(", ")}.`,
            );
        }
        delete branding.localizations[key];
    });
    return emptyReply(204);
}

function getProperty(ctx: RequestContext, orgId: string, locale: string, name: string): Reply {
    const { tenant } = organizationTarget(ctx, orgId, "read");
    if (!isWireProperty(name)) throw new GraphFailure(400, { code: "BadRequest", message: `Resource not found for the segment '${name}'.` });
    const found = locateEntry(brandingOf(tenant), locale);
    if (found === undefined) throw notFound(locale);
    const body = { "@odata.context": context(tenant.id, `('${found.key ?? "0"}')/${name}`), value: wireValue(found.entry, name) };
    return jsonReply(200, body, {}, GRAPH_JSON);
}
