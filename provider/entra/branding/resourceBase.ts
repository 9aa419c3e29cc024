/**
 * Program side shared by `OrganizationalBranding` and `OrganizationalBrandingLocalization`: the arguments a
 * program may set, and the outputs both expose.
 */
import type * as pulumi from "@pulumi/pulumi";
import { lazyMemberOutputs, lazyUndefinedOutputs, TenantkitResource } from "../../core/dynamic";
import { CDN_KEYS } from "./cdnState";
import { IMAGE_PROPERTIES, JSON_PROPERTIES } from "./properties";
import type { ContentCustomization, LoginPageLayoutConfiguration, LoginPageTextVisibilitySettings, OnDestroy } from "./schema";

/** An image: a `pulumi.asset.FileAsset`, or a file path relative to the program's folder. */
export type BrandingImage = pulumi.asset.FileAsset | string;

/** The branding properties a program may set. Only those set are managed; the rest of the branding is left alone. */
export interface BrandingPropertiesArgs {
    /** Hex color `#RRGGBB`, shown instead of the background image on low-bandwidth connections. */
    readonly backgroundColor?: pulumi.Input<string>;
    /** Hex color `#RRGGBB` of the header. */
    readonly headerBackgroundColor?: pulumi.Input<string>;
    /** Self-service password reset URL: ASCII or URL-encoded, at most 128 characters. */
    readonly customAccountResetCredentialsUrl?: pulumi.Input<string>;
    /** At most 256 characters. */
    readonly customCannotAccessYourAccountText?: pulumi.Input<string>;
    /** Refused: Graph says it must not be used; set `customAccountResetCredentialsUrl`. */
    readonly customCannotAccessYourAccountUrl?: pulumi.Input<string>;
    readonly customForgotMyPasswordText?: pulumi.Input<string>;
    readonly customPrivacyAndCookiesText?: pulumi.Input<string>;
    readonly customPrivacyAndCookiesUrl?: pulumi.Input<string>;
    /** Refused: the service does not support customizing this text. */
    readonly customResetItNowText?: pulumi.Input<string>;
    readonly customTermsOfUseText?: pulumi.Input<string>;
    readonly customTermsOfUseUrl?: pulumi.Input<string>;
    /** Text at the bottom of the sign-in box, at most 1024 characters. */
    readonly signInPageText?: pulumi.Input<string>;
    /** Hint in the username box, at most 64 characters, no links or code. */
    readonly usernameHintText?: pulumi.Input<string>;
    readonly loginPageLayoutConfiguration?: pulumi.Input<LoginPageLayoutConfiguration>;
    readonly loginPageTextVisibilitySettings?: pulumi.Input<LoginPageTextVisibilitySettings>;
    /** External tenants only (Microsoft Entra External ID). */
    readonly contentCustomization?: pulumi.Input<ContentCustomization>;
    /** PNG or JPEG, at most 1920x1080 px and 300 KB. */
    readonly backgroundImage?: pulumi.Input<BrandingImage>;
    /** PNG or JPEG, at most 245x36 px and 50 KB. */
    readonly bannerLogo?: pulumi.Input<BrandingImage>;
    /** PNG or JPEG, at most 240x240 px and 50 KB. */
    readonly squareLogo?: pulumi.Input<BrandingImage>;
    readonly squareLogoDark?: pulumi.Input<BrandingImage>;
    /** PNG or JPEG, at most 245x36 px and 10 KB. */
    readonly headerLogo?: pulumi.Input<BrandingImage>;
    /** PNG or ICO, at most 5 KB (32x32 px recommended). */
    readonly favicon?: pulumi.Input<BrandingImage>;
    /** A `.css` file, at most 25 KB. */
    readonly customCSS?: pulumi.Input<BrandingImage>;
    /**
     * What `pulumi destroy` (or removing a property from the program) does: `restore` (default) puts back the
     * values found before tenantkit managed them, images included; `reset` clears them; `retain` leaves them.
     */
    readonly onDestroy?: pulumi.Input<OnDestroy>;
    /** The organization (tenant) id; discovered with `GET /organization` when omitted. Changing it replaces. */
    readonly organizationId?: pulumi.Input<string>;
}

