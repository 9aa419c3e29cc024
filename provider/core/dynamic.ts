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

/** The operations a stub can forward, besides `configure`, which every stub has. */
export type StubOperation = "check" | "diff" | "create" | "read" | "update" | "delete";
const ALL_OPERATIONS: readonly StubOperation[] = ["check", "diff", "create", "read", "update", "delete"];

/**
 * The thin stub for one handler module. Every method body is a `require` by package name and a call; the only
 * captured value is a one-field object holding the module path (cheaper than capturing the string in each
 * method: the SDK's serializer wraps every function and repeats its captured values). Keep it this way: the text
 * of these functions is what `__provider` holds in state, twice per resource, and old state keeps calling it
 * after upgrades. A resource that never needs an operation (a lookup is never updated) leaves it out: the host
 * skips a missing `delete`, and a stub of five functions serializes in about 1.5 KB instead of 2.
 */
export function handlerStub(modulePath: HandlerModule, operations: readonly StubOperation[] = ALL_OPERATIONS): pulumi.dynamic.ResourceProvider {
    const t = { m: modulePath };
    const all: Required<Pick<pulumi.dynamic.ResourceProvider, StubOperation>> = {
        check: (o, n) => require(t.m).handler.check(o, n),
        diff: (i, o, n) => require(t.m).handler.diff(i, o, n),
        create: (i) => require(t.m).handler.create(i),
        read: (i, p) => require(t.m).handler.read(i, p),
        update: (i, o, n) => require(t.m).handler.update(i, o, n),
        delete: (i, p) => require(t.m).handler.delete(i, p),
    };
    const stub: pulumi.dynamic.ResourceProvider = { configure: (r) => require(t.m).handler.configure(r), create: all.create };
    for (const op of operations) Object.assign(stub, { [op]: all[op] });
    return stub;
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
