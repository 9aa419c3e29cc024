/**
 * What the plugin loads before it is asked for a resource (issue 51): a fleet starts one plugin process per tenant
 * stack, and each pays its start. The plugin as `npm run build` bundles it (plugin/index.js) answers GetPluginInfo,
 * GetSchema and the configuration calls without reading the HTTP client, the credential libraries or the handlers:
 * they are chunks of the bundle read at the first resource request (provider/plugin/server.ts `loadOperations`).
 * The compiled plugin (bin/plugin/main.js) then checks and diffs a resource with a static token without loading an
 * HTTP client or any @azure/* package, as test/core/lazy-loading.spec.ts asserts of the handlers in the provider host.
 * Each process reports the files it loads (a preload on stderr), as the engine would start it.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { DEFAULT_PROVIDER_URN, PLUGIN_MAIN, ROOT, secret, spawnPlugin, urnOf, type RunningPlugin } from "./protocol/client";
import { DATASET, pluginEnv } from "./protocol/fixtures";

const BUNDLE = path.join(ROOT, "plugin", "index.js");
const MARK = "tenantkit-test loaded ";

/** Code that only the HTTP client and the credential libraries define (comments naming them do not count). */
const CLIENT_CODE = ["class AxiosError", "class ClientSecretCredential", "class ConfidentialClientApplication"];

// A static token: the check signs in without a request, so nothing may need the HTTP client.
const STATIC = { powerBiToken: "static-token" };

describe("what the plugin loads before and for its first requests", function () {
    this.timeout(60_000);
    let dir = "";
    let probe = "";
    const plugins: RunningPlugin[] = [];
    before(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-plugin-loads-"));
        probe = path.join(dir, "probe.js");
        fs.writeFileSync(
            probe,
            `const Module = require("node:module");\nconst load = Module.prototype.load;\n` +
                `Module.prototype.load = function (file) { process.stderr.write(${JSON.stringify(MARK)} + file + "\\n"); return load.call(this, file); };\n`,
        );
    });
    afterEach(async () => {
        for (const p of plugins.splice(0)) await p.close();
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    const spawned = async (main: string): Promise<RunningPlugin> => {
        const p = await spawnPlugin({ main, cwd: dir, env: { ...pluginEnv(dir), NODE_OPTIONS: `--require ${JSON.stringify(probe)}` } });
        plugins.push(p);
        return p;
    };
    const loaded = (p: RunningPlugin): string[] =>
        p
            .stderr()
            .split("\n")
            .filter((l) => l.startsWith(MARK))
            .map((l) => l.slice(MARK.length));
    /** The configuration calls of a preview's start, as the engine sends them for the default provider. */
    const configureDefault = async (p: RunningPlugin) => {
        assert.ok((await p.client.getPluginInfo()).version);
        assert.ok((await p.client.getSchema()).length > 0);
        const checked = await p.client.checkConfig({ urn: DEFAULT_PROVIDER_URN, news: STATIC });
        assert.deepEqual(checked.failures, []);
        await p.client.diffConfig({ urn: DEFAULT_PROVIDER_URN, olds: checked.inputs, oldInputs: checked.inputs, news: STATIC });
        // The stack config holds the token secret: the engine marks the credential's object so (config.ts).
        await p.client.configure({ urn: DEFAULT_PROVIDER_URN, args: { ...checked.inputs, powerBiToken: secret(checked.inputs.powerBiToken) } });
    };
    const checkAndDiff = async (p: RunningPlugin) => {
        const urn = urnOf(DATASET, "sales");
        // No workspace: a check of a dataset in one lists its datasets (a request), as the provider host's does.
        const news = { name: "Sales", tables: [{ name: "T", columns: [{ name: "C", dataType: "Int64" }] }] };
        const checked = await p.client.check({ type: DATASET, urn, news });
        assert.deepEqual(checked.failures, []);
        return p.client.diff({ type: DATASET, urn, id: "ds-1", olds: checked.inputs, news: checked.inputs, oldInputs: checked.inputs });
    };

    it("the bundle answers plugin info, schema and configuration having read no HTTP client, credential library or handler", async function () {
        if (!fs.existsSync(BUNDLE)) this.skip();
        const p = await spawned(BUNDLE);
        await configureDefault(p);
        const files = loaded(p);
        assert.deepEqual(
            files.filter((f) => path.dirname(f) === path.dirname(BUNDLE)),
            [BUNDLE],
            "only the bundle's first file is read before a resource request",
        );
        for (const f of files) {
            const text = fs.readFileSync(f, "utf8");
            assert.deepEqual(
                CLIENT_CODE.filter((c) => text.includes(c)),
                [],
                `${path.relative(ROOT, f)} holds the HTTP client or a credential library`,
            );
        }
        // The first resource request reads the chunks, and is answered as the unsplit plugin answered it.
        assert.equal((await checkAndDiff(p)).changes, "none");
        assert.ok(
            loaded(p).some((f) => /^\d+\.index\.js$/.test(path.basename(f))),
            "a chunk is read at the first check (the probe sees the files the bundle reads)",
        );
    });

    it("the compiled plugin checks and diffs a resource with a static token without loading an HTTP client or @azure/*", async () => {
        const p = await spawned(PLUGIN_MAIN);
        await configureDefault(p);
        assert.equal((await checkAndDiff(p)).changes, "none");
        const packages = new Set(loaded(p).map((f) => (/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f) ?? [])[1]).filter((x) => x !== undefined));
        assert.ok(packages.has("zod"), "the probe sees the packages the handler loads");
        assert.deepEqual(
            [...packages].filter((x) => x === "axios" || x.startsWith("@azure/")),
            [],
        );
    });
});
