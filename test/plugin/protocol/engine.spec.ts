/**
 * What the plugin owes the engine beyond answers (issue 37 items 6 and 7): warnings on the resource each Diff names,
 * however many diffs run at once, and Attach, by which the engine (PULUMI_DEBUG_PROVIDERS) hands a running plugin its
 * address and then sends it every tenantkit provider's requests.
 *
 * Found in issue 37: a diff's warning was matched to its URN by resource id, so two concurrent diffs of one id crossed;
 * and Attach did nothing, so under PULUMI_DEBUG_PROVIDERS the last Configure won for every provider.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { IDS, useEmulator } from "../../support/emulator";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { resourceProviderService } from "../../../provider/plugin/server";
import { IDENTITY, secret, spawnPlugin, startFakeEngine, urnOf, type FakeEngine, type PluginCallError, type RunningPlugin } from "./client";
import { DATASET, datasetInputs, providerArgs } from "./fixtures";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pluginPb = require("@pulumi/pulumi/proto/plugin_pb") as typeof import("@pulumi/pulumi/proto/plugin_pb");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const providerPb = require("@pulumi/pulumi/proto/provider_pb") as typeof import("@pulumi/pulumi/proto/provider_pb");

describe("the plugin and the engine: warnings and Attach", () => {
    const fx = useEmulator();
    let dir = "";
    let engine: FakeEngine | undefined;
    const plugins: RunningPlugin[] = [];
    before(async () => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-protocol-engine-"));
        engine = await startFakeEngine();
    });
    beforeEach(() => engine!.logs.splice(0));
    afterEach(async () => {
        for (const p of plugins.splice(0)) await p.close();
    });
    after(async () => {
        await engine?.close();
        fs.rmSync(dir, { recursive: true, force: true });
    });
    const spawned = async (engineAddress?: string) => {
        const p = await spawnPlugin({ cwd: dir, env: { PATH: process.env.PATH ?? "", HOME: dir }, ...(engineAddress ? { engineAddress } : {}) });
        plugins.push(p);
        return p;
    };
    const attach = (p: RunningPlugin, address: string) =>
        new Promise<void>((resolve, reject) => p.client.raw.attach(new pluginPb.PluginAttach().setAddress(address), (err) => (err ? reject(err) : resolve())));

    it("two diffs of one id at once each warn on the resource their request names", async () => {
        // The service called directly, all three requests in hand before any runs: over a socket grpc-js may deliver
        // them far enough apart that they never overlap, which is luck, not a guarantee.
        const service = resourceProviderService(IDENTITY, engine!.address);
        const call = <Res>(method: string, request: unknown) =>
            new Promise<Res>((resolve, reject) =>
                (service[method] as (c: unknown, cb: (err: unknown, res: Res) => void) => void)({ request }, (err, res) => (err ? reject(err) : resolve(res))),
            );
        await call("configure", new providerPb.ConfigureRequest().setArgs(Struct.fromJavaScript(providerArgs(fx.emu.url) as never)));
        const checked = async (name: string) =>
            (await call<InstanceType<typeof providerPb.CheckResponse>>("check", new providerPb.CheckRequest().setType(DATASET).setNews(Struct.fromJavaScript(datasetInputs(name) as never)))).getInputs()!;
        const olds = await checked("Same");
        const requests = await Promise.all(
            ["one", "two", "three"].map(async (stack) =>
                new providerPb.DiffRequest()
                    .setType(DATASET)
                    .setUrn(urnOf(DATASET, "sales", stack))
                    .setId("00000000-0000-4000-8000-0000000000aa")
                    .setOlds(olds)
                    .setOldInputs(olds)
                    .setNews(await checked(`Renamed-${stack}`)),
            ),
        );
        await Promise.all(requests.map((r) => call("diff", r)));
        const byUrn = new Map(engine!.logs.map((l) => [l.urn, l.message]));
        assert.equal(byUrn.size, 3, `warnings went to ${[...byUrn.keys()].join(", ")}`);
        for (const stack of ["one", "two", "three"]) assert.match(byUrn.get(urnOf(DATASET, "sales", stack)) ?? "", new RegExp(`"Same" -> "Renamed-${stack}"`));
    });

    it("after Attach, a diff's warning goes to the engine that attached", async () => {
        const p = await spawned();
        await attach(p, engine!.address);
        await p.client.configure({ args: providerArgs(fx.emu.url) });
        const olds = (await p.client.check({ type: DATASET, news: datasetInputs("Before") })).inputs;
        const news = (await p.client.check({ type: DATASET, news: datasetInputs("After") })).inputs;
        const urn = urnOf(DATASET, "sales");
        await p.client.diff({ type: DATASET, urn, id: "00000000-0000-4000-8000-0000000000bb", olds, oldInputs: olds, news });
        assert.deepEqual(
            engine!.logs.map((l) => l.urn),
            [urn],
        );
    });

    it("attached, a second provider with other settings is refused with what to do; the first one configured again is not", async () => {
        const p = await spawned();
        await attach(p, engine!.address);
        const first = urnOf("pulumi:providers:tenantkit", "default_0_1_0");
        await p.client.configure({ urn: first, args: providerArgs(fx.emu.url) });
        const other = { ...providerArgs(fx.emu.url), clientId: IDS.noPermissionsClientId, clientSecret: secret(IDS.noPermissionsClientSecret) };
        await assert.rejects(p.client.configure({ urn: urnOf("pulumi:pulumi:Stack$pulumi:providers:tenantkit", "second"), args: other }), (err: PluginCallError) => {
            assert.match(err.details, /attached \(PULUMI_DEBUG_PROVIDERS\) and configured for .*default_0_1_0/);
            assert.match(err.details, /debug a program with one tenantkit provider/);
            assert.ok(!err.details.includes(IDS.noPermissionsClientSecret), "the secret is in the message");
            return true;
        });
        await p.client.configure({ urn: first, args: { ...providerArgs(fx.emu.url), requestTimeoutSeconds: "20" } });
    });
});
