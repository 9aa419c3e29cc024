/**
 * Branding streams through `/organization/{id}/branding/localizations/{locale}/{stream}`, locale `0` or
 * `default` for the default branding (learn: organizationalbranding-update "To update a Stream object type,
 * use the PUT HTTP method and include the locale ID in the URL path"; docs/api-facts.md section B).
 * PUT takes raw bytes with a media type of the OpenAPI list, or `application/octet-stream` (the SDKs' default), and
 * answers 204; GET answers the bytes, or
 * `200 {}` when the stream is not set (the documented example); DELETE unsets it and is idempotent.
 */
import { acceptedTypes, isStream, locateEntry, OCTET_STREAM, sniffType, STREAM_MAX_BYTES, type BrandingStream } from "../store/branding/model";
import { newRelativeUrl } from "../store/branding/urls";
import { emptyReply, headerValue, jsonReply, type Reply, type RequestContext } from "../http/http";
import type { Router } from "../http/router";
import { graphRoute, GraphFailure } from "./caller";
import { GRAPH_JSON } from "./errors";
import { notFound, organizationTarget } from "./organization";
import { brandingOf, mutateTenant } from "./branding";
import { isWireProperty } from "./branding-render";

/** Registers PUT and DELETE of a stream (its GET shares a route with the property GET, see localizations.ts). */
export function registerStreamRoutes(router: Router): void {
    const path = "/v1.0/organization/:org/branding/localizations/:locale/:name";
    router.add(
        "PUT",
        path,
        graphRoute((ctx, p) => putStream(ctx, p.org, p.locale, streamName(p.name))),
    );
    router.add(
        "DELETE",
        path,
        graphRoute((ctx, p) => deleteStream(ctx, p.org, p.locale, streamName(p.name))),
    );
}

/** Only stream properties take PUT and DELETE; a JSON property is changed with PATCH. */
function streamName(name: string): BrandingStream {
    if (isStream(name)) return name;
    if (isWireProperty(name)) {
        throw new GraphFailure(405, { code: "Request_BadRequest", message: `'${name}' is not a Stream property; change it with PATCH.` });
    }
    throw new GraphFailure(400, { code: "BadRequest", message: `Resource not found for the segment '${name}'.` });
}

/** The media type of a request without its parameters, lower case. */
function mediaType(ctx: RequestContext): string {
    return (headerValue(ctx.headers, "content-type") ?? "").split(";")[0].trim().toLowerCase();
}

/** The upload's checks: media type (415), non-empty body, size cap (400). */
function checkUpload(ctx: RequestContext, stream: BrandingStream): string {
    const type = mediaType(ctx);
    const accepted = acceptedTypes(stream);
    if (!accepted.includes(type)) {
        // The Graph error list has no code for 415; `notSupported` is the closest documented one.
        throw new GraphFailure(415, {
            code: "notSupported",
            message: `Content-Type '${type}' is not supported for ${stream}; use one of ${accepted.join(", ")}.`,
        });
    }
    if (ctx.body.length === 0)
        throw new GraphFailure(400, { code: "Request_BadRequest", message: `The request body is empty; send the ${stream} bytes.` });
    const max = STREAM_MAX_BYTES[stream];
    if (ctx.body.length > max) {
        throw new GraphFailure(400, {
            code: "Request_BadRequest",
            message: `The ${stream} is ${ctx.body.length} bytes; the maximum file size is ${max / 1024} KB (${max} bytes).`,
        });
    }
    // Bytes sent as octet-stream are kept with the media type they are, so a GET answers an image type.
    return type === OCTET_STREAM ? sniffType(stream, ctx.body) : type;
}

function putStream(ctx: RequestContext, orgId: string, locale: string, stream: BrandingStream): Reply {
    const { tenant } = organizationTarget(ctx, orgId, "write");
    if (locateEntry(brandingOf(tenant), locale) === undefined) throw notFound(locale);
    const contentType = checkUpload(ctx, stream);
    mutateTenant(ctx, tenant.id, (t) => {
        const found = locateEntry(brandingOf(t), locale);
        if (found === undefined) throw notFound(locale);
        const relativeUrl = newRelativeUrl(t.id, found.key, stream, ctx.now, found.entry);
        found.entry.streams[stream] = { contentType, base64: ctx.body.toString("base64"), relativeUrl };
    });
    return emptyReply(204);
}

/** `GET .../localizations/{locale}/{stream}`: the bytes with their media type, or `{}` when unset. */
export function getStream(ctx: RequestContext, orgId: string, locale: string, stream: BrandingStream): Reply {
    const { tenant } = organizationTarget(ctx, orgId, "read");
    const found = locateEntry(brandingOf(tenant), locale);
    if (found === undefined) throw notFound(locale);
    const stored = found.entry.streams[stream];
    if (stored === undefined) return jsonReply(200, {}, {}, GRAPH_JSON);
    return { status: 200, headers: { "content-type": stored.contentType }, body: Buffer.from(stored.base64, "base64") };
}

function deleteStream(ctx: RequestContext, orgId: string, locale: string, stream: BrandingStream): Reply {
    const { tenant } = organizationTarget(ctx, orgId, "write");
    mutateTenant(ctx, tenant.id, (t) => {
        const found = locateEntry(brandingOf(t), locale);
        if (found === undefined) throw notFound(locale);
        delete found.entry.streams[stream];
    });
    return emptyReply(204);
}
