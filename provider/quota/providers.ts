/**
 * Which provider a registration uses and what it tells about scopes (host, account, subscription), seen from a
 * stack transformation, which runs before the SDK resolves providers (resource.js: transformations come first).
 */
import * as pulumi from "@pulumi/pulumi";
import type { PlannedResource } from "./types";

type ProviderInfo = NonNullable<PlannedResource["provider"]>;

/**
 * Provider inputs that name a scope. Only these are kept: a provider's other inputs hold credentials, which the
 * quota checks never need and must not hold.
 */
const SCOPE_INPUTS = ["host", "accountId", "workspaceId", "subscriptionId"] as const;

/** Environment variables the providers read when their config is not set (databricks SDK, azure-native). */
const ENV_FALLBACK: Record<string, Record<string, string>> = {
    databricks: { host: "DATABRICKS_HOST", accountId: "DATABRICKS_ACCOUNT_ID" },
    "azure-native": { subscriptionId: "ARM_SUBSCRIPTION_ID" },
    azure: { subscriptionId: "ARM_SUBSCRIPTION_ID" },
};

/** The package of a type token: `databricks` of `databricks:index/job:Job`. */
export function packageOf(type: string): string {
    return type.split(":")[0] ?? "";
}

/** Scope inputs of the providers seen so far, by provider resource. */
export class ProviderRegistry {
    private readonly known = new WeakMap<pulumi.Resource, ProviderInfo>();
    private readonly defaults = new Map<string, ProviderInfo | undefined>();

    /** Records an explicit provider's scope inputs (only those that are plain values now). */
    remember(provider: pulumi.Resource, name: string, props: Record<string, unknown>): void {
        const inputs: Record<string, unknown> = {};
        for (const key of SCOPE_INPUTS) if (typeof props[key] === "string") inputs[key] = props[key];
        this.known.set(provider, { name, inputs });
    }

    /** The provider a registration of `type` with these options will use; undefined for an unknown default. */
    providerFor(type: string, opts: RegistrationOptions): ProviderInfo | undefined {
        const explicit =
            opts.provider ?? (opts.providers ? providersOption(opts.providers, packageOf(type)) : undefined) ?? opts.parent?.getProvider(type);
        if (!explicit) return this.defaultProvider(packageOf(type));
        return this.known.get(explicit) ?? { name: nameOf(explicit), inputs: {} };
    }

    /** The default provider: its inputs come from stack config (`<pkg>:host`), else the provider's env vars. */
    private defaultProvider(pkg: string): ProviderInfo | undefined {
        if (this.defaults.has(pkg)) return this.defaults.get(pkg);
        const config = new pulumi.Config(pkg);
        const inputs: Record<string, unknown> = {};
        for (const key of SCOPE_INPUTS) {
            const env = ENV_FALLBACK[pkg]?.[key];
            const value = config.get(key) ?? (env ? process.env[env] : undefined);
            if (value) inputs[key] = value;
        }
        const info = Object.keys(inputs).length > 0 ? { name: "default", inputs } : undefined;
        this.defaults.set(pkg, info);
        return info;
    }
}

/** The options a transformation sees, for every resource (`provider` of custom, `providers` of component resources). */
type RegistrationOptions = pulumi.ResourceOptions & pulumi.ComponentResourceOptions & { provider?: pulumi.ProviderResource };

function providersOption(providers: pulumi.ComponentResourceOptions["providers"], pkg: string): pulumi.ProviderResource | undefined {
    if (!providers) return undefined;
    if (Array.isArray(providers)) return providers.find((p) => providerPackage(p) === pkg);
    return providers[pkg];
}

/** A provider's package; `getPackage` is in the SDK's JS since 3.x but not in its typings. */
function providerPackage(p: pulumi.ProviderResource): string | undefined {
    return (p as unknown as { getPackage?(): string }).getPackage?.();
}

/**
 * The name of a provider constructed before `enforceQuotas` ran (so never seen by the transform): the SDK keeps
 * it in `__name`, set synchronously by the Resource constructor; the URN is only a promise.
 */
function nameOf(provider: pulumi.ProviderResource): string {
    const name = (provider as unknown as { __name?: unknown }).__name;
    return typeof name === "string" ? name : `unnamed ${providerPackage(provider) ?? ""} provider`;
}
