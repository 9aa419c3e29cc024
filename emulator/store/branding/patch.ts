/**
 * JSON bodies that change a branding (Graph PATCH and POST, the admin PATCH): parsed into a
 * {@link BrandingPatch}, then applied. Stream properties are refused ("You can't update Stream types with
 * other data types in the same request", organizationalbranding-update), read-only and unknown properties
 * are refused by name, strings beyond the documented limits (limits.ts) are refused as invalid values, null clears a
 * property, absent properties keep their values. Complex values are
 * merged member by member, as OData 4.01 specifies for PATCH of a complex property (Part 1, 11.4.3).
 */
import { BadRequestError } from "../../base/bad-request";
import { stringViolation } from "./limits";
import {
    BRANDING_STREAMS,
    BRANDING_STRINGS,
    isStream,
    LAYOUT_TEMPLATE_TYPES,
    VISIBILITY_FLAGS,
    type BrandingEntry,
    type BrandingString,
    type BrandingTexts,
    type ContentCustomization,
    type KeyValue,
    type LoginPageLayoutConfiguration,
    type LoginPageTextVisibilitySettings,
} from "./model";

/** A body Graph refuses with 400; `code` is the Graph error code. */
export class BrandingBodyError extends BadRequestError {
    constructor(
        readonly code: string,
        message: string,
    ) {
        super(message);
    }
}

/** What a body changes; absent members change nothing. */
export interface BrandingPatch {
    texts: Partial<BrandingTexts>;
    loginPageLayoutConfiguration?: Partial<LoginPageLayoutConfiguration> | null;
    loginPageTextVisibilitySettings?: Partial<LoginPageTextVisibilitySettings> | null;
    contentCustomization?: Partial<Pick<ContentCustomization, "attributeCollection" | "registrationCampaign">> | null;
}

/** Read-only properties of organizationalBrandingProperties (CSDL; the property pages mark them read-only). */
const READ_ONLY = new Set<string>(["cdnList", ...BRANDING_STREAMS.map((s) => `${s}RelativeUrl`)]);

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}

function invalidValue(property: string): BrandingBodyError {
    return new BrandingBodyError("Request_BadRequest", `Invalid value specified for property '${property}' of resource 'OrganizationalBranding'.`);
}

/** The members of an object body that are not OData instance annotations (`@odata.type` and the like). */
function members(body: Obj): Array<[string, unknown]> {
    return Object.entries(body).filter(([k]) => !k.startsWith("@"));
}

/**
 * Parses a JSON body. `id` is returned as sent (the caller decides: POST requires it, PATCH tolerates the
 * entity's own id); every other problem throws the {@link BrandingBodyError} Graph would answer.
 */
export function parseBrandingBody(body: unknown): { patch: BrandingPatch; id: unknown } {
    if (!isObj(body)) throw new BrandingBodyError("Request_BadRequest", "The request body must be a JSON object.");
    const entries = members(body);
    const stream = entries.find(([k]) => isStream(k));
    if (stream !== undefined) {
        throw new BrandingBodyError(
            "Request_BadRequest",
            `You can't update Stream types with other data types in the same request: '${stream[0]}' is a Stream property; ` +
                `upload it with PUT /organization/{id}/branding/localizations/{locale}/${stream[0]}.`,
        );
    }
    const patch: BrandingPatch = { texts: {} };
    for (const [key, value] of entries) {
        if (key === "id") continue;
        if (READ_ONLY.has(key)) throw new BrandingBodyError("Request_BadRequest", `Property '${key}' is read-only and cannot be set.`);
        if ((BRANDING_STRINGS as readonly string[]).includes(key)) {
            if (value !== null && typeof value !== "string") throw invalidValue(key);
            // The documented limits (limits.ts): the service answers them as it answers any invalid value.
            if (typeof value === "string" && stringViolation(key as BrandingString, value) !== undefined) throw invalidValue(key);
            patch.texts[key as keyof BrandingTexts] = value ?? "";
        } else if (key === "loginPageLayoutConfiguration") {
            patch.loginPageLayoutConfiguration = value === null ? null : parseLayout(value);
        } else if (key === "loginPageTextVisibilitySettings") {
            patch.loginPageTextVisibilitySettings = value === null ? null : parseVisibility(value);
        } else if (key === "contentCustomization") {
            patch.contentCustomization = value === null ? null : parseContent(value);
        } else {
            throw new BrandingBodyError(
                "Request_BadRequest",
                `Property '${key}' does not exist as a declared property of resource 'OrganizationalBranding'.`,
            );
        }
    }
    return { patch, id: body.id };
}

