export { OrganizationalBrandingLocalization, type OrganizationalBrandingLocalizationArgs } from "./resource";
