export { OrganizationalBrandingLocalization } from "./resource";
