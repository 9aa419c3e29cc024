/**
 * pulumi-tenantkit: Pulumi dynamic resources for Microsoft Entra, Power BI and Azure DevOps tenants.
 * Each area is a namespace: `entra`, `powerbi`, `devops`, `quota`.
 */
export * as entra from "./entra";
export * as powerbi from "./powerbi";
export * as devops from "./devops";
export * as quota from "./quota";
export { SettingsError, SETTING_KEYS } from "./core/settings/settings";
export type { Settings } from "./core/settings/settings";
export { CLOUDS, CLOUD_NAMES } from "./core/settings/clouds";
export type { CloudName } from "./core/settings/clouds";
export type { Connection, ConnectionArgs } from "./core/settings/connectionTypes";
export type { InputArray, InputShape, InputValue, OutputShape } from "./core/model/shapes";
export type { GetOutputOptions } from "./core/program/invoke";
