/**
 * `entra.OrganizationalBranding`: the default sign-in branding of the tenant's organization, as desired state.
 */
import type * as pulumi from "@pulumi/pulumi";
import { handlerModule } from "../../core/model/definition";
import { handlerStub } from "../../core/program/stub";
import { organizationalBranding } from "./definition";
import { BrandingResourceBase } from "../organizationalBranding/resourceBase";
import type { OrganizationalBrandingArgs } from "../organizationalBranding/types";

/** The serialized provider stub of this resource: it requires the handler named here, by package name, when the engine runs it (core/program/stub.ts). */
export const stub = handlerStub(handlerModule(organizationalBranding));

/**
 * The default branding (locale `0`). Creating it adopts the tenant's current branding: the prior values of the
 * properties the program sets are recorded, then the program's are applied; refresh shows drift made in the portal;
 * destroy restores what was there (see `onDestroy`). Properties the program does not set are left alone.
 */
export class OrganizationalBranding extends BrandingResourceBase {
    constructor(name: string, args: OrganizationalBrandingArgs, opts?: pulumi.CustomResourceOptions) {
        super({ definition: organizationalBranding, name, args, opts, stub });
    }
}
