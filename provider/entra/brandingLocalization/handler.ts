/**
 * Provider-host side of `entra.OrganizationalBrandingLocalization`, one locale's branding. Loaded by package name
 * from the stub: `pulumi-tenantkit/entra/brandingLocalization` (a public contract).
 */
import { typeName } from "../../core/model/definition";
import { organizationalBrandingLocalization } from "./definition";
import { stubConfigure } from "../../core/host/handler";
import { defineBrandingHandler } from "../organizationalBranding/defineBrandingHandler";
import { OrganizationalBrandingLocalizationInputs } from "./schema";
import { typeToken } from "../../core/model/patterns";

export const handler = defineBrandingHandler({
    type: typeToken(typeName(organizationalBrandingLocalization)),
    schema: OrganizationalBrandingLocalizationInputs,
    describe: (inputs) => `branding of locale "${String(inputs.locale ?? "?")}"`,
    localeOf: (values) => String(values.locale),
    idOf: (organizationId, locale) => `${organizationId}/${locale}`,
    fromId: (id) => {
        const slash = id.indexOf("/");
        if (slash <= 0 || slash === id.length - 1)
            throw new Error(`"${id}" is not a localization's id: it is <organizationId>/<locale>, such as 7d3f1c2a-...-0c4e6b8f9a10/fr-FR`);
        return { organizationId: id.slice(0, slash), locale: id.slice(slash + 1) };
    },
});

/** Called by the serialized stub (core/program/stub.ts): installs `handler` on the host's stub object. */
export const configure = stubConfigure(handler);
