/** Microsoft Entra ID: temporary access pass lookups (area A) and organizational branding (area B). */
export * from "./temporaryAccessPass";
export * from "./branding";
export * from "./brandingLocalization";
