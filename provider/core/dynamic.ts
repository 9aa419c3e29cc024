/**
 * The program side of every tenantkit resource: its base class and the lazily created outputs. The stub that binds
 * a resource to its handler is in stub.ts. Part of the public declarations, so no syntax newer than TypeScript 3.8
 * (core/shapes.ts says why).
 */
import * as pulumi from "@pulumi/pulumi";
import { CONNECTION_KEY } from "./connection";
import { checkProgramConfig } from "./programConfig";
import { TYPE_MODULE } from "./patterns";

/**
 * Makes the declared outputs in `keys` that `seeded` does not hold exist as outputs of `undefined`, created on first
 * access and depending on `resource`. For outputs the provider leaves empty when the program leaves them unset (a
 * branding property tenantkit does not manage, the workspace of a dataset in My workspace): the SDK pays for every
 * seeded output of every resource in every run, so seeding only what the provider fills keeps a preview cheap
 * (DESIGN.md, "Branding as desired state", has the figures).
 */
export function lazyUndefinedOutputs(resource: pulumi.CustomResource, keys: readonly string[], seeded: object): void {
    for (const key of keys) {
        if (Object.prototype.hasOwnProperty.call(seeded, key)) continue;
        let output: pulumi.Output<undefined> | undefined;
        Object.defineProperty(resource, key, { configurable: true, enumerable: true, get: () => (output ??= resource.urn.apply(() => undefined)) });
    }
}

/**
 * Makes each of `keys` an output derived from the seeded object output `carrier` (its member of that name), created
 * on first access: several outputs the provider fills together cost the SDK one seeded output instead of one each.
 */
export function lazyMemberOutputs(resource: pulumi.CustomResource, carrier: string, keys: readonly string[]): void {
    const source = (resource as unknown as Record<string, pulumi.Output<Record<string, unknown> | undefined>>)[carrier];
    for (const key of keys) {
        let output: pulumi.Output<unknown> | undefined;
        Object.defineProperty(resource, key, { configurable: true, enumerable: true, get: () => (output ??= source.apply((c) => c?.[key])) });
    }
}

/** How a resource class is bound: its stub, and which of its outputs are secrets. */
export interface BindingOptions {
    /** The resource's stub (core/stub.ts), which binds it to its handler. */
    readonly stub: pulumi.dynamic.ResourceProvider;
    /** Outputs the engine must store as secrets (applied through `additionalSecretOutputs`). */
    readonly secretOutputs?: readonly string[];
}

/**
 * Base class of every tenantkit resource: the named Pulumi type, the stub, and the secret outputs.
 * `props` must list every output as `undefined` so that the engine creates it (docs/engine-notes.md §2).
 */
export abstract class TenantkitResource extends pulumi.dynamic.Resource {
    /** In Pulumi's order, type first (`new CustomResource(type, name, props, opts)`), then what binds it to its handler. */
    protected constructor(type: string, name: string, props: pulumi.Inputs, opts: pulumi.CustomResourceOptions | undefined, binding: BindingOptions) {
        // Before registering: the engine would save the stack config, a plain-text credential included, with the
        // default provider, and a misspelled key would send this resource to the wrong endpoints.
        checkProgramConfig();
        // A connection holds credentials: secret in the inputs and in the outputs that refresh and destroy read it from.
        const connected = props[CONNECTION_KEY] !== undefined;
        if (connected) props = { ...props, [CONNECTION_KEY]: pulumi.secret(props[CONNECTION_KEY]) };
        const secretOutputs = [...(opts?.additionalSecretOutputs ?? []), ...(binding.secretOutputs ?? []), ...(connected ? [CONNECTION_KEY] : [])];
        const merged: pulumi.CustomResourceOptions = secretOutputs.length
            ? { ...opts, additionalSecretOutputs: [...new Set(secretOutputs)] }
            : { ...opts };
        super(binding.stub, name, props, merged, TYPE_MODULE, type);
    }
}
