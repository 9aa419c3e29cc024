/** `tenantkit:entra:OrganizationalBranding`, declared once (core/model/definition.ts) from the shared branding tables. */
import { defineResource } from "../../core/model/definition";
import { brandingTables, type BrandingOutputOnly } from "../organizationalBranding/definition";
import type { BrandingProperties } from "../organizationalBranding/types";

export const organizationalBranding = defineResource<BrandingProperties, BrandingOutputOnly>()({
    token: "tenantkit:entra:OrganizationalBranding",
    area: "entra",
    folder: "branding",
    docs: { inputs: "BrandingProperties", outputs: "BrandingState", resource: "OrganizationalBranding" },
    ...brandingTables,
});
