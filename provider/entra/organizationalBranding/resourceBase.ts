/**
 * Program side shared by `OrganizationalBranding` and `OrganizationalBrandingLocalization`: the arguments a
 * program may set, and the outputs both expose.
 */
import type * as pulumi from "@pulumi/pulumi";
import { TenantkitResource } from "../../core/program/dynamic";
import type { DefinedResource } from "../../core/program/dynamic";
import type { OutputShape } from "../../core/model/shapes";
import type { BrandingState } from "./types";

/** The outputs common to both branding resources (types.ts). */
export interface BrandingResourceBase extends OutputShape<BrandingState> {}

/** What a branding resource class passes to the base: its own constructor's arguments, its type and its stub. */
export interface BrandingResourceInit {
    /** The resource's definition (branding/definition.ts, brandingLocalization/definition.ts). */
    readonly definition: DefinedResource;
    /** The resource's logical name. */
    readonly name: string;
    /** The program's arguments, connection included. */
    readonly args: object;
    /** The resource options the program passed. */
    readonly opts: pulumi.CustomResourceOptions | undefined;
    /** The resource's serialized provider (core/program/stub.ts). */
    readonly stub: pulumi.dynamic.ResourceProvider;
}

/**
 * What both branding resources share: their outputs, and their replacement order. A property the program does not set
 * stays empty, so its output is created only when read; `cdnList` and the `*RelativeUrl`s come from the one state
 * object `cdn` (state.ts); `prior` and `observed` are state for destroy and refresh, not outputs.
 *
 * A branding is one per organization and locale, so its replacement must delete first: created first, the replacement
 * would take over the very branding whose delete then gives the tenant its earlier values back. The handler's diff says
 * so, but the engine does not ask it when the program forces a replacement (`pulumi up --replace`, a tainted resource)
 * or when the resource moves to another provider (step_generator.go): only the resource's own option is read there,
 * so it is set here unless the program sets it.
 */
export abstract class BrandingResourceBase extends TenantkitResource {
    protected constructor({ definition, name, args, opts, stub }: BrandingResourceInit) {
        super(definition, name, args, { ...opts, deleteBeforeReplace: opts?.deleteBeforeReplace ?? true }, stub);
    }
}
