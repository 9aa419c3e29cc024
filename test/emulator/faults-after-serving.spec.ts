/**
 * Faults after the service acted, and at random: the `hold` kind (the service acts, then its answer waits: the window
 * in which a crash loses the answer to an accepted write; the reliability tests kill the provider host in it), rules
 * with `served: true` (the fault answers instead of the service, after it acted), and rules with a `probability`.
 */
import { strict as assert } from "node:assert";
import * as http from "node:http";
import type { FaultRule } from "../../emulator/client";
import { base, createDataset, pbi, pbiToken, simpleDataset } from "./powerbi-helpers";
import { IDS, useEmulator } from "../support/emulator";

/** A sleep the test releases by hand, recording what was asked. */
class HeldSleep {
    readonly asked: number[] = [];
    private releases: Array<() => void> = [];
    readonly sleep = (ms: number): Promise<void> => {
        this.asked.push(ms);
        return new Promise<void>((resolve) => this.releases.push(resolve));
    };
    releaseAll(): void {
        for (const r of this.releases.splice(0)) r();
    }
}

/** Polls until `probe` holds (the test's own requests are what it waits on, never a fixed sleep). */
async function until(probe: () => Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 500; i++) {
        if (await probe()) return;
        await new Promise((r) => setImmediate(r));
    }
    throw new Error(`timed out waiting for ${what}`);
}

describe("emulator hold fault", () => {
    const held = new HeldSleep();
    const f = useEmulator({ sleep: held.sleep });

    afterEach(() => {
        held.releaseAll();
        held.asked.length = 0;
    });

    it("makes the change at once and answers only after delayMs", async () => {
        const token = await pbiToken(f.emu);
        await f.emu.admin.setFaults({ match: { service: "powerbi", method: "POST", path: "/datasets$" }, kind: "hold", delayMs: 30_000 });
        let answered = false;
        const pending = pbi(f.emu, "POST", `${base()}/datasets`, token, simpleDataset("Held")).then((r) => ((answered = true), r));
        await until(async () => (await f.emu.admin.powerBi(IDS.tenantId)).datasets.some((d) => d.name === "Held"), "the dataset");
        assert.equal(answered, false, "the client is still waiting");
        assert.deepEqual(held.asked, [30_000]);
        const [entry] = await f.emu.admin.requests({ service: "powerbi", method: "POST" });
        assert.deepEqual([entry.fault, entry.status], ["hold", 0], "the log shows the request pending");
        held.releaseAll();
        const res = await pending;
        assert.equal(res.status, 201);
        assert.equal((res.json as { name: string }).name, "Held");
        assert.equal((await f.emu.admin.requests({ service: "powerbi", method: "POST" }))[0].status, 201);
    });

    it("keeps the change when the client goes away while it waits, and serves the next request", async () => {
        const token = await pbiToken(f.emu);
        await f.emu.admin.setFaults({ match: { service: "powerbi", method: "POST" }, kind: "hold", delayMs: 5_000 });
        const url = new URL(`${f.emu.url}/powerbi${base()}/datasets`);
        const body = JSON.stringify(simpleDataset("Abandoned"));
        const req = http.request(url, {
            method: "POST",
            agent: false,
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        });
        const gone = new Promise<string>((resolve) => req.on("error", (err) => resolve(err.message)));
        req.end(body);
        await until(async () => (await f.emu.admin.powerBi(IDS.tenantId)).datasets.some((d) => d.name === "Abandoned"), "the dataset");
        req.destroy(new Error("client killed"));
        assert.equal(await gone, "client killed");
        held.releaseAll();
        // The emulator survives writing to the closed connection and serves the next request normally.
        await createDataset(f.emu, token, undefined, simpleDataset("After"));
        const names = (await f.emu.admin.powerBi(IDS.tenantId)).datasets.map((d) => d.name).sort();
        assert.deepEqual(names, ["Abandoned", "After"]);
    });

    it("holds nothing when the rule does not match, and only `times` requests", async () => {
        const token = await pbiToken(f.emu);
        await f.emu.admin.setFaults({ match: { service: "powerbi", method: "DELETE" }, kind: "hold", delayMs: 10 });
        await createDataset(f.emu, token, undefined, simpleDataset("Free"));
        assert.deepEqual(held.asked, []);
        assert.deepEqual(
            (await f.emu.admin.faults()).map((r) => r.kind),
            ["hold"],
        );
    });
});

