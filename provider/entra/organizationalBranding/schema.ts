/**
 * Inputs of the branding resources, validated at preview with every failure's property path (issue 3, spec area B):
 * hex colors, text lengths (256, 1024, 64), URLs ASCII or URL-encoded and at most 128 characters, no links or code in
 * `usernameHintText`, and the two properties the service says must not be used. Images are validated by images.ts.
 * The structure (strict objects, the layout's template types, the default of onDestroy) comes from the definition
 * (core/schemaOf.ts); this file says what its rules cannot.
 * Also the shapes the stages pass around: the validated inputs, the state they make of them, and Graph's answers.
 */
import * as z from "zod";
import { schemaOf, type Refinements } from "../../core/model/schemaOf";
import type { WithDefaults } from "../../core/model/shapes";
import { brandingTables } from "./definition";
import {
    type BrandingProperty,
    type ImageDescriptor,
    type ImageProperty,
    type JsonProperty,
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

const nonEmpty = (s: z.ZodString) => s.min(1, "must not be empty");

const refused = (reason: string) =>
    z.unknown().superRefine((_value, ctx) => {
        ctx.addIssue({ code: "custom", message: reason });
    });

export const OnDestroy = z.enum(["restore", "reset", "retain"], 'must be "restore", "reset" or "retain"');
export type OnDestroy = z.infer<typeof OnDestroy>;

/** What a rule cannot say of the properties both branding resources manage. */
export const brandingRefinements: Refinements<BrandingProperties> = {
    backgroundColor: hexColor,
    headerBackgroundColor: hexColor,
    customAccountResetCredentialsUrl: customUrl,
    customCannotAccessYourAccountText: text(256),
    customCannotAccessYourAccountUrl: refused(
        "must not be used (Graph: replaced by customAccountResetCredentialsUrl); set customAccountResetCredentialsUrl instead",
    ),
    customForgotMyPasswordText: text(256),
    customPrivacyAndCookiesText: text(256),
    customPrivacyAndCookiesUrl: customUrl,
    customResetItNowText: refused("is not supported by the service (Graph: customization of this text is unsupported); remove it"),
    customTermsOfUseText: text(256),
    customTermsOfUseUrl: customUrl,
    signInPageText: text(1024),
    usernameHintText: usernameHint,
    // "Supported by Microsoft Entra External ID in external tenants only."
    contentCustomization: { fields: { attributeCollection: { fields: { key: nonEmpty } }, registrationCampaign: { fields: { key: nonEmpty } } } },
    // No image here: images.ts reads them, and the derived schema only reserves their names, so that typos still fail.
    onDestroy: OnDestroy,
    organizationId: z.string().regex(GUID, "must be the organization (tenant) id, a guid"),
};

/** The default branding's inputs as check validates them (images are read by images.ts). */
export const OrganizationalBrandingInputs = schemaOf<BrandingProperties, WithDefaults<BrandingProperties, "onDestroy">>(
    brandingTables,
    brandingRefinements,
);

/** The JSON-valued properties after validation. */
export type BrandingJsonValues = Pick<BrandingProperties, JsonProperty>;

/** Validated inputs as state keeps them: images replaced by their descriptors. */
export type BrandingInputs = BrandingJsonValues &
    Partial<Record<ImageProperty, ImageDescriptor>> & { onDestroy: OnDestroy; organizationId?: string; locale?: string; adopt?: boolean };

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
