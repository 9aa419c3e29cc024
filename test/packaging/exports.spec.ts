/**
 * What a program can load from the package by name (package.json "exports"). State calls each resource's handler by
 * package name (`pulumi-tenantkit/<area>/<resource>`, core/program/stub.ts; state written before 0.2 calls
 * `pulumi-tenantkit/bin/<area>/<resource>/handler`), so both paths must resolve; the
 * package's internal modules must not, so no program comes to depend on them. Resolved from inside the checkout,
 * where Node resolves the package's own name through the same "exports" an installed copy has.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { handlerExports, handlerModule, RESOURCES } from "../../provider/resources";

const ROOT = path.resolve(__dirname, "..", "..");

/** `<area>/<resource>` of every resource folder that has a handler. */
function resourceFolders(): string[] {
    const provider = path.join(ROOT, "provider");
    // core knows no resource: its host/handler.ts is what every handler is defined with, not a resource's.
    return fs
        .readdirSync(provider, { withFileTypes: true })
        .filter((d) => d.isDirectory() && d.name !== "core")
        .flatMap((area) =>
            fs
                .readdirSync(path.join(provider, area.name), { withFileTypes: true })
                .filter((d) => d.isDirectory() && fs.existsSync(path.join(provider, area.name, d.name, "handler.ts")))
                .map((d) => `${area.name}/${d.name}`),
        );
}

describe("the package's exports", () => {
    it("resolve every resource's handler by the package path its stub requires", () => {
        const folders = resourceFolders();
        assert.deepEqual(
            folders.sort(),
            RESOURCES.map((r) => `${r.area}/${r.folder}`).sort(),
            "the registry (provider/resources.ts) lists every handler folder",
        );
        for (const r of RESOURCES) {
            assert.equal(require.resolve(handlerModule(r)), path.join(ROOT, "bin", r.area, r.folder, "handler.js"), handlerModule(r));
        }
    });

    it("list exactly the registry's handler modules, by today's path and the path before 0.2", () => {
        const exported = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { exports: Record<string, unknown> }).exports;
        const handlers = Object.fromEntries(
            Object.entries(exported).filter(([, target]) => typeof target === "string" && target.endsWith("/handler.js")),
        );
        assert.deepEqual(handlers, handlerExports(), "package.json exports: set these entries");
    });

    it("resolve every resource's handler by the package path of stubs in state written before 0.2", () => {
        for (const folder of resourceFolders()) {
            const name = `pulumi-tenantkit/bin/${folder}/handler`;
            assert.equal(require.resolve(name), path.join(ROOT, "bin", folder, "handler.js"), name);
        }
    });

    it("resolve the package itself, its package.json and the two command-line tools", () => {
        assert.equal(require.resolve("pulumi-tenantkit"), path.join(ROOT, "bin", "index.js"));
        assert.equal(require.resolve("pulumi-tenantkit/package.json"), path.join(ROOT, "package.json"));
        for (const cli of ["quota/cli", "emulator/cli"])
            assert.equal(require.resolve(`pulumi-tenantkit/bin/${cli}`), path.join(ROOT, "bin", `${cli}.js`));
    });

    it("resolve the emulator's entry point for a user's own tests, with its types", () => {
        assert.equal(require.resolve("pulumi-tenantkit/emulator"), path.join(ROOT, "bin", "emulator", "server.js"));
        assert.ok(fs.existsSync(path.join(ROOT, "bin", "emulator", "server.d.ts")));
    });

    it("do not resolve internal modules, with or without .js", () => {
        const internal = [
            "core/http/http",
            "core/host/handler",
            "core/http/limiter",
            "quota/check",
            "quota/tally",
            "quota/types",
            "quota/rateLimiter",
            "index",
            "emulator/client",
            "powerbi/pushDataset/resource",
        ];
        for (const module of internal) {
            assert.ok(fs.existsSync(path.join(ROOT, "bin", `${module}.js`)), `bin/${module}.js exists (else this test proves nothing)`);
            for (const name of [`pulumi-tenantkit/bin/${module}`, `pulumi-tenantkit/bin/${module}.js`]) {
                assert.throws(
                    () => require.resolve(name),
                    (e: NodeJS.ErrnoException) => e.code === "ERR_PACKAGE_PATH_NOT_EXPORTED",
                    name,
                );
            }
        }
        assert.throws(
            () => require.resolve("pulumi-tenantkit/bin/entra/branding/handler.js"),
            (e: NodeJS.ErrnoException) => e.code === "ERR_PACKAGE_PATH_NOT_EXPORTED",
        );
    });
});

describe("the shipped policy pack", () => {
    // The engine reports a pack by its own package.json ("tenantkit-quota@v0.1.0"), and an organization pins packs by
    // that version: it must say which release of the package counts the plan.
    it("has the package's version", () => {
        const read = (file: string): { version: string } => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8")) as { version: string };
        const pkg = read("package.json").version;
        assert.equal(read("policy/package.json").version, pkg, `set policy/package.json's version to ${pkg}, the package's`);
    });
});
