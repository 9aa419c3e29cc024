/**
 * The TAP lookup as the engine runs it: a real program, the real provider host over gRPC, the emulator.
 * Preview never calls Graph for the resource, up reads, a second preview is a no-op, refresh sees drift,
 * a change of user replaces, destroy only forgets; the pass is a secret and no credential reaches state or logs.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { LifecycleRunner, type RunResult } from "../../harness/lifecycle";
import { isSecret, UNKNOWN, type StackConfig } from "../../harness/wire";
import { IDS, useEmulator } from "../support/emulator";
import { expectedStubText, RESOURCE_HANDLERS } from "../support/stubText";
import { emulatorConfig, useStateDir } from "../support/stacks";

const PROGRAM = path.resolve(__dirname, "..", "fixtures", "programs", "tap", "index.ts");
const TYPE = "pulumi-nodejs:dynamic/tenantkit:TemporaryAccessPassMethods";

describe("TemporaryAccessPassMethods through the engine harness", function () {
    this.timeout(120_000);
    const fx = useEmulator();
    const states = useStateDir("tk-tap-");

    const config = (extra: StackConfig = {}): StackConfig => ({
        ...emulatorConfig(fx),
        "tapprog:user": IDS.aliceUpn,
        ...extra,
    });
    const runner = (name: string, extra: StackConfig = {}) =>
        new LifecycleRunner({ programPath: PROGRAM, statePath: states.statePath(name), project: "tapprog", config: config(extra) });
    const ops = (r: RunResult) => r.steps.filter((s) => s.type === TYPE).map((s) => s.op);
    const ok = (r: RunResult) => assert.deepEqual(r.errors, [], JSON.stringify(r.errors));
    const graphCalls = async () => (await fx.emu.admin.requests({ service: "graph" })).length;

    it("previews without calling Graph, then up reads once and a second preview shows no changes", async () => {
        const preview = await runner("life").preview();
        ok(preview);
        assert.deepEqual(ops(preview), ["create"]);
        assert.equal(preview.outputs.method, UNKNOWN, "outputs are unknown until up");
        assert.equal(await graphCalls(), 0, "preview never creates, so Graph is not called");

        const up = await runner("life").up();
        ok(up);
        assert.deepEqual(ops(up), ["create"]);
        assert.equal(await graphCalls(), 1);
        const method = up.outputs.method as Record<string, unknown>;
        assert.equal(method.id, IDS.aliceTapId);
        assert.equal(method.methodUsabilityReason, "EnabledByPolicy");
        assert.equal(up.outputs.userId, IDS.aliceId);
        assert.ok(isSecret(up.outputs.pass), "the pass is a secret output");

        const again = await runner("life").preview();
        ok(again);
        assert.deepEqual(ops(again), ["same"]);
    });

    it("stores the pass as a secret and no credential or endpoint in state or the host's output", async () => {
        const up = await runner("secrets").up();
        ok(up);
        const state = runner("secrets").state();
        const tap = state.resources.find((r) => r.type === TYPE)!;
        assert.ok(isSecret(tap.outputs.temporaryAccessPass), "temporaryAccessPass is stored as a secret");
        assert.deepEqual(tap.additionalSecretOutputs, ["temporaryAccessPass"]);
        const provider = String(tap.outputs.__provider);
        assert.equal(provider, expectedStubText(RESOURCE_HANDLERS["entra/temporaryAccessPass"]), "the pinned stub, nothing captured");
        const text = fs.readFileSync(states.statePath("secrets"), "utf8");
        assert.ok(!text.includes(IDS.quickstartClientSecret), "no client secret in state");
        assert.ok(!provider.includes(fx.emu.url) && !provider.includes("127.0.0.1"), "no endpoint inside __provider");
        const logs = [...up.logs.stdout, ...up.logs.stderr].join("\n");
        assert.ok(!logs.includes(IDS.quickstartClientSecret), "no client secret in the host's output");
    });

    it("shows drift made out of band on refresh, and the next preview stays quiet", async () => {
        ok(await runner("drift").up());
        await fx.emu.admin.deleteTemporaryAccessPass(IDS.tenantId, IDS.aliceUpn);
        const refresh = await runner("drift").refresh();
        ok(refresh);
        assert.deepEqual(ops(refresh), ["refresh:update"]);
        const tap = runner("drift")
            .state()
            .resources.find((r) => r.type === TYPE)!;
        assert.equal(tap.outputs.method, null, "the method is gone after refresh");
        const preview = await runner("drift").preview();
        ok(preview);
        assert.deepEqual(ops(preview), ["same"]);
    });

    it("replaces the lookup when the user changes, and destroy only forgets it", async () => {
        ok(await runner("replace").up());
        const bob = await runner("replace", { "tapprog:user": IDS.bobUpn }).up();
        ok(bob);
        const replace = bob.steps.find((s) => s.type === TYPE && s.op === "replace");
        assert.deepEqual(replace?.replaces, ["user"]);
        assert.equal(bob.outputs.method, null, "bob has no pass");
        const before = (await fx.emu.admin.state()).tenants[0]!.users.map((u) => u.temporaryAccessPass?.id ?? null);
        const destroy = await runner("replace", { "tapprog:user": IDS.bobUpn }).destroy();
        ok(destroy);
        assert.deepEqual(ops(destroy), ["delete"]);
        assert.equal(
            runner("replace")
                .state()
                .resources.filter((r) => r.custom).length,
            0,
        );
        const after = (await fx.emu.admin.state()).tenants[0]!.users.map((u) => u.temporaryAccessPass?.id ?? null);
        assert.deepEqual(after, before, "nothing in the tenant changed");
    });

    it("fails the preview with the property path of an invalid user", async () => {
        const r = await runner("invalid", { "tapprog:user": "not a user" }).preview();
        assert.equal(r.errors.length, 1);
        assert.match(
            r.errors[0]!.message,
            /TemporaryAccessPassMethods resource 'tap': property user value .*has a problem: must be a user object id \(guid\) or a user principal name/,
        );
        assert.equal(await graphCalls(), 0);
    });

    it("fails up with the service's status, code and next step when the user does not exist", async () => {
        const r = await runner("missing", { "tapprog:user": "ghost@contoso.onmicrosoft.com" }).up();
        assert.equal(r.errors.length, 1);
        const message = r.errors[0]!.message;
        assert.match(
            message,
            /pulumi-nodejs:dynamic\/tenantkit:TemporaryAccessPassMethods \(user "ghost@contoso\.onmicrosoft\.com"\) \(create\): graph GET \/v1\.0\/users\/ghost%40contoso\.onmicrosoft\.com\/authentication\/temporaryAccessPassMethods failed: 404 Request_ResourceNotFound/,
        );
        assert.match(message, /request-id [0-9a-f-]{36}/);
        assert.match(message, /Next: user "ghost@contoso\.onmicrosoft\.com" was not found in the tenant/);
        assert.equal(
            runner("missing")
                .state()
                .resources.filter((r2) => r2.custom).length,
            0,
            "nothing recorded",
        );
    });

    it("serves the function form inside the program, in preview too", async () => {
        const r = await runner("function", { "tapprog:functionUser": IDS.guestUpn }).preview();
        ok(r);
        assert.equal(r.outputs.viaFunction, IDS.guestTapId);
    });
});
