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
 * The thin stub for one handler module. Every method body is a `require` by package name and a call; the
 * only captured value is the module path string. Keep it this way: the text of these functions is what
 * `__provider` holds in state (twice per resource), and old state keeps calling it after upgrades.
 */
export function handlerStub(modulePath: HandlerModule): pulumi.dynamic.ResourceProvider {
    return {
        configure: (req) => require(modulePath).handler.configure(req),
        check: (olds, news) => require(modulePath).handler.check(olds, news),
        diff: (id, olds, news) => require(modulePath).handler.diff(id, olds, news),
        create: (inputs) => require(modulePath).handler.create(inputs),
        read: (id, props) => require(modulePath).handler.read(id, props),
        update: (id, olds, news) => require(modulePath).handler.update(id, olds, news),
        delete: (id, props) => require(modulePath).handler.delete(id, props),
    };
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
