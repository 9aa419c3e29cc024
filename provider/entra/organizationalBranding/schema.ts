/**
 * Inputs of the branding resources, validated at preview with every failure's property path (issue 3, spec area B):
 * hex colors, text lengths (256, 1024, 64), URLs ASCII or URL-encoded and at most 128 characters, no links or code in
 * `usernameHintText`, and the two properties the service says must not be used. Images are validated by images.ts.
 * Also the shapes the stages pass around: the validated inputs, the state they make of them, and Graph's answers.
 */
import * as z from "zod";
import { conforms } from "../../core/model/schemaCheck";
import {
    IMAGE_PROPERTIES,
    type BrandingProperty,
    type ImageDescriptor,
    type ImageProperty,
    type Observed,
    type Prior,
    RELATIVE_URL_KEYS,
} from "./state";
import type { BrandingProperties } from "./types";
import { GUID } from "../../core/model/patterns";

/** Length in characters as a person counts them (code points, so an emoji is one). */
const chars = (s: string): number => [...s].length;

const text = (max: number) => z.string().refine((s) => chars(s) <= max, `must be at most ${max} characters`);

const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, "must be a hex color #RRGGBB, such as #0F6CBD");

/** Custom URLs: "ASCII, or non-ASCII characters URL-encoded; at most 128 characters", and a link a browser can open. */
const customUrl = z
    .string()
    .refine((s) => /^[\x21-\x7e]*$/.test(s), "must be ASCII without spaces: URL-encode other characters (%C3%A9 for é)")
    .refine((s) => s.length <= 128, "must be at most 128 characters")
    .refine((s) => s === "" || /^https?:\/\/[^/?#]+/i.test(s), "must be an absolute http(s) URL");

/** "No links or code": the hint is shown as plain text in the username box. */
const LINK_OR_CODE = /(https?:\/\/|www\.|[<>{}`]|javascript:)/i;
const usernameHint = text(64).refine((s) => !LINK_OR_CODE.test(s), "must not contain links or code (no URLs, <, >, {, }, `)");

const refused = (reason: string) =>
    z.unknown().superRefine((_value, ctx) => {
        ctx.addIssue({ code: "custom", message: reason });
    });

export const LoginPageLayoutConfiguration = z.strictObject({
    layoutTemplateType: z.enum(["default", "verticalSplit"], "must be default or verticalSplit").optional(),
    isHeaderShown: z.boolean().optional(),
    isFooterShown: z.boolean().optional(),
});
export type LoginPageLayoutConfiguration = z.infer<typeof LoginPageLayoutConfiguration>;

export const LoginPageTextVisibilitySettings = z.strictObject({
    hideAccountResetCredentials: z.boolean().optional(),
    hideCannotAccessYourAccount: z.boolean().optional(),
    hideForgotMyPassword: z.boolean().optional(),
    hidePrivacyAndCookies: z.boolean().optional(),
    hideResetItNow: z.boolean().optional(),
    hideTermsOfUse: z.boolean().optional(),
});
export type LoginPageTextVisibilitySettings = z.infer<typeof LoginPageTextVisibilitySettings>;

const KeyValue = z.strictObject({ key: z.string().min(1, "must not be empty"), value: z.string() });

/** "Supported by Microsoft Entra External ID in external tenants only." */
export const ContentCustomization = z.strictObject({
    attributeCollection: z.array(KeyValue).optional(),
    registrationCampaign: z.array(KeyValue).optional(),
});
export type ContentCustomization = z.infer<typeof ContentCustomization>;

/** The text and complex properties (JSON PATCH), as a program may set them. */
export const brandingJsonShape = {
    backgroundColor: hexColor.optional(),
    headerBackgroundColor: hexColor.optional(),
    customAccountResetCredentialsUrl: customUrl.optional(),
    customCannotAccessYourAccountText: text(256).optional(),
    customCannotAccessYourAccountUrl: refused(
        "must not be used (Graph: replaced by customAccountResetCredentialsUrl); set customAccountResetCredentialsUrl instead",
    ).optional(),
    customForgotMyPasswordText: text(256).optional(),
    customPrivacyAndCookiesText: text(256).optional(),
    customPrivacyAndCookiesUrl: customUrl.optional(),
    customResetItNowText: refused("is not supported by the service (Graph: customization of this text is unsupported); remove it").optional(),
    customTermsOfUseText: text(256).optional(),
    customTermsOfUseUrl: customUrl.optional(),
    signInPageText: text(1024).optional(),
    usernameHintText: usernameHint.optional(),
    loginPageLayoutConfiguration: LoginPageLayoutConfiguration.optional(),
    loginPageTextVisibilitySettings: LoginPageTextVisibilitySettings.optional(),
    contentCustomization: ContentCustomization.optional(),
};

/** Images are checked by images.ts; the schema only reserves their names so that typos still fail. */
const imageShape = Object.fromEntries(IMAGE_PROPERTIES.map((p) => [p, z.unknown().optional()])) as Record<ImageProperty, z.ZodOptional<z.ZodUnknown>>;

export const OnDestroy = z.enum(["restore", "reset", "retain"], 'must be "restore", "reset" or "retain"');
export type OnDestroy = z.infer<typeof OnDestroy>;

export const commonShape = {
    ...brandingJsonShape,
    ...imageShape,
    onDestroy: OnDestroy.default("restore"),
    organizationId: z.string().regex(GUID, "must be the organization (tenant) id, a guid").optional(),
};

/** The default branding's inputs as check validates them (images are read by images.ts). */
export const OrganizationalBrandingInputs = z.strictObject(commonShape);

// The public shape (types.ts) and this schema name the same properties, and every public value is valid input.
conforms<BrandingProperties, typeof OrganizationalBrandingInputs>(true);

/** The JSON-valued properties after validation. */
export type BrandingJsonValues = z.output<z.ZodObject<typeof brandingJsonShape>>;

/** Validated inputs as state keeps them: images replaced by their descriptors. */
export type BrandingInputs = BrandingJsonValues &
    Partial<Record<ImageProperty, ImageDescriptor>> & { onDestroy: OnDestroy; organizationId?: string; locale?: string };

/** State of a branding resource: the program's values as applied, plus what destroy and refresh need (state.ts). */
export type BrandingOutputs = BrandingInputs & {
    organizationId: string;
    managed: BrandingProperty[];
    prior: Prior;
    observed: Observed;
    cdnList: string[];
} & Partial<Record<(typeof RELATIVE_URL_KEYS)[number], string | null>>;

/** A branding as Graph sends it: every property optional, nulls allowed, new properties kept. */
export const BrandingWire = z.looseObject({
    id: z.string().optional(),
    cdnList: z.array(z.string()).nullable().optional(),
    ...Object.fromEntries(RELATIVE_URL_KEYS.map((k) => [k, z.string().nullable().optional()])),
});
export type BrandingWire = z.infer<typeof BrandingWire> & Record<string, unknown>;

/** `GET /organization/{id}/branding/localizations`: the default branding (id `0`) and every localization. */
export const BrandingListWire = z.looseObject({ value: z.array(BrandingWire) });

export const OrganizationListWire = z.looseObject({ value: z.array(z.looseObject({ id: z.string() })) });
