/**
 * Regression (issue 8, secrets): a 2xx answer that is not the JSON promised (labelled as an HTML page, or cut short)
 * was quoted in the error message, 200 characters of it. A TAP list holding its pass puts the pass well inside those
 * 200 characters when `@odata.context` is left out (odata.metadata=none, a proxy that strips annotations), so the pass
 * reached the error the engine prints and the provider host's stderr. The excerpt now keeps the body's shape and
 * member names, never its string values.
 */
import { strict as assert } from "node:assert";
import { inspect } from "node:util";
import { CLOUDS } from "../../provider/core/settings/clouds";
import { createServiceClient } from "../../provider/core/http/http";
import { fetchTemporaryAccessPassMethods } from "../../provider/entra/temporaryAccessPass/api";
import { ScriptedServer } from "../core/scriptedServer";
import { rejection } from "../support/rejection";
import { graphService } from "../../provider/entra/graphService";

const PASS = "TkRegressionPass+8d1f";
const BODY = JSON.stringify({
    value: [{ id: "bdaede67-61e0-4349-9347-d2d6afd84009", temporaryAccessPass: PASS, lifetimeInMinutes: 60, isUsable: true }],
});

describe("regression: the pass in an answer that is not JSON stays out of the error", () => {
    const server = new ScriptedServer();
    before(() => server.start());
    after(() => server.close());
    afterEach(() => server.verify());

    const lookup = () => {
        const graph = createServiceClient({
            profile: graphService,
            baseUrl: server.baseUrl(),
            authorize: async () => "Bearer t",
            retry: { maxAttempts: 1 },
        });
        return fetchTemporaryAccessPassMethods(graph, CLOUDS.Global, "alice@contoso.onmicrosoft.com");
    };

    for (const [what, reply, shown] of [
        [
            "labelled as an HTML page",
            { status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body: BODY },
            /expected JSON, got \{"value":\[\{"id":"\.\.\.","temporaryAccessPass":"\.\.\.","lifetimeInMinutes":60/,
        ],
        [
            "cut short",
            { status: 200, headers: { "content-type": "application/json" }, body: BODY.slice(0, 110) },
            /the body is not valid JSON \(application\/json\): \{"value":\[\{"id":"\.\.\.","temporaryAccessPass":"\.\.\."/,
        ],
    ] as const) {
        it(`names the body's members but not the pass when the answer is ${what}`, async () => {
            server.script(reply);
            const err = await rejection(lookup());
            assert.equal(err.code, "InvalidResponse");
            assert.match(err.message, shown);
            // Not even the start of the pass: an answer cut short may cut the pass too.
            for (const text of [String(err), err.stack ?? "", JSON.stringify(err), inspect(err)]) assert.ok(!text.includes(PASS.slice(0, 8)), text);
        });
    }
});
