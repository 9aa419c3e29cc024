export { OrganizationalBranding, type OrganizationalBrandingArgs } from "./resource";
export type { BrandingImage, BrandingPropertiesArgs, ImageState } from "./resourceBase";
export type { ContentCustomization, LoginPageLayoutConfiguration, LoginPageTextVisibilitySettings, OnDestroy } from "./schema";
