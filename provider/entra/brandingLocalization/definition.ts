/**
 * `tenantkit:entra:OrganizationalBrandingLocalization`, declared once (core/model/definition.ts): the shared branding
 * tables and the locale.
 */
import { defineResource } from "../../core/model/definition";
import { brandingTables, localeRule, type BrandingOutputOnly } from "../organizationalBranding/definition";
import type { LocalizationProperties } from "../organizationalBranding/types";

export const organizationalBrandingLocalization = defineResource<LocalizationProperties, BrandingOutputOnly>()({
    token: "tenantkit:entra:OrganizationalBrandingLocalization",
    area: "entra",
    folder: "brandingLocalization",
    docs: { inputs: "LocalizationProperties", outputs: "LocalizationState", resource: "OrganizationalBrandingLocalization" },
    inputs: { locale: localeRule, ...brandingTables.inputs },
    outputs: brandingTables.outputs,
});
