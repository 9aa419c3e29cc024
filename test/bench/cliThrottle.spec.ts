/**
 * The arithmetic of the cli-throttle benchmark's notes (bench/cliThrottle.ts): which requests the bare side must
 * repeat, and where an up's time went according to the request log. No timing is judged.
 */
import { strict as assert } from "node:assert";
import type { RequestLogEntry } from "../../emulator/http/log";
import { mixDifference, phasesOf, requestMix } from "../../bench/cliThrottle";

const T0 = Date.parse("2026-01-01T00:00:00.000Z");

function entry(method: string, service: RequestLogEntry["service"], atMs: number, status: number): RequestLogEntry {
    return { seq: 0, time: new Date(T0 + atMs).toISOString(), method, path: "/", query: {}, headers: {}, status, service };
}

describe("cli-throttle's request log arithmetic", () => {
    it("counts answered requests by method and service, 429s aside, and names only differences beyond the slack", () => {
        const log = [
            entry("POST", "login", 0, 200),
            entry("POST", "powerbi", 10, 429),
            entry("POST", "powerbi", 1100, 201),
            entry("GET", "powerbi", 5, 200),
        ];
        assert.deepEqual(requestMix(log), { "POST login": 1, "POST powerbi": 1, "GET powerbi": 1 });
        assert.equal(mixDifference({ "GET login": 1, "POST powerbi": 200 }, { "POST powerbi": 200 }, 2), "");
        assert.equal(mixDifference({ "POST powerbi": 200 }, { "POST powerbi": 190 }, 2), "POST powerbi: tenantkit 200, bare 190");
    });

    it("splits an up into before, during and after the Power BI requests, and counts inner seconds below the budget", () => {
        const log = [
            entry("POST", "login", 500, 200),
            // second 2: 2 successes; second 3: 1 success and a 429; second 4: the last request.
            entry("GET", "powerbi", 2000, 200),
            entry("POST", "powerbi", 2100, 201),
            entry("POST", "powerbi", 3000, 201),
            entry("POST", "powerbi", 3500, 429),
            entry("POST", "powerbi", 4200, 201),
        ];
        const p = phasesOf(log, T0, T0 + 6000, 2);
        assert.deepEqual(p, { beforeMs: 2000, spanMs: 2200, afterMs: 1800, underused: 1, seconds: 1 });
        assert.deepEqual(phasesOf([], T0, T0 + 1000, 2), { beforeMs: 1000, spanMs: 0, afterMs: 0, underused: 0, seconds: 0 });
    });
});
