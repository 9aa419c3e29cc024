export { OrganizationalBranding } from "./resource";
export type {
    BrandingImage,
    BrandingKeyValue,
    BrandingProperties,
    BrandingState,
    ContentCustomization,
    ImageState,
    LocalizationProperties,
    LocalizationState,
    LoginPageLayoutConfiguration,
    LoginPageTextVisibilitySettings,
    OnDestroy,
    OrganizationalBrandingArgs,
    OrganizationalBrandingLocalizationArgs,
} from "../organizationalBranding/types";
