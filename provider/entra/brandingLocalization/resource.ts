/**
 * `entra.OrganizationalBrandingLocalization`: the sign-in branding of one locale, as desired state.
 */
import type * as pulumi from "@pulumi/pulumi";
import { handlerModule } from "../../core/model/definition";
import { handlerStub } from "../../core/program/stub";
import { organizationalBrandingLocalization } from "./definition";
import { BrandingResourceBase } from "../organizationalBranding/resourceBase";
import type { OrganizationalBrandingLocalizationArgs } from "../organizationalBranding/types";

/** The serialized provider stub of this resource: it requires the handler named here, by package name, when the engine runs it (core/program/stub.ts). */
export const stub = handlerStub(handlerModule(organizationalBrandingLocalization));

/**
 * One locale's branding. Created when missing (Graph then creates the default branding too, if the tenant has
 * none), adopted when it exists. Strings it does not set inherit the default branding's; use `" "` to show a blank.
 * On destroy, a localization tenantkit created is deleted (its images first, as the service requires); one it
 * adopted follows `onDestroy`.
 */
export class OrganizationalBrandingLocalization extends BrandingResourceBase {
    /** The locale, such as `fr-FR`. */
    declare readonly locale: pulumi.Output<string>;

    constructor(name: string, args: OrganizationalBrandingLocalizationArgs, opts?: pulumi.CustomResourceOptions) {
        super({ definition: organizationalBrandingLocalization, name, args, opts, stub });
    }
}
