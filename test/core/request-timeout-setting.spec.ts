/**
 * Regression: the HTTP client's per-attempt timeout was fixed at 30 s with no setting, so a user on a slow link could
 * not raise it, nor a test lower it, and a timed-out request's next step did not say how. `tenantkit:requestTimeoutSeconds`
 * (TENANTKIT_REQUEST_TIMEOUT_SECONDS) now reaches every service client, and the timeout's next step names it.
 */
import { strict as assert } from "node:assert";
import { emulatorClient, QUICKSTART_APP } from "../support/emulatorClient";
import { useEmulator } from "../support/emulator";
import { graphService } from "../../provider/entra/graphService";

describe("regression: requestTimeoutSeconds is the client's per-attempt timeout", function () {
    this.timeout(30_000);
    const fx = useEmulator();
    const graph = (env: Record<string, string>) => emulatorClient(fx.emu.url, graphService, QUICKSTART_APP, env);

    it("gives up an attempt the service answers later than the timeout, and sends it again", async () => {
        await fx.emu.admin.setFaults({ match: { service: "graph", method: "GET" }, kind: "delay", delayMs: 1500 });
        const started = performance.now();
        await graph({ TENANTKIT_REQUEST_TIMEOUT_SECONDS: "0.5" }).request({ method: "GET", path: ["v1.0", "organization"] });
        const gets = await fx.emu.admin.requests({ service: "graph", method: "GET" });
        assert.equal(gets.length, 2, "the slow attempt was given up after 0.5 s and sent again");
        assert.ok(performance.now() - started < 1500, "the answer did not wait for the slow attempt");
    });
});
