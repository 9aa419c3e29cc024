/**
 * How a resource class binds to its handler (DESIGN.md, "The serialization rule").
 *
 * `pulumi.dynamic.Resource` serializes the provider object, with its closure, into every resource's state, and
 * the engine later runs it in the provider host, maybe on another machine. So the object we hand over is a stub
 * that captures one string, the handler's module path under the package name, and `require`s it at call time:
 * the installed version of tenantkit always runs, and no schema, client or credential is ever captured.
 */
import * as pulumi from "@pulumi/pulumi";

/** The handler module path of a resource: `pulumi-tenantkit/bin/<area>/<resource>/handler` (a public contract). */
export type HandlerModule = `pulumi-tenantkit/bin/${string}/handler`;

/**
 * The thin stub for one handler module: one `configure` function that captures only the module path (a string). The
 * provider host calls `configure` once on each deserialized provider object before any operation (`getProvider` in
 * @pulumi/pulumi/cmd/dynamic-provider, since dynamic providers got `configure` in 2024), so the stub requires the
 * handler by package name and calls the handler's `configure` on itself, which installs the operations
 * (core/handler.ts). The SDK's serializer wraps every function in ~170 bytes and `__provider` is stored twice per
 * resource: seven forwarding methods measured 2036 bytes, a stub that installed them itself 790, this one 599 (a bare
 * one-method provider: 524). Keep the text stable: old state keeps calling it after upgrades, and always runs the
 * installed handler; the handler keeps accepting older stubs (which install the operations and call `h.configure(r)`).
 */
export function handlerStub(modulePath: HandlerModule): pulumi.dynamic.ResourceProvider {
    const m: string = modulePath;
    const stub = {
        configure(this: object, r: pulumi.dynamic.ConfigureRequest): Promise<void> {
            return require(m).handler.configure.call(this, r);
        },
    };
    // `create` and the other operations exist once the host has called `configure`, which it always does first.
    return stub as unknown as pulumi.dynamic.ResourceProvider;
}

/**
 * Makes the declared outputs in `keys` that `seeded` does not hold exist as outputs of `undefined`, created on first
 * access and depending on `resource`. For outputs the provider leaves empty when the program leaves them unset (a
 * branding property tenantkit does not manage, the workspace of a dataset in My workspace): the SDK pays for every
 * seeded output of every resource in every run (four promises, each with a captured stack trace, in
 * runtime/rpc.js transferProperties), so a localization seeding all 40 of its outputs previewed at 2.5x the cost of
 * a bare dynamic resource (bench/preview.ts).
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

/** The Pulumi module of every tenantkit type: `pulumi-nodejs:dynamic/tenantkit:<Type>`. */
export const TYPE_MODULE = "tenantkit";

export interface BindingOptions {
    /** Outputs the engine must store as secrets (applied through `additionalSecretOutputs`). */
    readonly secretOutputs?: readonly string[];
}

/**
 * Base class of every tenantkit resource: the named Pulumi type, the stub, and the secret outputs.
 * `props` must list every output as `undefined` so that the engine creates it (ENGINE-HARNESS.md §2).
 */
export abstract class TenantkitResource extends pulumi.dynamic.Resource {
    protected constructor(
        stub: pulumi.dynamic.ResourceProvider,
        type: string,
        name: string,
        props: pulumi.Inputs,
        opts: pulumi.CustomResourceOptions | undefined,
        binding: BindingOptions = {},
    ) {
        const secretOutputs = [...(opts?.additionalSecretOutputs ?? []), ...(binding.secretOutputs ?? [])];
        const merged: pulumi.CustomResourceOptions = secretOutputs.length
            ? { ...opts, additionalSecretOutputs: [...new Set(secretOutputs)] }
            : { ...opts };
        super(stub, name, props, merged, TYPE_MODULE, type);
    }
}
