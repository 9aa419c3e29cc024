/**
 * One version everywhere: the npm package's (package.json) is the schema's, the one the bundled plugin reports to the
 * engine (GetPluginInfo), each SDK's package version and the plugin version each SDK asks the engine for
 * (pulumi-plugin.json, the Node.js package's `pulumi` block, the Go SDK's resource and invoke defaults), and the one
 * the YAML programs the docs show pin. A release bumps package.json, then `npm run schema`, `npm run sdk` and
 * `npm run build` carry it everywhere else but those YAML programs (examples/yaml, the plugin-yaml fixture, README's
 * first program), whose version is set by hand.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { spawnPlugin } from "../plugin/protocol/client";

const ROOT = path.resolve(__dirname, "..", "..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const json = <T>(file: string) => JSON.parse(read(file)) as T;
const VERSION = json<{ version: string }>("package.json").version;

describe(`one version everywhere (package.json's ${VERSION})`, () => {
    it("schema.json", () => {
        assert.equal(json<{ version: string }>("schema.json").version, VERSION);
    });

    it("the bundled plugin's GetPluginInfo, the version the engine installs it under", async function () {
        this.timeout(30_000);
        const plugin = await spawnPlugin({ main: path.join(ROOT, "plugin", "index.js") });
        try {
            assert.deepEqual(await plugin.client.getPluginInfo(), { version: VERSION });
        } finally {
            await plugin.close();
        }
    });

    it("the Node.js SDK's package and the plugin it asks for", () => {
        const pkg = json<{ version: string; pulumi: { name: string; version: string } }>("sdk/nodejs/package.json");
        assert.deepEqual([pkg.version, pkg.pulumi.name, pkg.pulumi.version], [VERSION, "tenantkit", VERSION]);
    });

    it("the Python SDK's pyproject.toml and the plugin it asks for", () => {
        assert.deepEqual(
            [...read("sdk/python/pyproject.toml").matchAll(/^\s*version = "([^"]*)"$/gm)].map((m) => m[1]),
            [VERSION],
        );
        const plugin = json<{ name: string; version?: string }>("sdk/python/pulumi_tenantkit/pulumi-plugin.json");
        assert.deepEqual([plugin.name, plugin.version], ["tenantkit", VERSION]);
    });

    for (const program of ["examples/yaml/Pulumi.yaml", "test/fixtures/programs/plugin-yaml/Pulumi.yaml", "test/readme/first-program/Pulumi.yaml"]) {
        it(`${program}'s resource options, which name the plugin the engine downloads (YAML has no SDK to name it; the docs show it)`, () => {
            const options = [...read(program).matchAll(/^( +)options:\n((?:\1 +.*\n)+)/gm)].map((m) =>
                Object.fromEntries([...m[2]!.matchAll(/^ +(version|pluginDownloadURL): (\S+)$/gm)].map((f) => [f[1], f[2]])),
            );
            assert.deepEqual(options, [{ version: VERSION, pluginDownloadURL: "github://api.github.com/pulumi-tenantkit" }]);
        });
    }

    it("the Go SDK's pulumi-plugin.json and the version its resources and invokes register with", () => {
        // pulumi-plugin.json is what the engine reads of an SDK; the Go generator writes its version, and registers
        // resources and invokes with it, only under language.go.respectSchemaVersion (issue 37).
        const plugin = json<{ name: string; version?: string }>("sdk/go/tenantkit/pulumi-plugin.json");
        assert.deepEqual([plugin.name, plugin.version], ["tenantkit", VERSION]);
        const defaults = [...read("sdk/go/tenantkit/internal/pulumiUtilities.go").matchAll(/semver\.MustParse\("([^"]*)"\)/g)].map((m) => m[1]);
        assert.deepEqual(defaults, [VERSION, VERSION], "PkgResourceDefaultOpts and PkgInvokeDefaultOpts");
    });
});
