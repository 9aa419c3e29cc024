/**
 * The exact `__provider` text that every tenantkit resource stores in state, twice (DESIGN.md, "The serialization
 * rule"): the SDK's serializeFunction output for `handlerStub(modulePath)` as compiled into bin/. Pinned, so that a
 * comment or any other byte that creeps into the stub shows up as a failing test instead of as heavier state.
 */
import { handlerModule, RESOURCES } from "../../provider/resources";

/** Every resource kind's handler module, by its folder under provider/ (the module paths are a public contract). */
export const RESOURCE_HANDLERS: Readonly<Record<string, string>> = Object.fromEntries(
    RESOURCES.map((r) => [`${r.area}/${r.folder}`, handlerModule(r)]),
);

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
        "        return require(m).configure(this, r);",
        "    };",
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

/**
 * The stub text tenantkit 0.1 wrote into state for the resource in `folder` (`<area>/<resource>`): the module path
 * under bin/, the handler's `configure` called on itself. State keeps it after an upgrade (outputs keep it until the
 * next update, and read, refresh and delete run the outputs' stub), so the installed handler must serve it.
 */
export function stubTextBefore02(folder: string): string {
    return expectedStubText(`pulumi-tenantkit/bin/${folder}/handler`).replace(
        "        return require(m).configure(this, r);\n    };",
        "            return require(m).handler.configure.call(this, r);\n        };",
    );
}
