/**
 * The public shape of the branding resources (Graph `organizationalBranding` and its localizations, spec area B):
 * the one place their properties are declared; schema.ts is checked against them at compile time. Plain interfaces
 * only (core/model/shapes.ts says why).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ConnectionArgs } from "../../core/settings/connectionTypes";
import type { InputShape } from "../../core/model/shapes";

/** An image: a `pulumi.asset.FileAsset`, or a file path relative to the program's folder. */
export type BrandingImage = pulumi.asset.FileAsset | string;

/** What `pulumi destroy` (or removing a property from the program) does with the managed properties. */
export type OnDestroy = "restore" | "reset" | "retain";

/** The sign-in page's layout. */
export interface LoginPageLayoutConfiguration {
    /** `default` or `verticalSplit`. */
    readonly layoutTemplateType?: "default" | "verticalSplit";
    /** Whether the sign-in page shows its header. */
    readonly isHeaderShown?: boolean;
    /** Whether the sign-in page shows its footer. */
    readonly isFooterShown?: boolean;
}

/** Links of the sign-in page to hide. */
export interface LoginPageTextVisibilitySettings {
    /** True hides the self-service password reset links of the sign-in form (see `customAccountResetCredentialsUrl`). */
    readonly hideAccountResetCredentials?: boolean;
    /** True hides the self-service password reset link whose text `customCannotAccessYourAccountText` sets. */
    readonly hideCannotAccessYourAccount?: boolean;
    /** True hides the forgot-password link of the sign-in form (text: `customForgotMyPasswordText`). */
    readonly hideForgotMyPassword?: boolean;
    /** True hides the footer's privacy and cookies link (`customPrivacyAndCookiesText`, `customPrivacyAndCookiesUrl`). */
    readonly hidePrivacyAndCookies?: boolean;
    /** True hides the self-service password reset "reset it now" link. */
    readonly hideResetItNow?: boolean;
    /** True hides the footer's terms-of-use link (`customTermsOfUseText`, `customTermsOfUseUrl`). */
    readonly hideTermsOfUse?: boolean;
}

/** A key and its text. */
export interface BrandingKeyValue {
    /** Not empty. */
    readonly key: string;
    /** The text for `key`; may be empty. */
    readonly value: string;
}

/** Texts of the sign-up and sign-in flows; Microsoft Entra External ID (external tenants) only. */
export interface ContentCustomization {
    /** Texts of the attribute collection pages (the attributes a user enters when signing up), by key. */
    readonly attributeCollection?: readonly BrandingKeyValue[];
    /** Texts of the registration campaign (the prompt to register for multifactor authentication), by key. */
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
    /**
     * Take the branding over as it is, even when it already shows every value this resource sets. Without it such a
     * create is refused: it is what a branding another tenantkit resource holds looks like (a replacement the engine
     * creates before it deletes the replaced resource, or a rename without an alias), and that resource's delete would
     * give the tenant its earlier branding back. Read only when the resource is created: a later change makes no diff.
     */
    readonly adopt?: boolean;
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
    /** Hex SHA-256 of the file's bytes: images are compared by it, so new content with the same path is an update. */
    readonly sha256: string;
    /** Bytes. */
    readonly size: number;
    /** The content type it is uploaded with: `image/png`, `image/jpeg`, `image/vnd.microsoft.icon` or `text/css`. */
    readonly contentType: string;
    /** Pixels; null for CSS, and for an image a refresh found in the tenant that the program did not upload. */
    readonly width: number | null;
    /** Pixels; null for CSS, and for an image a refresh found in the tenant that the program did not upload. */
    readonly height: number | null;
}

type Texts = Omit<
    BrandingProperties,
    | "customCannotAccessYourAccountUrl"
    | "customResetItNowText"
    | "backgroundImage"
    | "bannerLogo"
    | "squareLogo"
    | "squareLogoDark"
    | "headerLogo"
    | "favicon"
    | "customCSS"
    | "onDestroy"
    | "organizationId"
    | "adopt"
>;

/**
 * A branding as state holds it: the managed values as applied (or as found, after a refresh that saw drift),
 * undefined when not managed; images as {@link ImageState}; the CDN URLs the service serves the images from.
 */
export interface BrandingState extends Texts {
    /** The background image as applied; null when the tenant shows none, undefined when not managed. */
    readonly backgroundImage?: ImageState | null;
    /** The banner logo as applied; null when the tenant shows none, undefined when not managed. */
    readonly bannerLogo?: ImageState | null;
    /** The square logo as applied; null when the tenant shows none, undefined when not managed. */
    readonly squareLogo?: ImageState | null;
    /** The dark theme's square logo as applied; null when the tenant shows none, undefined when not managed. */
    readonly squareLogoDark?: ImageState | null;
    /** The header logo as applied; null when the tenant shows none, undefined when not managed. */
    readonly headerLogo?: ImageState | null;
    /** The favicon as applied; null when the tenant shows none, undefined when not managed. */
    readonly favicon?: ImageState | null;
    /** The custom CSS file as applied; null when the tenant shows none, undefined when not managed. */
    readonly customCSS?: ImageState | null;
    /** The organization (tenant) id. */
    readonly organizationId: string;
    /** What destroy, or dropping a property from the program, does; `restore` unless set. Changing it updates state only. */
    readonly onDestroy: OnDestroy;
    /** The managed properties: those the program sets. */
    readonly managed: readonly string[];
    /** Base URLs of the CDNs that serve the images; combine with a `*RelativeUrl`. */
    readonly cdnList: readonly string[];
    /** Where the service serves the background image, relative to a `cdnList` host; null when it has none. Managed or not. */
    readonly backgroundImageRelativeUrl: string | null;
    /** Where the service serves the banner logo, relative to a `cdnList` host; null when it has none. Managed or not. */
    readonly bannerLogoRelativeUrl: string | null;
    /** Where the service serves the square logo, relative to a `cdnList` host; null when it has none. Managed or not. */
    readonly squareLogoRelativeUrl: string | null;
    /** Where the service serves the dark square logo, relative to a `cdnList` host; null when it has none. Managed or not. */
    readonly squareLogoDarkRelativeUrl: string | null;
    /** Where the service serves the header logo, relative to a `cdnList` host; null when it has none. Managed or not. */
    readonly headerLogoRelativeUrl: string | null;
    /** Where the service serves the favicon, relative to a `cdnList` host; null when it has none. Managed or not. */
    readonly faviconRelativeUrl: string | null;
    /** Where the service serves the custom CSS, relative to a `cdnList` host; null when it has none. Managed or not. */
    readonly customCSSRelativeUrl: string | null;
    /** `cdnList` and every `*RelativeUrl` as one object, as state keeps them; read the named outputs instead. */
    readonly cdn: { readonly [key: string]: readonly string[] | string | null };
}

/** A localization as state holds it. */
export interface LocalizationState extends BrandingState {
    /** The locale, a culture name such as `fr-FR`. Changing it replaces the resource. */
    readonly locale: string;
}
