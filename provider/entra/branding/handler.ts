/**
 * Provider-host side of `entra.OrganizationalBranding`, the default branding (locale `0`) of the tenant's
 * organization. Loaded by package name from the stub: `pulumi-tenantkit/entra/branding` (a contract).
 */
import { typeName } from "../../core/model/definition";
import { organizationalBranding } from "./definition";
import { DEFAULT_LOCALE } from "../organizationalBranding/api";
import { stubConfigure } from "../../core/host/handler";
import { defineBrandingHandler } from "../organizationalBranding/defineBrandingHandler";
import { OrganizationalBrandingInputs } from "../organizationalBranding/schema";
import { typeToken } from "../../core/model/patterns";

export const handler = defineBrandingHandler({
    type: typeToken(typeName(organizationalBranding)),
    schema: OrganizationalBrandingInputs,
    describe: (inputs) => `default branding of organization ${inputs.organizationId ?? "(discovered from the token's tenant)"}`,
    localeOf: () => DEFAULT_LOCALE,
    idOf: (organizationId) => organizationId,
    fromId: (id) => ({ organizationId: id }),
});

/** Called by the serialized stub (core/program/stub.ts): installs `handler` on the host's stub object. */
export const configure = stubConfigure(handler);
