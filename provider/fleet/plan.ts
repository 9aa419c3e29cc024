/**
 * What each tenant's stack gets: the fleet's standard with the tenant's overrides applied, plus the tenant's own
 * resources, its settings and where its credentials are. The runner reads only these shapes; loadFleet (fleetFile.ts)
 * builds them from a file that validate.ts has accepted, so nothing here checks again.
 */

/** Where a credential's value is: an environment variable of the runner, or a secret key of the tenant's stack config. */
export type SecretRef = { readonly env: string } | { readonly config: string };

/**
 * A resource as a Pulumi YAML program's `resources:` holds it. Assets are `{ "fn::fileAsset": <absolute path> }` (a
 * path of the file resolved against the fleet file's folder). `options` holds only
 * the keys vocabulary.ts's OPTION_FIELDS lists, and its `dependsOn` names other resources of the same tenant.
 */
export interface ResourceSpec {
    readonly type: string;
    readonly properties: Record<string, unknown>;
    readonly options?: Record<string, unknown>;
}

export interface TenantPlan {
    /** The stack's name. */
    readonly name: string;
    /** The tenant id or a verified domain: the provider's `tenantId`. */
    readonly tenant: string;
    /** Plain provider settings: the fleet's `settings` merged with the tenant's, plus `clientId`. */
    readonly settings: Record<string, string>;
    /** Provider config key (such as `clientSecret`) to where its value is. */
    readonly secrets: Record<string, SecretRef>;
    /** The standard with this tenant's overrides applied, plus its own resources. */
    readonly resources: Record<string, ResourceSpec>;
}

/** A tenant entry as validate.ts accepts it: plain data, asset paths already absolute. */
export interface TenantInput {
    readonly name: string;
    readonly tenant: string;
    readonly settings: Record<string, string>;
    readonly secrets: Record<string, SecretRef>;
    /** Resource name to property to its value for this tenant; `null` removes the standard's value. */
    readonly overrides: Record<string, Record<string, unknown>>;
    readonly resources: Record<string, ResourceSpec>;
}

/** A fleet file as validate.ts accepts it. */
export interface FleetInput {
    readonly project: string;
    readonly settings: Record<string, string>;
    readonly standard: Record<string, ResourceSpec>;
    readonly tenants: readonly TenantInput[];
}

/**
 * Each tenant's plan, in the order of the file. An override replaces the standard's value of that property whole (a
 * list or an object too: what a tenant gets is then readable from its override alone, and a list such as a dataset's
 * tables has no key to merge entries by); an override of `null` removes the property for that tenant.
 */
export function planTenants(fleet: FleetInput): TenantPlan[] {
    return fleet.tenants.map((t) => {
        const resources: Record<string, ResourceSpec> = {};
        for (const [name, spec] of Object.entries(fleet.standard)) {
            const properties = structuredClone(spec.properties);
            for (const [property, value] of Object.entries(t.overrides[name] ?? {})) {
                if (value === null) delete properties[property];
                else properties[property] = structuredClone(value);
            }
            resources[name] = withOptions(spec.type, properties, spec.options);
        }
        for (const [name, spec] of Object.entries(t.resources))
            resources[name] = withOptions(spec.type, structuredClone(spec.properties), spec.options);
        return {
            name: t.name,
            tenant: t.tenant,
            settings: { ...fleet.settings, ...t.settings },
            secrets: { ...t.secrets },
            resources,
        };
    });
}

function withOptions(type: string, properties: Record<string, unknown>, options: Record<string, unknown> | undefined): ResourceSpec {
    return options === undefined ? { type, properties } : { type, properties, options: structuredClone(options) };
}
