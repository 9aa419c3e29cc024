/**
 * Cancel and timeouts (issue 37 item 6), with the compiled plugin in a process of its own: the engine's Cancel (Ctrl-C
 * on `pulumi up`) and a request's timeout (`customTimeouts`) end a request in flight and a throttle wait within
 * seconds, and what was left behind is what the next `up` converges from.
 *
 * Found in issue 37: `req.getTimeout()` was never read and Cancel returned at once while retries and throttle pauses
 * went on for minutes.
 */
import { strict as assert } from "node:assert";
import { IDS, useEmulator } from "../../support/emulator";
import type { PluginCallError } from "./client";
import { DATASET, datasetInputs, GET_TAP, usePluginProcesses } from "./fixtures";

describe("Cancel and customTimeouts over gRPC, the compiled plugin in its own process", () => {
    const fx = useEmulator();
    const { provider } = usePluginProcesses(fx, "cancel");
    afterEach(() => fx.emu.admin.clearFaults());
    const named = async (name: string) => (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name === name);
    /** The dataset POST is carried out at once and its answer held for a minute. */
    const holdPost = () => fx.emu.admin.setFaults({ match: { service: "powerbi", method: "POST", path: "datasets" }, kind: "hold", delayMs: 60_000 });
    const failure = async (call: Promise<unknown>): Promise<{ err: PluginCallError; seconds: number }> => {
        const started = Date.now();
        const err = await call.then(
            () => assert.fail("the call succeeded"),
            (e: PluginCallError) => e,
        );
        return { err, seconds: (Date.now() - started) / 1000 };
    };

    it("a create's timeout (customTimeouts) ends a POST whose answer does not come, and the next create refuses the dataset it made, naming it", async () => {
        const p = await provider();
        const inputs = (await p.client.check({ type: DATASET, news: datasetInputs("Slow") })).inputs;
        await holdPost();
        const { err, seconds } = await failure(p.client.create({ type: DATASET, properties: inputs, timeout: 2 }));
        assert.ok(seconds < 15, `the create went on for ${seconds} s past a timeout of 2 s`);
        assert.match(err.details, /timeout of 2 s \(customTimeouts\) passed/);
        assert.match(err.details, /Power BI may still be creating dataset "Slow" .*Before the next `pulumi up`, wait a few minutes and list the workspace's datasets/);
        assert.match(err.details, /raise the resource's customTimeouts/);
        await fx.emu.admin.clearFaults();

        const [made] = await named("Slow");
        assert.ok(made, "the held POST was not carried out");
        const next = await provider();
        const refused = await failure(next.client.create({ type: DATASET, properties: inputs }));
        assert.match(refused.err.details, new RegExp(`a dataset named "Slow" already exists in workspace ${IDS.salesWorkspaceId} \\(id ${made.id}\\)`));
        assert.match(refused.err.details, /pulumi import tenantkit:powerbi:PushDataset/);
        assert.equal((await named("Slow")).length, 1);
    });

    // The operation is passed to the handler with each request, not kept where the next request could overwrite it
    // (core/http/operation.ts): the second create's timeout must not reach the first, nor the first's absence of one
    // the second.
    it("two creates in one process at once: the one whose timeout passes ends, the other's POST, held as long, finishes", async () => {
        const p = await provider();
        const patientInputs = (await p.client.check({ type: DATASET, news: datasetInputs("Patient") })).inputs;
        const hastyInputs = (await p.client.check({ type: DATASET, news: datasetInputs("Hasty") })).inputs;
        const HOLD_MS = 8_000;
        await fx.emu.admin.setFaults({ match: { service: "powerbi", method: "POST", path: "datasets" }, kind: "hold", delayMs: HOLD_MS, times: 2 });
        const started = Date.now();
        let patientEnded = 0;
        const patient = p.client.create({ type: DATASET, properties: patientInputs }).finally(() => (patientEnded = Date.now() - started));
        const hasty = failure(p.client.create({ type: DATASET, properties: hastyInputs, timeout: 2 }));

        const { err } = await hasty;
        const hastyEnded = Date.now() - started;
        assert.match(err.details, /dataset "Hasty"/);
        assert.match(err.details, /the operation's timeout of 2 s \(customTimeouts\) passed while the request was in flight/);
        assert.doesNotMatch(err.details, /Patient|earlier in this operation/);
        assert.equal(patientEnded, 0, `the other create ended too, ${patientEnded} ms in`);
        assert.ok(hastyEnded < HOLD_MS, `the create with a timeout of 2 s ended after ${hastyEnded} ms`);

        const created = await patient;
        assert.ok(patientEnded >= HOLD_MS - 500, `the create without a timeout ended after ${patientEnded} ms, before its answer came`);
        const [made] = await named("Patient");
        assert.equal(created.id, made?.id);
        assert.equal((await named("Hasty")).length, 1, "the held POST of the create that timed out was carried out");
    });

    it("Cancel ends a create whose POST is in flight within seconds, saying it was cancelled", async () => {
        const p = await provider();
        const inputs = (await p.client.check({ type: DATASET, news: datasetInputs("Cancelled") })).inputs;
        await holdPost();
        const create = failure(p.client.create({ type: DATASET, properties: inputs }));
        await new Promise((r) => setTimeout(r, 1000));
        await p.client.cancel();
        const { err, seconds } = await create;
        assert.ok(seconds < 15, `the create went on for ${seconds} s after Cancel`);
        assert.match(err.details, /cancelled \(the engine's Cancel/);
    });

    it("Cancel ends a wait for a throttled service's Retry-After within seconds", async () => {
        const p = await provider();
        await fx.emu.admin.setFaults({ match: { service: "graph", method: "GET" }, kind: "status", status: 429, retryAfter: "120", times: 0 });
        const invoke = failure(p.client.invoke(GET_TAP, { user: IDS.aliceUpn }));
        await new Promise((r) => setTimeout(r, 1500));
        await p.client.cancel();
        const { err, seconds } = await invoke;
        assert.ok(seconds < 15, `the lookup waited ${seconds} s after Cancel`);
        assert.match(err.details, /cancelled/);
    });
});
