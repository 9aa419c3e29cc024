/**
 * Regression: a 200 whose body broke off before its Content-Length (the emulator's `truncated` fault) became an ApiError
 * that said only "failed: 200": no code, no cause, no next step, and it was not retried even for a GET, so one cut
 * answer failed a refresh.
 */
import { strict as assert } from "node:assert";
import { emulatorClient } from "../support/emulatorClient";
import { IDS, useEmulator } from "../support/emulator";
import { rejection } from "../support/rejection";
import { powerBiService } from "../../provider/powerbi/powerBiService";

describe("regression: a body cut short is retried, and named when it keeps breaking off", function () {
    this.timeout(30_000);
    const fx = useEmulator();
    const powerbi = () => emulatorClient(fx.emu.url, powerBiService);
    const list = { method: "GET", path: ["v1.0", "myorg", "groups", IDS.salesWorkspaceId, "datasets"], operation: "list datasets" } as const;

    it("sends a GET again when its answer breaks off, and returns the whole answer", async () => {
        await fx.emu.admin.setFaults({ match: { service: "powerbi", method: "GET" }, kind: "truncated" });
        const res = await powerbi().request<{ value: unknown[] }>(list);
        assert.deepEqual(res.data.value, []);
        const gets = await fx.emu.admin.requests({ service: "powerbi" });
        assert.deepEqual(
            gets.map((g) => g.fault ?? g.status),
            ["truncated", 200],
        );
    });

    it("says the answer broke off, and what to do, once every attempt's answer did", async () => {
        await fx.emu.admin.setFaults({ match: { service: "powerbi", method: "GET" }, kind: "truncated", times: 5 });
        const err = await rejection(powerbi().request(list));
        assert.equal(err.code, "IncompleteResponse");
        assert.equal(err.attempts, 5);
        assert.match(
            err.message,
            /^list datasets: powerbi GET \/v1\.0\/myorg\/groups\/[0-9a-f-]+\/datasets failed after 5 attempts: 200 IncompleteResponse: the answer broke off before the end of its body/,
        );
        assert.match(err.message, /Next: run again; if answers keep breaking off, check the network path \(proxy, VPN\) to the service endpoint\.$/);
    });
});
