/**
 * Regression: the emulator's CA was fetched once per process and kept for good, but the emulator makes a new CA at every
 * start. A test suite that restarted it on the same port (a fixed port in a user's own tests) could not sign in again
 * in that process: every token request failed the TLS check against the old CA, whatever the settings. Now the CA
 * belongs to the credential that uses it, and a token request refused by the TLS check fetches it again, once.
 */
import { strict as assert } from "node:assert";
import { graphService } from "../../provider/entra/graphService";
import { startEmulator, type RunningEmulator } from "../../emulator/server";
import { emulatorClient, QUICKSTART_APP, type TestSettings } from "../support/emulatorClient";

describe("regression: an emulator restarted on the same port", function () {
    this.timeout(30_000);
    let emu: RunningEmulator | undefined;
    afterEach(async () => emu?.close());

    const organization = (url: string, extra: TestSettings = {}) =>
        emulatorClient(url, graphService, { ...QUICKSTART_APP, ...extra }).request({ method: "GET", path: ["v1.0", "organization"] });

    it("signs in again through the same session", async () => {
        emu = await startEmulator();
        const { port, url } = emu;
        assert.equal((await organization(url)).status, 200);
        await emu.close();
        emu = await startEmulator({ port });
        assert.equal((await organization(url)).status, 200);
    });

    it("signs in through a new session of other settings", async () => {
        emu = await startEmulator();
        const { port, url } = emu;
        assert.equal((await organization(url, { requestTimeoutSeconds: "29" })).status, 200);
        await emu.close();
        emu = await startEmulator({ port });
        assert.equal((await organization(url, { requestTimeoutSeconds: "28" })).status, 200);
    });
});
