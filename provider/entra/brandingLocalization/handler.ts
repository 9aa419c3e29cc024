/**
 * Provider-host side of `entra.OrganizationalBrandingLocalization`, one locale's branding. Loaded by package name
 * from the stub: `pulumi-tenantkit/entra/brandingLocalization` (a public contract).
 */
import { typeName } from "../../core/definition";
import { organizationalBrandingLocalization } from "./definition";
import { stubConfigure } from "../../core/handler";
import { defineBrandingHandler } from "../organizationalBranding/defineBrandingHandler";
import { OrganizationalBrandingLocalizationInputs } from "./schema";
import { typeToken } from "../../core/patterns";

export const handler = defineBrandingHandler({
    type: typeToken(typeName(organizationalBrandingLocalization)),
    schema: OrganizationalBrandingLocalizationInputs,
    describe: (inputs) => `branding of locale "${String(inputs.locale ?? "?")}"`,
    localeOf: (values) => String(values.locale),
    idOf: (organizationId, locale) => `${organizationId}/${locale}`,
});

/** Called by the serialized stub (core/stub.ts): installs `handler` on the host's stub object. */
export const configure = stubConfigure(handler);
