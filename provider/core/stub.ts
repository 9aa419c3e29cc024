/**
 * How a resource class binds to its handler (DESIGN.md, "The serialization rule").
 *
 * `pulumi.dynamic.Resource` serializes the provider object, with its closure, into every resource's state, and
 * the engine later runs it in the provider host, maybe on another machine. So the object we hand over is a stub
 * that captures one string, the handler's module path under the package name, and `require`s it at call time:
 * the installed version of tenantkit always runs, and no schema, client or credential is ever captured.
 */
import type * as pulumi from "@pulumi/pulumi";

/** The handler module path of a resource: `pulumi-tenantkit/bin/<area>/<resource>/handler` (a public contract). */
export type HandlerModule = `pulumi-tenantkit/bin/${string}/handler`;

/**
 * The thin stub for one handler module: one `configure` function that captures only the module path (a string). The
 * provider host calls `configure` once on each deserialized provider object before any operation (`getProvider` in
 * @pulumi/pulumi/cmd/dynamic-provider, since dynamic providers got `configure` in 2024), so the stub requires the
 * handler by package name and calls the handler's `configure` on itself, which installs the operations
 * (core/handler.ts). One function keeps the text small, since `__provider` is stored twice per resource (sizes in
 * DESIGN.md, "The serialization rule"). Keep the text stable: old state keeps calling it after upgrades, and always
 * runs the installed handler. Nothing inside `configure` may be a comment: the SDK serializes its source text as it
 * is, comments included (test/cli/stubs.spec.ts pins that text); the lint exemption for its `require` lives in
 * eslint.config.mjs for this file.
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
