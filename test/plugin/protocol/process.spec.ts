/**
 * What holds across processes, with the compiled plugin run as the engine runs it: the default provider's settings
 * fall back to the plugin's own environment (an explicit provider's never do), a diff's warning reaches the engine
 * address given on the command line under the resource's URN, and two plugin processes keep their configurations apart.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { IDS, useEmulator } from "../../support/emulator";
import { secret, spawnPlugin, startFakeEngine, urnOf, type FakeEngine, type PluginCallError, type RunningPlugin } from "./client";
import { DATASET, datasetInputs, GET_TAP, providerArgs } from "./fixtures";

describe("the compiled plugin across processes", () => {
    const fx = useEmulator();
    let dir = "";
    let engine: FakeEngine | undefined;
    const plugins: RunningPlugin[] = [];
    before(async () => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-protocol-process-"));
        engine = await startFakeEngine();
    });
    afterEach(async () => {
        for (const p of plugins.splice(0)) await p.close();
    });
    after(async () => {
        await engine?.close();
        fs.rmSync(dir, { recursive: true, force: true });
    });
    const spawned = async (env: Record<string, string> = {}) => {
        const p = await spawnPlugin({ cwd: dir, env: { PATH: process.env.PATH ?? "", HOME: dir, ...env }, engineAddress: engine!.address });
        plugins.push(p);
        return p;
    };

    it("the default provider's settings come from the plugin's environment when the stack config has none", async () => {
        const p = await spawned({
            TENANTKIT_EMULATOR: fx.emu.url,
            AZURE_TENANT_ID: IDS.domain,
            AZURE_CLIENT_ID: IDS.quickstartClientId,
            AZURE_CLIENT_SECRET: IDS.quickstartClientSecret,
        });
        await p.client.configure({ args: {} });
        const r = await p.client.invoke(GET_TAP, { user: IDS.aliceUpn });
        assert.equal(r.return?.userId, IDS.aliceId);
    });

    it("an explicit provider's settings never come from the environment: its missing arguments are named", async () => {
        const p = await spawned({ TENANTKIT_EMULATOR: fx.emu.url, AZURE_TENANT_ID: IDS.domain });
        await p.client.configure({ urn: urnOf("pulumi:providers:tenantkit", "explicit"), args: {} });
        await assert.rejects(p.client.invoke(GET_TAP, { user: IDS.aliceUpn }), (err: PluginCallError) => {
            assert.match(err.details, /tenantId/);
            return true;
        });
        assert.deepEqual(await fx.emu.admin.requests(), [], "a request went out with the environment's settings");
    });

    it("a replacing diff's warning reaches the engine address on the command line, on the resource's URN", async () => {
        const p = await spawned();
        await p.client.configure({ args: providerArgs(fx.emu.url) });
        const olds = (await p.client.check({ type: DATASET, news: datasetInputs("ProcOld") })).inputs;
        const news = (await p.client.check({ type: DATASET, news: datasetInputs("ProcNew") })).inputs;
        const urn = urnOf(DATASET, "sales", "prod", "crossproc");
        engine!.logs.splice(0);
        const d = await p.client.diff({ type: DATASET, urn, id: "00000000-0000-4000-8000-000000000001", olds, oldInputs: olds, news });
        assert.deepEqual(d.replaces, ["name"]);
        assert.deepEqual(
            engine!.logs.map((l) => [l.severity, l.urn]),
            [["WARNING", urn]],
        );
        assert.match(engine!.logs[0]!.message, /Forced by name \("ProcOld" -> "ProcNew"\)/);
        assert.equal(p.stderr(), "", "the warning went to stderr too");
    });

    it("two plugin processes keep their configurations apart: each signs in as its own app", async () => {
        const [a, b] = [await spawned(), await spawned()];
        await a.client.configure({ args: providerArgs(fx.emu.url) });
        await b.client.configure({
            args: { ...providerArgs(fx.emu.url), clientId: IDS.noPermissionsClientId, clientSecret: secret(IDS.noPermissionsClientSecret) },
        });
        const [ok, denied] = await Promise.allSettled([a.client.invoke(GET_TAP, { user: IDS.aliceUpn }), b.client.invoke(GET_TAP, { user: IDS.aliceUpn })]);
        assert.equal(ok.status, "fulfilled");
        assert.equal(denied.status, "rejected");
        assert.match((denied as PromiseRejectedResult).reason.details as string, /403/);
    });
});
