/**
 * The plugin's first answers over gRPC (GetPluginInfo, GetSchema, Cancel), served in this process and as the compiled
 * plugin the engine runs: the engine reads the port on stdout, asks the version it installs under and the schema the
 * SDKs are generated from.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { ROOT, spawnPlugin, startPlugin, type PluginCallError, type RunningPlugin } from "./client";

const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

interface PackageSchema {
    name: string;
    version: string;
    resources: Record<string, unknown>;
    functions: Record<string, unknown>;
    config: { variables: Record<string, { secret?: boolean }> };
}

for (const how of ["in process", "as a child process"] as const) {
    describe(`the plugin's identity over gRPC, ${how}`, () => {
        let plugin: RunningPlugin | undefined;
        before(async () => {
            plugin = how === "in process" ? await startPlugin() : await spawnPlugin();
        });
        after(async () => {
            await plugin?.close();
        });

        it("GetPluginInfo answers package.json's version", async () => {
            assert.deepEqual(await plugin!.client.getPluginInfo(), { version: VERSION });
        });

        it("GetSchema answers schema.json: package tenantkit at that version, every resource and function token", async () => {
            const schema = JSON.parse(await plugin!.client.getSchema()) as PackageSchema;
            assert.deepEqual(schema, JSON.parse(fs.readFileSync(path.join(ROOT, "schema.json"), "utf8")));
            assert.equal(schema.name, "tenantkit");
            assert.equal(schema.version, VERSION);
            assert.deepEqual(Object.keys(schema.resources).sort(), [
                "tenantkit:devops:GitPush",
                "tenantkit:entra:OrganizationalBranding",
                "tenantkit:entra:OrganizationalBrandingLocalization",
                "tenantkit:entra:TemporaryAccessPassMethods",
                "tenantkit:powerbi:PushDataset",
            ]);
            assert.deepEqual(Object.keys(schema.functions).sort(), ["tenantkit:devops:getGitPush", "tenantkit:entra:getTemporaryAccessPassMethods"]);
            assert.equal(schema.config.variables.clientSecret?.secret, true);
        });

        it("GetSchema refuses a schema version other than 0, saying which it serves", async () => {
            await assert.rejects(plugin!.client.getSchema(1), (err: PluginCallError) => {
                assert.equal(err.codeName, "UNKNOWN");
                assert.equal(err.details, "tenantkit serves schema version 0, not 1");
                return true;
            });
        });

        it("Cancel is answered, and the plugin still serves after it", async () => {
            await plugin!.client.cancel();
            assert.deepEqual(await plugin!.client.getPluginInfo(), { version: VERSION });
        });
    });
}

describe("the compiled plugin's process", () => {
    it("writes only its port to stdout, and nothing to stderr at start", async () => {
        const plugin = await spawnPlugin();
        try {
            assert.ok(plugin.port > 0 && plugin.port < 65536);
            await plugin.client.getPluginInfo();
            assert.equal(plugin.stderr(), "");
        } finally {
            await plugin.close();
        }
    });
});
