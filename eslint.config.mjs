// Lint for the whole repository, run by `npm test` (`npm run lint`). Beside typescript-eslint's recommended rules it
// writes down the architecture (DESIGN.md, "Boundaries") as import rules, so that a change that crosses a boundary fails
// CI instead of a review. Import cycles, type imports included, are found by test/core/boundaries.spec.ts: the plugin's
// no-cycle rule skipped type imports and took nine tenths of the lint's time.
import * as fs from "node:fs";
import { createRequire } from "node:module";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import importPlugin from "eslint-plugin-import";
import tseslint from "typescript-eslint";

/**
 * Folders that hold one resource each, from the registry (provider/resources.ts), loaded through ts-node so that lint
 * needs no build: the registry and the definitions it imports load no handler and no client.
 */
const require = createRequire(import.meta.url);
require("ts-node").register({ transpileOnly: true, compilerOptions: { module: "commonjs" } });
const { RESOURCES, resourceFolder } = require("./provider/resources.ts");
const RESOURCE_FOLDERS = RESOURCES.map(resourceFolder);
/** Service and area folders that core must not know. */
const AREAS = ["provider/entra", "provider/powerbi", "provider/devops", "provider/quota"];

/** The folders of provider/core, lowest first. */
const CORE_FOLDERS = ["model", "errors", "settings", "http", "auth", "host", "program"];

/** The emulator's rooms below its root, lowest first, and its service folders above them; the root (the server, its
 * dispatch and admin API, the command, the client) is the top. */
const EMULATOR_LOW = ["base", "store", "http"];
const EMULATOR_SERVICES = ["graph", "login", "powerbi", "devops", "branding", "seeds"];
const EMULATOR_TOP = fs
    .readdirSync(new URL("./emulator", import.meta.url))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => `./emulator/${f}`);

const zones = [
    // core is what every resource stands on: it knows no resource and no area.
    ...AREAS.map((from) => ({
        target: "./provider/core",
        from: `./${from}`,
        message: "provider/core knows no resource: move the shared part into core, or the resource's part out of it",
    })),
    // core's rooms, lowest first (each folder's README.md says what it owns): a folder imports only the folders before it.
    ...CORE_FOLDERS.flatMap((target, i) =>
        CORE_FOLDERS.slice(i + 1).map((from) => ({
            target: `./provider/core/${target}`,
            from: `./provider/core/${from}`,
            message: `provider/core/${target} sits below provider/core/${from} and may not import it (provider/core/${target}/README.md): move what both need down`,
        })),
    ),
    // A resource folder does not reach into another's; what two share lives in a folder named for it.
    ...RESOURCE_FOLDERS.flatMap((target) =>
        RESOURCE_FOLDERS.filter((from) => from !== target).map((from) => ({
            target: `./${target}`,
            from: `./${from}`,
            message: "a resource folder does not import another resource's: move what both need into a shared folder named for it",
        })),
    ),
    // The plugin is a front end over the handlers: nothing else in provider/ depends on it, and it loads none of the
    // program side (the resource classes, the get functions, the stub), which loads @pulumi/pulumi's runtime.
    ...[...AREAS, "provider/core"].map((target) => ({
        target: `./${target}`,
        from: "./provider/plugin",
        message: "the handlers and the dynamic resources know nothing of the provider plugin",
    })),
    {
        target: "./provider/plugin",
        from: [
            "./provider/index.ts",
            "./provider/core/program",
            ...RESOURCE_FOLDERS.flatMap((f) => [`./${f}/resource.ts`, `./${f}/functions.ts`, `./${f}/index.ts`]),
        ],
        message: "the provider plugin loads no program-side module (resource classes, get functions, stubs)",
    },
    // The fleet file (provider/fleet/) is read by tenantkit-fleet's runner alone: nothing else in provider/ depends on
    // it, and it stands on the schema, core/model and core/errors only (the runner redacts with the latter), so that
    // checking a file, or running a fleet, loads no handler, client or plugin in this process: the plugin does that.
    ...[...AREAS, "provider/core", "provider/plugin", "provider/index.ts", "provider/resources.ts"].map((target) => ({
        target: `./${target}`,
        from: "./provider/fleet",
        message: "nothing in provider/ but the fleet runner imports provider/fleet (provider/fleet/README.md)",
    })),
    {
        target: "./provider/fleet",
        from: [
            ...AREAS,
            "./provider/plugin",
            "./provider/index.ts",
            ...CORE_FOLDERS.filter((f) => f !== "model" && f !== "errors").map((f) => `provider/core/${f}`),
        ].map((f) => (f.startsWith("./") ? f : `./${f}`)),
        message:
            "provider/fleet reads schema.json, provider/core/model and core/errors only: no handler, client, settings or plugin (provider/fleet/README.md)",
    },
    // The emulator's rooms: a folder imports only those below it (emulator/<folder>/README.md).
    ...EMULATOR_LOW.map((target, i) => ({
        target: `./emulator/${target}`,
        from: [...[...EMULATOR_LOW.slice(i + 1), ...EMULATOR_SERVICES].map((f) => `./emulator/${f}`), ...EMULATOR_TOP],
        message: `emulator/${target} sits below the emulator's services and root (emulator/${target}/README.md): move what both need down`,
    })),
    ...EMULATOR_SERVICES.map((target) => ({
        target: `./emulator/${target}`,
        from: EMULATOR_TOP,
        message: "a service of the emulator imports nothing from its root (the server, dispatch, admin API): move what both need into emulator/http",
    })),
    // The emulator is written from the services' documentation, so it catches the provider's mistakes instead of sharing them.
    { target: "./emulator", from: "./provider", message: "the emulator imports nothing from the provider" },
    // The branding preview is written from Microsoft's documentation too; the emulator serves its page, so it may not
    // depend back on the emulator, and the emulator takes only its page (not the command, the browser or playwright).
    {
        target: "./branding-preview",
        from: ["./provider", "./emulator"],
        message: "the branding preview imports nothing from the provider or the emulator",
    },
    {
        target: "./emulator",
        from: "./branding-preview",
        except: ["./model.ts", "./page.ts", "./page-script.ts"],
        message: "the emulator takes the sign-in page from branding-preview, nothing else (no browser, no command)",
    },
    // Shipped and tooling code never depends on tests.
    ...["provider", "emulator", "branding-preview", "harness", "scripts", "bench"].map((target) => ({
        target: `./${target}`,
        from: "./test",
        message: "only tests import from test/",
    })),
];

