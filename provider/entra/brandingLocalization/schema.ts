/**
 * Inputs of `entra.OrganizationalBrandingLocalization`: the branding properties plus the locale, a culture name
 * (RFC 1766): a lowercase ISO 639-1 language code and an uppercase ISO 3166 region code, `fr-FR`. The service also
 * lists language-only ids (`fr`, in the official list example), so those are accepted too.
 */
import * as z from "zod";
import { schemaOf } from "../../core/model/schemaOf";
import type { WithDefaults } from "../../core/model/shapes";
import { brandingRefinements } from "../organizationalBranding/schema";
import type { LocalizationProperties } from "../organizationalBranding/types";
import { organizationalBrandingLocalization } from "./definition";

export const Locale = z
    .string()
    .refine((s) => s !== "0" && s.toLowerCase() !== "default", "0 and default name the default branding: use entra.OrganizationalBranding for it")
    .refine(
        (s) => s === "0" || s.toLowerCase() === "default" || /^[a-z]{2}(-[A-Z]{2})?$/.test(s),
        "must be a culture name such as fr-FR (language lowercase, region uppercase)",
    );

/** A localization's inputs as check validates them: the branding's and the locale. */
// The locale checked after the branding's properties, so that failures are listed in the order they always were.
const { locale, ...branding } = organizationalBrandingLocalization.inputs;

export const OrganizationalBrandingLocalizationInputs = schemaOf<LocalizationProperties, WithDefaults<LocalizationProperties, "onDestroy">>(
    { inputs: { ...branding, locale } },
    { ...brandingRefinements, locale: Locale },
);
