/**
 * The public shape of the branding resources (Graph `organizationalBranding` and its localizations, spec area B):
 * the one place their properties are declared; schema.ts is checked against them at compile time. Plain interfaces
 * only (core/shapes.ts says why).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ConnectionArgs } from "../../core/connectionTypes";
import type { InputShape } from "../../core/shapes";

/** An image: a `pulumi.asset.FileAsset`, or a file path relative to the program's folder. */
export type BrandingImage = pulumi.asset.FileAsset | string;

/** What `pulumi destroy` (or removing a property from the program) does with the managed properties. */
export type OnDestroy = "restore" | "reset" | "retain";

/** The sign-in page's layout. */
export interface LoginPageLayoutConfiguration {
    /** `default` or `verticalSplit`. */
    readonly layoutTemplateType?: "default" | "verticalSplit";
    readonly isHeaderShown?: boolean;
    readonly isFooterShown?: boolean;
}

/** Links of the sign-in page to hide. */
export interface LoginPageTextVisibilitySettings {
    readonly hideAccountResetCredentials?: boolean;
    readonly hideCannotAccessYourAccount?: boolean;
    readonly hideForgotMyPassword?: boolean;
    readonly hidePrivacyAndCookies?: boolean;
    readonly hideResetItNow?: boolean;
    readonly hideTermsOfUse?: boolean;
}

/** A key and its text. */
export interface BrandingKeyValue {
    /** Not empty. */
    readonly key: string;
    readonly value: string;
}

/** Texts of the sign-up and sign-in flows; Microsoft Entra External ID (external tenants) only. */
export interface ContentCustomization {
    readonly attributeCollection?: readonly BrandingKeyValue[];
    readonly registrationCampaign?: readonly BrandingKeyValue[];
}

/**
 * The branding properties a program may set. Only those set are managed; the rest of the branding is left alone.
 * Texts count characters as a person does (an emoji is one).
 */
export interface BrandingProperties {
    /** Hex color `#RRGGBB`, shown instead of the background image on low-bandwidth connections. */
    readonly backgroundColor?: string;
    /** Hex color `#RRGGBB` of the header. */
    readonly headerBackgroundColor?: string;
    /** Self-service password reset URL: absolute http(s), ASCII or URL-encoded, at most 128 characters. */
    readonly customAccountResetCredentialsUrl?: string;
    /** At most 256 characters. */
    readonly customCannotAccessYourAccountText?: string;
    /** @deprecated Refused at preview: Graph says it must not be used; set `customAccountResetCredentialsUrl`. */
    readonly customCannotAccessYourAccountUrl?: string;
    /** At most 256 characters. */
    readonly customForgotMyPasswordText?: string;
    /** At most 256 characters. */
    readonly customPrivacyAndCookiesText?: string;
    /** Absolute http(s) URL, ASCII or URL-encoded, at most 128 characters. */
    readonly customPrivacyAndCookiesUrl?: string;
    /** @deprecated Refused at preview: the service does not support customizing this text. */
    readonly customResetItNowText?: string;
    /** At most 256 characters. */
    readonly customTermsOfUseText?: string;
    /** Absolute http(s) URL, ASCII or URL-encoded, at most 128 characters. */
    readonly customTermsOfUseUrl?: string;
    /** Text at the bottom of the sign-in box, at most 1024 characters. */
    readonly signInPageText?: string;
    /** Hint in the username box, at most 64 characters, no links or code. */
    readonly usernameHintText?: string;
    /** Replaced as a whole when changed. */
    readonly loginPageLayoutConfiguration?: LoginPageLayoutConfiguration;
    /** Replaced as a whole when changed. */
    readonly loginPageTextVisibilitySettings?: LoginPageTextVisibilitySettings;
    /** External tenants only (Microsoft Entra External ID). */
    readonly contentCustomization?: ContentCustomization;
    /** PNG or JPEG, at most 1920x1080 px and 300 KB. */
    readonly backgroundImage?: BrandingImage;
    /** PNG or JPEG, at most 245x36 px and 50 KB. */
    readonly bannerLogo?: BrandingImage;
    /** PNG or JPEG, at most 240x240 px and 50 KB. */
    readonly squareLogo?: BrandingImage;
    /** PNG or JPEG, at most 240x240 px and 50 KB; the dark theme's. */
    readonly squareLogoDark?: BrandingImage;
    /** PNG or JPEG, at most 245x36 px and 10 KB. */
    readonly headerLogo?: BrandingImage;
    /** PNG or ICO, at most 5 KB (32x32 px recommended). */
    readonly favicon?: BrandingImage;
    /** A `.css` file, at most 25 KB. */
    readonly customCSS?: BrandingImage;
    /**
     * `restore` (default) puts back the values found before tenantkit managed them, images included; `reset` clears
     * them; `retain` leaves them.
     */
    readonly onDestroy?: OnDestroy;
    /** The organization (tenant) id, a guid; discovered with `GET /organization` when omitted. Changing it replaces. */
    readonly organizationId?: string;
}