export default tseslint.config(
    {
        // .tenantkit/: what programs and tests write at run time (records, program copies), never source.
        ignores: [
            "bin/**",
            "plugin/**",
            "sdk/**",
            "node_modules/**",
            "**/*.d.ts",
            "test/fixtures/consumer/typo.ts",
            "**/.pulumi/**",
            "**/.tenantkit/**",
        ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
        files: ["**/*.ts", "**/*.js", "**/*.mjs"],
        plugins: { import: importPlugin },
        settings: {
            "import/resolver": { node: { extensions: [".ts", ".js", ".d.ts"] } },
            "import/extensions": [".ts", ".js"],
            "import/parsers": { "@typescript-eslint/parser": [".ts"] },
        },
        languageOptions: {
            globals: {
                require: "readonly",
                module: "writable",
                exports: "writable",
                process: "readonly",
                console: "readonly",
                __dirname: "readonly",
                Buffer: "readonly",
                setTimeout: "readonly",
                clearTimeout: "readonly",
                setImmediate: "readonly",
                queueMicrotask: "readonly",
                fetch: "readonly",
                URL: "readonly",
                URLSearchParams: "readonly",
                globalThis: "readonly",
            },
        },
        rules: {
            "import/no-restricted-paths": ["error", { zones }],
            // `interface X extends OutputShape<State> {}` is how a resource declares its outputs from its public shape.
            "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
            // Unused values are errors; a leading underscore marks one kept on purpose.
            "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
        },
    },
    {
        // A resource class merges with the interface of its outputs (core/model/shapes.ts OutputShape): the class declares no
        // member of its own that the interface could shadow, so the merge is the declaration, not a hazard.
        files: ["provider/**/resource.ts", "provider/**/resourceBase.ts"],
        rules: { "@typescript-eslint/no-unsafe-declaration-merging": "off" },
    },
    {
        // What an engine request carries (its cancellation, its deadline, its URN) reaches a handler and everything below
        // it as a parameter, the call's context (core/host/handler.ts, core/http/operation.ts), never ambient storage:
        // one process serves many requests at once, and a value one of them put there is another's to misread.
        files: ["provider/**/*.ts", "provider/**/*.js"],
        rules: {
            "no-restricted-imports": [
                "error",
                ...["node:async_hooks", "async_hooks"].map((name) => ({
                    name,
                    importNames: ["AsyncLocalStorage", "AsyncResource", "createHook", "executionAsyncResource"],
                    message:
                        "pass the call's context (core/host/handler.ts HandlerContext, core/http/operation.ts Operation) instead of keeping it ambient",
                })),
            ],
            "no-restricted-syntax": [
                "error",
                {
                    selector: "Identifier[name='AsyncLocalStorage']",
                    message:
                        "pass the call's context (core/host/handler.ts HandlerContext, core/http/operation.ts Operation) instead of keeping it ambient",
                },
            ],
        },
    },
    {
        // The serialized stub requires its handler at call time, by package name (DESIGN.md, "The serialization rule").
        // The exemption lives here because a comment inside the stub would be serialized into every resource's state.
        files: ["provider/core/program/stub.ts"],
        rules: { "@typescript-eslint/no-require-imports": "off" },
    },
    {
        // Plain CommonJS files (scripts, fixtures a provider host requires).
        files: ["**/*.js"],
        rules: { "@typescript-eslint/no-require-imports": "off" },
    },
    prettier,
);
