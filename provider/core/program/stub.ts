/**
 * How a resource class binds to its handler (DESIGN.md, "The serialization rule").
 *
 * `pulumi.dynamic.Resource` serializes the provider object, with its closure, into every resource's state, and
 * the engine later runs it in the provider host, maybe on another machine. So the object we hand over is a stub
 * that captures one string, the handler's module path under the package name, and `require`s it at call time:
 * the installed version of tenantkit always runs, and no schema, client or credential is ever captured.
 */
import type * as pulumi from "@pulumi/pulumi";

/**
 * The module a resource's stub requires: `pulumi-tenantkit/<area>/<resource>`, mapped by the package's exports to
 * `bin/<area>/<resource>/handler.js`. A public contract: state calls it after upgrades. (State written before 0.2
 * calls `pulumi-tenantkit/bin/<area>/<resource>/handler`, which stays exported.)
 */
export type HandlerModule = `pulumi-tenantkit/${"devops" | "entra" | "powerbi"}/${string}`;

/**
 * The thin stub for one handler module: one `configure` function that captures only the module path (a string). The
 * provider host calls `configure` once on each deserialized provider object before any operation (`getProvider` in
 * @pulumi/pulumi/cmd/dynamic-provider, since dynamic providers got `configure` in 2024), so the stub requires the
 * handler by package name and hands itself to the module's `configure`, which installs the operations
 * (core/host/handler.ts). `__provider` is stored twice per resource, so the text is as short as the SDK's serializer
 * allows: a short module path, the module's own `configure` export, and the method at the shallowest indentation
 * (the serializer keeps the source's whitespace). Sizes in DESIGN.md, "The serialization rule". Keep the text stable:
 * old state keeps calling it after upgrades, and always runs the installed handler. Nothing inside `configure` may be
 * a comment: the SDK serializes its source text as it is, comments included (test/cli/stubs.spec.ts pins that
 * text); the lint exemption for its `require` lives in eslint.config.mjs for this file.
 */
export function handlerStub(m: HandlerModule): pulumi.dynamic.ResourceProvider {
    // `create` and the other operations exist once the host has called `configure`, which it always does first.
    return stubOf(m) as unknown as pulumi.dynamic.ResourceProvider;
}

const stubOf = (m: HandlerModule) => ({
    configure(this: object, r: pulumi.dynamic.ConfigureRequest): Promise<void> {
        return require(m).configure(this, r);
    },
});