/**
 * The outputs the engine must create, seeded `undefined` (ENGINE-HARNESS.md: outputs must be seeded): those the
 * provider always fills, and the properties the program sets. A property it does not set stays empty, so its output
 * is created lazily (`lazyUndefinedOutputs`); `cdnList` and the `*RelativeUrl`s come from the one state object `cdn`
 * (cdnState.ts); `prior` and `observed` are state for destroy and refresh, not outputs.
 */
export function seededProps(args: object): Record<string, unknown> {
    return { cdn: undefined, organizationId: undefined, onDestroy: undefined, managed: undefined, ...args };
}

/** An image as state shows it: the file's SHA-256 and size, never its bytes. */
export interface ImageState {
    readonly path: string;
    readonly sha256: string;
    readonly size: number;
    readonly contentType: string;
    readonly width: number | null;
    readonly height: number | null;
}

/** Outputs common to both branding resources. */
export abstract class BrandingResourceBase extends TenantkitResource {
    protected constructor(stub: pulumi.dynamic.ResourceProvider, type: string, name: string, args: object, opts: pulumi.CustomResourceOptions | undefined) {
        const props = seededProps(args);
        super(stub, type, name, props, opts);
        lazyUndefinedOutputs(this, [...JSON_PROPERTIES, ...IMAGE_PROPERTIES], props);
        lazyMemberOutputs(this, "cdn", CDN_KEYS);
    }

    declare readonly organizationId: pulumi.Output<string>;
    /** `cdnList` and every `*RelativeUrl` as one object, as state keeps them; read the named outputs instead. */
    declare readonly cdn: pulumi.Output<Record<string, string[] | string | null>>;
    /** Base URLs of the CDNs that serve the images; combine with a `*RelativeUrl`. */
    declare readonly cdnList: pulumi.Output<string[]>;
    declare readonly backgroundImageRelativeUrl: pulumi.Output<string | null>;
    declare readonly bannerLogoRelativeUrl: pulumi.Output<string | null>;
    declare readonly squareLogoRelativeUrl: pulumi.Output<string | null>;
    declare readonly squareLogoDarkRelativeUrl: pulumi.Output<string | null>;
    declare readonly headerLogoRelativeUrl: pulumi.Output<string | null>;
    declare readonly faviconRelativeUrl: pulumi.Output<string | null>;
    declare readonly customCSSRelativeUrl: pulumi.Output<string | null>;
    // The managed values as applied (or as found, after a refresh that saw drift); undefined when not managed.
    declare readonly backgroundColor: pulumi.Output<string | undefined>;
    declare readonly headerBackgroundColor: pulumi.Output<string | undefined>;
    declare readonly customAccountResetCredentialsUrl: pulumi.Output<string | undefined>;
    declare readonly customCannotAccessYourAccountText: pulumi.Output<string | undefined>;
    declare readonly customForgotMyPasswordText: pulumi.Output<string | undefined>;
    declare readonly customPrivacyAndCookiesText: pulumi.Output<string | undefined>;
    declare readonly customPrivacyAndCookiesUrl: pulumi.Output<string | undefined>;
    declare readonly customTermsOfUseText: pulumi.Output<string | undefined>;
    declare readonly customTermsOfUseUrl: pulumi.Output<string | undefined>;
    declare readonly signInPageText: pulumi.Output<string | undefined>;
    declare readonly usernameHintText: pulumi.Output<string | undefined>;
    declare readonly loginPageLayoutConfiguration: pulumi.Output<LoginPageLayoutConfiguration | undefined>;
    declare readonly loginPageTextVisibilitySettings: pulumi.Output<LoginPageTextVisibilitySettings | undefined>;
    declare readonly contentCustomization: pulumi.Output<ContentCustomization | undefined>;
    declare readonly backgroundImage: pulumi.Output<ImageState | null | undefined>;
    declare readonly bannerLogo: pulumi.Output<ImageState | null | undefined>;
    declare readonly squareLogo: pulumi.Output<ImageState | null | undefined>;
    declare readonly squareLogoDark: pulumi.Output<ImageState | null | undefined>;
    declare readonly headerLogo: pulumi.Output<ImageState | null | undefined>;
    declare readonly favicon: pulumi.Output<ImageState | null | undefined>;
    declare readonly customCSS: pulumi.Output<ImageState | null | undefined>;
    /** The managed properties: those the program sets. */
    declare readonly managed: pulumi.Output<string[]>;
    declare readonly onDestroy: pulumi.Output<OnDestroy>;
}
