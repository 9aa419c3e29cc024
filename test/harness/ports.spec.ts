/**
 * The closed port of tests that need an address where nothing answers (test/support/ports.ts): a refused connection
 * must stay refused for the whole test, though the other worker starts servers on port 0 meanwhile. With a port taken
 * from that range and released, first-run-errors.spec.ts once got MSAL's endpoints_resolution_error in place of the
 * ECONNREFUSED it checks, during the seconds @azure/identity retries: most likely another suite's server given that
 * port, answering the discovery request.
 */
import { strict as assert } from "node:assert";
import { closedPort, connectOutcome, ephemeralPorts } from "../support/ports";

describe("a closed loopback port for tests", () => {
    it("lies outside the ports servers listening on port 0 are given, and refuses a connection", async function () {
        const range = ephemeralPorts();
        if (!range) this.skip();
        const port = await closedPort();
        assert.ok(port < range!.low || port > range!.high, `port ${port} is within ${range!.low}-${range!.high}`);
        assert.equal(await connectOutcome(port), "ECONNREFUSED");
    });
});
