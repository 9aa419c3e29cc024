/**
 * What the plugin serves, from the registry (provider/resources.ts): each resource's definition and its handler (the
 * same module the dynamic resources' stubs require), and each get function's definition and shared lookup
 * (`<folder>/lookup.ts`, core/host/lookup.ts). Modules load on their first call, so that the plugin answers the engine's
 * first requests (plugin info, schema, config) without loading any client.
 */
import type { TenantkitHandler } from "../core/host/handler";
import type { Lookup } from "../core/host/lookup";
import type { FunctionDefinition, ResourceDefinition } from "../core/model/definition";
import { FUNCTIONS, RESOURCES, type FunctionToken, type ResourceToken } from "../resources";

export type AnyResource = ResourceDefinition<never, never>;
export type AnyFunction = FunctionDefinition<never, never>;

/** Every resource by its type token. */
export const RESOURCE_TOKENS: ReadonlyMap<string, AnyResource> = new Map(RESOURCES.map((r) => [r.token, r]));

/** Every get function by its token. */
export const FUNCTION_TOKENS: ReadonlyMap<string, AnyFunction> = new Map(FUNCTIONS.map((f) => [f.token, f]));

/** A loader of each resource's handler, keyed by the registry's tokens: a token left out or misspelled does not compile. */
export type HandlerLoaders = { readonly [T in ResourceToken]: () => { handler: TenantkitHandler } };

/** A loader of each get function's lookup, keyed by the registry's tokens. */
export type LookupLoaders = { readonly [T in FunctionToken]: () => { lookup: Lookup<unknown, unknown> } };

/*
 * The modules by token, each required where it is needed: a bundler (scripts/plugin.ts) follows only a `require` of
 * a literal path, so these cannot be derived from the registry's paths at run time. The compiler holds the tokens to
 * the registry; test/plugin/catalog.spec.ts checks that each token loads the module at its `<area>/<folder>/handler`
 * or `<folder>/lookup`.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const HANDLERS: HandlerLoaders = {
    "tenantkit:entra:OrganizationalBranding": () => require("../entra/branding/handler"),
    "tenantkit:entra:OrganizationalBrandingLocalization": () => require("../entra/brandingLocalization/handler"),
    "tenantkit:powerbi:PushDataset": () => require("../powerbi/pushDataset/handler"),
    "tenantkit:entra:TemporaryAccessPassMethods": () => require("../entra/temporaryAccessPass/handler"),
    "tenantkit:devops:GitPush": () => require("../devops/gitPush/handler"),
};

const LOOKUPS: LookupLoaders = {
    "tenantkit:entra:getTemporaryAccessPassMethods": () => require("../entra/temporaryAccessPass/lookup"),
    "tenantkit:devops:getGitPush": () => require("../devops/gitPush/lookup"),
};
/* eslint-enable @typescript-eslint/no-require-imports */

/** The handler of a resource (the module `pulumi-tenantkit/<area>/<folder>` names). */
export function loadHandler(r: AnyResource): TenantkitHandler {
    const load = (HANDLERS as Readonly<Record<string, HandlerLoaders[ResourceToken] | undefined>>)[r.token];
    if (load === undefined) throw new Error(`tenantkit's plugin has no handler for ${r.token}`);
    return load().handler;
}

/** The lookup of a get function, exported as `lookup` by `<folder>/lookup.ts`. */
export function loadLookup(f: AnyFunction): Lookup<unknown, unknown> {
    const load = (LOOKUPS as Readonly<Record<string, LookupLoaders[FunctionToken] | undefined>>)[f.token];
    if (load === undefined) throw new Error(`tenantkit's plugin has no lookup for ${f.token}`);
    return load().lookup;
}