function complexMembers(value: unknown, property: string, allowed: readonly string[]): Array<[string, unknown]> {
    if (!isObj(value)) throw invalidValue(property);
    const entries = members(value);
    const unknown = entries.find(([k]) => !allowed.includes(k));
    if (unknown !== undefined) {
        throw new BrandingBodyError(
            "Request_BadRequest",
            `Property '${property}.${unknown[0]}' does not exist as a declared property of resource 'OrganizationalBranding'.`,
        );
    }
    return entries;
}

function parseLayout(value: unknown): Partial<LoginPageLayoutConfiguration> {
    const out: Partial<LoginPageLayoutConfiguration> = {};
    for (const [k, v] of complexMembers(value, "loginPageLayoutConfiguration", ["layoutTemplateType", "isHeaderShown", "isFooterShown"])) {
        const at = `loginPageLayoutConfiguration.${k}`;
        if (k === "layoutTemplateType") {
            if (v !== null && !(LAYOUT_TEMPLATE_TYPES as readonly unknown[]).includes(v)) throw invalidValue(at);
            out.layoutTemplateType = v as LoginPageLayoutConfiguration["layoutTemplateType"];
        } else {
            if (v !== null && typeof v !== "boolean") throw invalidValue(at);
            out[k as "isHeaderShown" | "isFooterShown"] = v;
        }
    }
    return out;
}

function parseVisibility(value: unknown): Partial<LoginPageTextVisibilitySettings> {
    const out: Partial<LoginPageTextVisibilitySettings> = {};
    for (const [k, v] of complexMembers(value, "loginPageTextVisibilitySettings", VISIBILITY_FLAGS)) {
        if (v !== null && typeof v !== "boolean") throw invalidValue(`loginPageTextVisibilitySettings.${k}`);
        out[k as keyof LoginPageTextVisibilitySettings] = v;
    }
    return out;
}

function parseContent(value: unknown): NonNullable<BrandingPatch["contentCustomization"]> {
    const out: NonNullable<BrandingPatch["contentCustomization"]> = {};
    const allowed = ["attributeCollection", "attributeCollectionRelativeUrl", "registrationCampaign", "registrationCampaignRelativeUrl"];
    for (const [k, v] of complexMembers(value, "contentCustomization", allowed)) {
        const at = `contentCustomization.${k}`;
        if (k.endsWith("RelativeUrl")) throw new BrandingBodyError("Request_BadRequest", `Property '${at}' is read-only and cannot be set.`);
        // Collection(graph.keyValue) is Nullable="false" in the CSDL: an array, never null.
        if (!Array.isArray(v) || !v.every((kv) => isObj(kv) && typeof kv.key === "string" && typeof kv.value === "string")) throw invalidValue(at);
        out[k as "attributeCollection" | "registrationCampaign"] = v.map((kv: KeyValue) => ({ key: kv.key, value: kv.value }));
    }
    return out;
}

/**
 * Applies a patch to an entry in place. `newUrl` gives a fresh read-only URL for a changed
 * contentCustomization collection (a non-empty one gets a URL, an empty one none).
 */
export function applyBrandingPatch(
    entry: BrandingEntry,
    patch: BrandingPatch,
    newUrl: (target: "attributeCollection" | "registrationCampaign") => string,
): void {
    Object.assign(entry, patch.texts);
    const layout = patch.loginPageLayoutConfiguration;
    if (layout !== undefined) {
        entry.loginPageLayoutConfiguration =
            layout === null
                ? null
                : { ...(entry.loginPageLayoutConfiguration ?? { layoutTemplateType: null, isHeaderShown: null, isFooterShown: null }), ...layout };
    }
    const visibility = patch.loginPageTextVisibilitySettings;
    if (visibility !== undefined) {
        const none = Object.fromEntries(VISIBILITY_FLAGS.map((f) => [f, null])) as LoginPageTextVisibilitySettings;
        entry.loginPageTextVisibilitySettings = visibility === null ? null : { ...(entry.loginPageTextVisibilitySettings ?? none), ...visibility };
    }
    const content = patch.contentCustomization;
    if (content === null) entry.contentCustomization = null;
    if (content === null || content === undefined) return;
    const merged: ContentCustomization = entry.contentCustomization ?? {
        attributeCollection: [],
        attributeCollectionRelativeUrl: null,
        registrationCampaign: [],
        registrationCampaignRelativeUrl: null,
    };
    for (const target of ["attributeCollection", "registrationCampaign"] as const) {
        const list = content[target];
        if (list === undefined) continue;
        merged[target] = list;
        merged[`${target}RelativeUrl`] = list.length === 0 ? null : newUrl(target);
    }
    entry.contentCustomization = merged;
}
