/**
 * The exact `__provider` text that every tenantkit resource stores in state, twice (DESIGN.md, "The serialization
 * rule"): the SDK's serializeFunction output for `handlerStub(modulePath)` as compiled into bin/. Pinned, so that a
 * comment or any other byte that creeps into the stub shows up as a failing test instead of as heavier state.
 */

/** Every resource kind's handler module, by its folder under provider/ (the module paths are a public contract). */
export const RESOURCE_HANDLERS = {
    "devops/gitPush": "pulumi-tenantkit/bin/devops/gitPush/handler",
    "entra/branding": "pulumi-tenantkit/bin/entra/branding/handler",
    "entra/brandingLocalization": "pulumi-tenantkit/bin/entra/brandingLocalization/handler",
    "entra/temporaryAccessPass": "pulumi-tenantkit/bin/entra/temporaryAccessPass/handler",
    "powerbi/pushDataset": "pulumi-tenantkit/bin/powerbi/pushDataset/handler",
} as const;

/** The serialized stub of the handler at `modulePath`, byte for byte. */
export function expectedStubText(modulePath: string): string {
    return [
        "exports.handler = __f0;",
        "",
        "var __provider = {configure: __f1};",
        "",
        "function __f1(__0) {",
        "  return (function() {",
        `    with({ m: ${JSON.stringify(modulePath)}, this: undefined, arguments: undefined }) {`,
        "",
        "return function /*configure*/(r) {",
        "            return require(m).handler.configure.call(this, r);",
        "        };",
        "",
        "    }",
        "  }).apply(undefined, undefined).apply(this, arguments);",
        "}",
        "",
        "function __f0() {",
        "  return (function() {",
        "    with({ provider: __provider, this: undefined, arguments: undefined }) {",
        "",
        "return () => provider;",
        "",
        "    }",
        "  }).apply(undefined, undefined).apply(this, arguments);",
        "}",
        "",
    ].join("\n");
}
