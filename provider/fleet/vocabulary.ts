/**
 * What a fleet file may say: its own fields, and from the package schema (`schema.json`) the resource types, their
 * inputs and the provider's settings. The validator and the JSON Schema generator (scripts/fleetSchema.ts) both read
 * this, so the editor's completion and the loader's errors name the same fields.
 */

/** A property as the package schema declares it (Pulumi's PropertySpec, as far as tenantkit's schema uses it). */
export interface PropertySpec {
    readonly description?: string;
    readonly type?: string;
    readonly $ref?: string;
    readonly oneOf?: readonly PropertySpec[];
    readonly items?: PropertySpec;
    readonly additionalProperties?: PropertySpec;
    readonly secret?: boolean;
    readonly deprecationMessage?: string;
}

/** An object or enumeration type of the package schema. */
export interface TypeSpec {
    readonly type: string;
    readonly description?: string;
    readonly properties?: Readonly<Record<string, PropertySpec>>;
    readonly required?: readonly string[];
    readonly enum?: readonly { readonly value: string | number | boolean; readonly description?: string }[];
}

export interface ResourceTypeSpec {
    readonly description?: string;
    readonly inputProperties: Readonly<Record<string, PropertySpec>>;
    readonly requiredInputs?: readonly string[];
}

export interface PackageSchema {
    readonly config: { readonly variables: Readonly<Record<string, PropertySpec>> };
    readonly resources: Readonly<Record<string, ResourceTypeSpec>>;
    readonly types: Readonly<Record<string, TypeSpec>>;
}

/*
 * Required rather than read from disk, as the provider plugin does (provider/plugin/main.ts): the same relative path
 * reaches the repository's root from provider/fleet/ under ts-node and from bin/fleet/ once compiled.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
export const SCHEMA = require("../../schema.json") as PackageSchema;
/* eslint-enable @typescript-eslint/no-require-imports */

/** The schema's reference to an asset (`pulumi.json#/Asset`): a file or a text in a fleet file. */
export const ASSET_REF = "pulumi.json#/Asset";
/** The two ways of writing an asset, as in a Pulumi YAML program. */
export const FILE_ASSET = "fn::fileAsset";
export const STRING_ASSET = "fn::stringAsset";

/** The type token a `$ref` to `#/types/<token>` names, if it is one. */
export function typeRefToken(ref: string): string | undefined {
    return ref.startsWith("#/types/") ? ref.slice("#/types/".length) : undefined;
}

/**
 * The credentials: every provider setting the schema marks secret. A fleet file gives them per tenant and only as
 * references, so that the file can be committed and no value passes through the runner's output.
 */
export const CREDENTIALS: readonly string[] = Object.entries(SCHEMA.config.variables)
    .filter(([, v]) => v.secret === true)
    .map(([k]) => k);

/** The provider setting that the tenant entry's `tenant` fills. */
export const TENANT_SETTING = "tenantId";

/** The settings a fleet's or a tenant's `settings` may hold: every plain provider setting but the tenant. */
export const PLAIN_SETTINGS: readonly string[] = Object.entries(SCHEMA.config.variables)
    .filter(([k, v]) => v.secret !== true && k !== TENANT_SETTING)
    .map(([k]) => k);

/** The top-level fields of a fleet file. */
export const FLEET_FIELDS = ["project", "settings", "standard", "tenants"] as const;

/** The fields of a tenant entry besides its credentials. */
export const TENANT_PLAIN_FIELDS = ["name", "tenant", "clientId", "settings", "overrides", "resources"] as const;
/** Every field of a tenant entry. */
export const TENANT_FIELDS: readonly string[] = [...TENANT_PLAIN_FIELDS, ...CREDENTIALS];

/** The fields of a resource, as in a Pulumi YAML program's `resources:`. */
export const RESOURCE_FIELDS = ["type", "properties", "options"] as const;

/**
 * The resource options a fleet file may set, a subset of Pulumi YAML's that means the same for every tenant's stack.
 * `dependsOn` names other resources of the same tenant.
 */
export const OPTION_FIELDS = ["protect", "retainOnDelete", "deleteBeforeReplace", "ignoreChanges", "dependsOn", "customTimeouts"] as const;
/** The operations `customTimeouts` sets a limit for. */
export const TIMEOUT_FIELDS = ["create", "update", "delete"] as const;
/** A Go duration, as Pulumi's customTimeouts take it (`5m`, `1h30m`). */
export const DURATION = /^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/;

/**
 * The resource input a fleet file refuses: `connection` would carry credentials as plain values, and would point a
 * resource of every tenant's stack at one tenant; each stack signs in with its tenant entry instead.
 */
export const REFUSED_INPUT = "connection";

/** A Pulumi project or stack name (pulumi's tokens.ValidateProjectName and stack name rules). */
export const PULUMI_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/** A resource's name in the fleet file: it becomes the resource's logical name in each stack's URN. */
export const RESOURCE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** A verified domain of a tenant, such as `contoso.onmicrosoft.com` or `contoso.com`. */
export const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** An environment variable's name, as a `{ env: NAME }` credential reference takes it. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A stack config key, as a `{ config: key }` credential reference takes it (`key` or `namespace:key`). */
export const CONFIG_KEY = /^(?:[A-Za-z0-9_.-]+:)?[A-Za-z0-9_.-]+$/;
