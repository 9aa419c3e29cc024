/**
 * Regression: a branding without organizationId asks Graph for the organization; a body of the wrong shape was a plain
 * Error saying "returned no organization" (no status, no request id, and it told the user to set organizationId when
 * the answer was broken). It is now an InvalidResponse naming the field, with the request id, and retried as a GET is.
 */
import { strict as assert } from "node:assert";
import { discoverOrganizationId } from "../../provider/entra/organizationalBranding/api";
import { graphService } from "../../provider/entra/graphService";
import { emulatorClient } from "../support/emulatorClient";
import { IDS, useEmulator } from "../support/emulator";
import { rejection } from "../support/rejection";

describe("regression: a GET /organization body of the wrong shape", function () {
    this.timeout(30_000);
    const fx = useEmulator();
    const graph = () => emulatorClient(fx.emu.url, graphService);

    it("is an InvalidResponse naming the field and the request id", async () => {
        await fx.emu.admin.setFaults({
            match: { service: "graph", method: "GET", path: "/organization$" },
            kind: "status",
            status: 200,
            body: { value: [{ displayName: "Contoso" }] },
            times: 0,
        });
        const err = await rejection(discoverOrganizationId(graph()));
        assert.equal(err.code, "InvalidResponse");
        assert.match(err.message, /the body is not the documented shape \(value\.0\.id: /);
        assert.match(err.message, /request-id [0-9a-f-]{36}/);
    });

    it("finds the organization when the body is right", async () => {
        assert.equal(await discoverOrganizationId(graph()), IDS.tenantId);
    });
});
