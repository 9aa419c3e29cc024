/**
 * Provider-host side of `entra.OrganizationalBrandingLocalization`, one locale's branding. Loaded by package name
 * from the stub: `pulumi-tenantkit/bin/entra/brandingLocalization/handler` (a public contract).
 */
import { defineBrandingHandler } from "../organizationalBranding/defineBrandingHandler";
import { OrganizationalBrandingLocalizationArgs } from "./schema";

export const handler = defineBrandingHandler({
    type: "tenantkit:entra:OrganizationalBrandingLocalization",
    schema: OrganizationalBrandingLocalizationArgs,
    describe: (inputs) => `branding of locale "${String(inputs.locale ?? "?")}"`,
    localeOf: (values) => String(values.locale),
    idOf: (organizationId, locale) => `${organizationId}/${locale}`,
});