/** Arguments of `entra.OrganizationalBranding`: its properties, each of which may be an output of another resource. */
export interface OrganizationalBrandingArgs extends InputShape<BrandingProperties> {
    /** The tenant and credentials to use instead of the stack's `tenantkit:*` config (a second tenant or cloud). */
    readonly connection?: pulumi.Input<ConnectionArgs>;
}

/** A localization's own property: which locale. */
export interface LocalizationProperties extends BrandingProperties {
    /** A culture name such as `fr-FR`; `0` and `default` (the default branding) are refused. Changing it replaces. */
    readonly locale: string;
}

/** Arguments of `entra.OrganizationalBrandingLocalization`. */
export interface OrganizationalBrandingLocalizationArgs extends InputShape<LocalizationProperties> {
    /** The tenant and credentials to use instead of the stack's `tenantkit:*` config (a second tenant or cloud). */
    readonly connection?: pulumi.Input<ConnectionArgs>;
}

/** An image as state shows it: the file's SHA-256 and size, never its bytes. */
export interface ImageState {
    /** The file as the program named it. */
    readonly path: string;
    readonly sha256: string;
    /** Bytes. */
    readonly size: number;
    readonly contentType: string;
    /** Pixels; null for CSS and icons whose size is not read. */
    readonly width: number | null;
    readonly height: number | null;
}

type Texts = Omit<BrandingProperties, "customCannotAccessYourAccountUrl" | "customResetItNowText" | "backgroundImage" | "bannerLogo" | "squareLogo" | "squareLogoDark" | "headerLogo" | "favicon" | "customCSS" | "onDestroy" | "organizationId">;

/**
 * A branding as state holds it: the managed values as applied (or as found, after a refresh that saw drift),
 * undefined when not managed; images as {@link ImageState}; the CDN URLs the service serves the images from.
 */
export interface BrandingState extends Texts {
    readonly backgroundImage?: ImageState | null;
    readonly bannerLogo?: ImageState | null;
    readonly squareLogo?: ImageState | null;
    readonly squareLogoDark?: ImageState | null;
    readonly headerLogo?: ImageState | null;
    readonly favicon?: ImageState | null;
    readonly customCSS?: ImageState | null;
    /** The organization (tenant) id. */
    readonly organizationId: string;
    readonly onDestroy: OnDestroy;
    /** The managed properties: those the program sets. */
    readonly managed: readonly string[];
    /** Base URLs of the CDNs that serve the images; combine with a `*RelativeUrl`. */
    readonly cdnList: readonly string[];
    readonly backgroundImageRelativeUrl: string | null;
    readonly bannerLogoRelativeUrl: string | null;
    readonly squareLogoRelativeUrl: string | null;
    readonly squareLogoDarkRelativeUrl: string | null;
    readonly headerLogoRelativeUrl: string | null;
    readonly faviconRelativeUrl: string | null;
    readonly customCSSRelativeUrl: string | null;
    /** `cdnList` and every `*RelativeUrl` as one object, as state keeps them; read the named outputs instead. */
    readonly cdn: { readonly [key: string]: readonly string[] | string | null };
}

/** A localization as state holds it. */
export interface LocalizationState extends BrandingState {
    readonly locale: string;
}
