/**
 * The wire form of a branding: non-stream properties only (organizationalbranding-get: "This method
 * retrieves only non-Stream properties"), in the CSDL's order, as the official payloads show them: unset
 * strings `""`, unset complex values and stream URLs `null`, `cdnList` the CDN hosts when a stream is set.
 * Also the OData annotations of the documented responses, and `$select`.
 */
import { CDN_LIST, hasStreams, isStream, type BrandingEntry, type BrandingStream } from "../store/branding/model";
import type { RequestContext } from "../http/http";
import { GraphFailure } from "./caller";

/** The non-stream properties in CSDL order (Graph's v1.0 CSDL, msgraph-metadata `schemas/v1.0-Prod.csdl`). */
export const WIRE_PROPERTIES = [
    "backgroundColor",
    "backgroundImageRelativeUrl",
    "bannerLogoRelativeUrl",
    "cdnList",
    "contentCustomization",
    "customAccountResetCredentialsUrl",
    "customCannotAccessYourAccountText",
    "customCannotAccessYourAccountUrl",
    "customCSSRelativeUrl",
    "customForgotMyPasswordText",
    "customPrivacyAndCookiesText",
    "customPrivacyAndCookiesUrl",
    "customResetItNowText",
    "customTermsOfUseText",
    "customTermsOfUseUrl",
    "faviconRelativeUrl",
    "headerBackgroundColor",
    "headerLogoRelativeUrl",
    "loginPageLayoutConfiguration",
    "loginPageTextVisibilitySettings",
    "signInPageText",
    "squareLogoDarkRelativeUrl",
    "squareLogoRelativeUrl",
    "usernameHintText",
] as const;
/** One of {@link WIRE_PROPERTIES}. */
export type WireProperty = (typeof WIRE_PROPERTIES)[number];

/** Graph v1.0's service root, as the documented `@odata.context` values use it. */
export const GRAPH_V1 = "https://graph.microsoft.com/v1.0";

/** The directory object URL the documented `@odata.id` values start with. */
export function organizationObjectUrl(tenantId: string): string {
    return `https://graph.microsoft.com/v2/${tenantId}/directoryObjects/$/Microsoft.DirectoryServices.Organization('${tenantId}')`;
}

/** True for a property name a GET may address. */
export function isWireProperty(name: string): name is WireProperty {
    return (WIRE_PROPERTIES as readonly string[]).includes(name);
}

/** The value of one wire property of an entry. */
export function wireValue(entry: BrandingEntry, name: WireProperty): unknown {
    if (name === "cdnList") return hasStreams(entry) ? [...CDN_LIST] : [];
    if (name.endsWith("RelativeUrl")) return entry.streams[name.slice(0, -"RelativeUrl".length) as BrandingStream]?.relativeUrl ?? null;
    return entry[name as Exclude<WireProperty, "cdnList" | `${string}RelativeUrl`>];
}

/**
 * The `$select` list, or undefined for all properties. Stream names are accepted and contribute nothing,
 * since GET never returns stream content (the resource page's "returned only on $select" disagrees with
 * the GET page; docs/api-facts.md disagreement 7). Any other unknown name is Graph's 400.
 */
export function parseSelect(ctx: RequestContext): Set<string> | undefined {
    const raw = ctx.query.get("$select");
    if (raw === null) return undefined;
    const names = raw
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== "");
    const unknown = names.find((n) => n !== "id" && !isWireProperty(n) && !isStream(n));
    if (unknown !== undefined) {
        throw new GraphFailure(400, {
            code: "BadRequest",
            message: `Could not find a property named '${unknown}' on type 'microsoft.graph.organizationalBranding'.`,
        });
    }
    return new Set(names);
}

/** `annotations`, then `id`, then the selected properties. */
export function renderEntry(
    entry: BrandingEntry,
    id: string,
    select: Set<string> | undefined,
    annotations: Record<string, string>,
): Record<string, unknown> {
    const body: Record<string, unknown> = { ...annotations, id };
    for (const name of WIRE_PROPERTIES) if (select === undefined || select.has(name)) body[name] = structuredClone(wireValue(entry, name));
    return body;
}