describe("emulator faults after serving, and at random", () => {
    /** A scripted random source: the draws a test wants, in order. */
    const draws: number[] = [];
    const f = useEmulator({ random: () => draws.shift() ?? 0.99 });
    const datasetNames = async () => (await f.emu.admin.powerBi(IDS.tenantId)).datasets.map((d) => d.name).sort();

    beforeEach(() => (draws.length = 0));

    it("answers a served status fault after the request changed the state", async () => {
        const token = await pbiToken(f.emu);
        await f.emu.admin.setFaults({ match: { service: "powerbi", method: "POST" }, kind: "status", status: 504, served: true });
        const res = await pbi(f.emu, "POST", `${base()}/datasets`, token, simpleDataset("Served"));
        assert.equal(res.status, 504);
        assert.deepEqual(await datasetNames(), ["Served"], "the service acted");
        const [entry] = await f.emu.admin.requests({ service: "powerbi", method: "POST" });
        assert.deepEqual([entry.status, entry.fault, entry.served], [504, "status", true]);
    });

    it("resets the connection of a served request after the change", async () => {
        const token = await pbiToken(f.emu);
        await f.emu.admin.setFaults({ match: { service: "powerbi", method: "POST" }, kind: "reset", served: true });
        await assert.rejects(pbi(f.emu, "POST", `${base()}/datasets`, token, simpleDataset("Reset")), /fetch failed/);
        assert.deepEqual(await datasetNames(), ["Reset"]);
    });

    it("leaves the state alone for the same fault without served", async () => {
        const token = await pbiToken(f.emu);
        await f.emu.admin.setFaults({ match: { service: "powerbi", method: "POST" }, kind: "malformed" });
        assert.equal((await pbi(f.emu, "POST", `${base()}/datasets`, token, simpleDataset("Never"))).status, 200);
        assert.deepEqual(await datasetNames(), []);
    });

    it("answers with a rule only when its draw is under the probability, else lets the next rule draw", async () => {
        const token = await pbiToken(f.emu);
        const rules: FaultRule[] = [
            { match: { service: "powerbi", method: "GET" }, kind: "status", status: 503, probability: 0.1, times: 0 },
            { match: { service: "powerbi", method: "GET" }, kind: "status", status: 429, retryAfter: "1", probability: 0.1, times: 0 },
        ];
        await f.emu.admin.setFaults(rules);
        // Request 1: 503 draws 0.05 (hit). 2: 503 draws 0.5, 429 draws 0.05 (hit). 3: both miss. 4: both miss (default 0.99).
        draws.push(0.05, 0.5, 0.05, 0.5, 0.5);
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await pbi(f.emu, "GET", `${base()}/datasets`, token)).status);
        assert.deepEqual(statuses, [503, 429, 200, 200]);
        assert.deepEqual(
            (await f.emu.admin.faults()).map((r) => r.hits),
            [1, 1],
        );
    });

    it("refuses a probability out of range and served on kinds that always serve", async () => {
        await assert.rejects(
            f.emu.admin.setFaults([
                { match: {}, kind: "status", probability: 1.5 },
                { match: {}, kind: "hold", served: true },
            ]),
            (err: Error) =>
                /\[0\]\.probability: must be a number from 0 to 1/.test(err.message) && /\[1\]\.served: hold faults always serve/.test(err.message),
        );
    });
});
