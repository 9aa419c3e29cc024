/**
 * The one registry of tenantkit's resources and functions, from their definitions (core/model/definition.ts). What was
 * hand-listed in several places reads it: lint's resource folders, the package's exports of handler modules, the stub
 * and lazy-loading tests, the package schema. Definitions only: importing this loads no handler and no client.
 */
import { organizationalBranding } from "./entra/branding/definition";
import { organizationalBrandingLocalization } from "./entra/brandingLocalization/definition";
import { getTemporaryAccessPassMethods, temporaryAccessPassMethods } from "./entra/temporaryAccessPass/definition";
import { pushDataset } from "./powerbi/pushDataset/definition";
import { getGitPush, gitPush } from "./devops/gitPush/definition";
import type { FunctionDefinition, HandlerLocation, ResourceDefinition } from "./core/model/definition";

export { handlerModule, typeName } from "./core/model/definition";

const resources = [organizationalBranding, organizationalBrandingLocalization, pushDataset, temporaryAccessPassMethods, gitPush] as const;
const functions = [getTemporaryAccessPassMethods, getGitPush] as const;

/** The type token of every resource of the registry: what is keyed by it (the plugin's catalog) lists each one. */
export type ResourceToken = (typeof resources)[number]["token"];

/** The token of every get function of the registry. */
export type FunctionToken = (typeof functions)[number]["token"];

/** Every resource, in the order the schema and the reference (docs/reference.md) list them. */
export const RESOURCES = resources as unknown as readonly ResourceDefinition<never, never>[];

/** Every get function. */
export const FUNCTIONS = functions as unknown as readonly FunctionDefinition<never, never>[];

/** The module that stubs in state written before 0.2 require; exported for as long as such state may exist. */
export function legacyHandlerModule(r: HandlerLocation): string {
    return `pulumi-tenantkit/bin/${r.area}/${r.folder}/handler`;
}

/** The resource's folder in the repository, `provider/<area>/<folder>`. */
export function resourceFolder(r: HandlerLocation): string {
    return `provider/${r.area}/${r.folder}`;
}

/** The package's exports of the handler modules (both paths), as package.json must list them. */
export function handlerExports(): Record<string, string> {
    const entries: [string, string][] = [];
    for (const r of RESOURCES) entries.push([`./${r.area}/${r.folder}`, `./bin/${r.area}/${r.folder}/handler.js`]);
    for (const r of RESOURCES) entries.push([`./bin/${r.area}/${r.folder}/handler`, `./bin/${r.area}/${r.folder}/handler.js`]);
    return Object.fromEntries(entries);
}
