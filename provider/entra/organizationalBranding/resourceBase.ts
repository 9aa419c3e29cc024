/**
 * Program side shared by `OrganizationalBranding` and `OrganizationalBrandingLocalization`: the arguments a
 * program may set, and the outputs both expose.
 */
import type * as pulumi from "@pulumi/pulumi";
import { lazyMemberOutputs, lazyUndefinedOutputs, TenantkitResource } from "../../core/dynamic";
import type { OutputShape } from "../../core/shapes";
import { CDN_KEYS, IMAGE_PROPERTIES, JSON_PROPERTIES } from "./state";
import type { BrandingState } from "./types";

/**
 * The outputs the engine must create, seeded `undefined` (docs/engine-notes.md: outputs must be seeded): those the
 * provider always fills, and the properties the program sets. A property it does not set stays empty, so its output
 * is created lazily (`lazyUndefinedOutputs`); `cdnList` and the `*RelativeUrl`s come from the one state object `cdn`
 * (state.ts); `prior` and `observed` are state for destroy and refresh, not outputs.
 */
export function seededProps(args: object): Record<string, unknown> {
    return { cdn: undefined, organizationId: undefined, onDestroy: undefined, managed: undefined, ...args };
}

/** The outputs common to both branding resources (types.ts). */
export interface BrandingResourceBase extends OutputShape<BrandingState> {}

/** What a branding resource class passes to the base: its own constructor's arguments, its type and its stub. */
export interface BrandingResourceInit {
    /** The type name without the module, e.g. `OrganizationalBranding`. */
    readonly type: string;
    /** The resource's logical name. */
    readonly name: string;
    /** The program's arguments, connection included. */
    readonly args: object;
    /** The resource options the program passed. */
    readonly opts: pulumi.CustomResourceOptions | undefined;
    /** The resource's serialized provider (core/stub.ts). */
    readonly stub: pulumi.dynamic.ResourceProvider;
}

/** What both branding resources share: the seeded outputs and the lazily created ones. */
export abstract class BrandingResourceBase extends TenantkitResource {
    protected constructor({ type, name, args, opts, stub }: BrandingResourceInit) {
        const props = seededProps(args);
        super(type, name, props, opts, { stub });
        lazyUndefinedOutputs(this, [...JSON_PROPERTIES, ...IMAGE_PROPERTIES], props);
        lazyMemberOutputs(this, "cdn", CDN_KEYS);
    }
}
