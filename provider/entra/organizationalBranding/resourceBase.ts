/**
 * Program side shared by `OrganizationalBranding` and `OrganizationalBrandingLocalization`: the arguments a
 * program may set, and the outputs both expose.
 */
import type * as pulumi from "@pulumi/pulumi";
import { lazyMemberOutputs, lazyUndefinedOutputs, TenantkitResource } from "../../core/dynamic";
import { CDN_KEYS } from "./cdnState";
import type { OutputShape } from "../../core/shapes";
import { IMAGE_PROPERTIES, JSON_PROPERTIES } from "./properties";
import type { BrandingState } from "./types";

/**
 * The outputs the engine must create, seeded `undefined` (ENGINE-HARNESS.md: outputs must be seeded): those the
 * provider always fills, and the properties the program sets. A property it does not set stays empty, so its output
 * is created lazily (`lazyUndefinedOutputs`); `cdnList` and the `*RelativeUrl`s come from the one state object `cdn`
 * (cdnState.ts); `prior` and `observed` are state for destroy and refresh, not outputs.
 */
export function seededProps(args: object): Record<string, unknown> {
    return { cdn: undefined, organizationId: undefined, onDestroy: undefined, managed: undefined, ...args };
}

/** The outputs common to both branding resources (types.ts). */
export interface BrandingResourceBase extends OutputShape<BrandingState> {}

/** What both branding resources share: the seeded outputs and the lazily created ones. */
export abstract class BrandingResourceBase extends TenantkitResource {
    protected constructor(
        type: string,
        name: string,
        args: object,
        opts: pulumi.CustomResourceOptions | undefined,
        stub: pulumi.dynamic.ResourceProvider,
    ) {
        const props = seededProps(args);
        super(type, name, props, opts, { stub });
        lazyUndefinedOutputs(this, [...JSON_PROPERTIES, ...IMAGE_PROPERTIES], props);
        lazyMemberOutputs(this, "cdn", CDN_KEYS);
    }
}
