/**
 * pulumi-tenantkit: Pulumi dynamic resources for Microsoft Entra, Power BI and Azure DevOps tenants.
 * Each area is a namespace: `entra`, `powerbi`, `devops`, `quota`.
 */
export * as entra from "./entra";
export * as powerbi from "./powerbi";
export * as devops from "./devops";
export * as quota from "./quota";
export { SettingsError, SETTING_KEYS, type Settings } from "./core/settings";
export { CLOUDS, CLOUD_NAMES, type CloudName } from "./core/clouds";
