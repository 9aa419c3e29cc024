/**
 * A token endpoint that fails without judging the credentials (5xx, a reset, a non-token answer) must not be reported
 * as a refused client secret: the next step tells the person to wait or check the network, not to rotate a secret.
 * Real @azure/identity against the emulator's login prefix with injected faults.
 */
import { strict as assert } from "node:assert";
import { Credentials } from "../../provider/core/auth/credentials";
import { resolveSettings, type SettingKey } from "../../provider/core/settings/settings";
import type { FaultRule } from "../../emulator/client";
import { IDS, useEmulator } from "../support/emulator";

describe("token endpoint outages", function () {
    this.timeout(60_000);
    const fx = useEmulator();
    const tokenWith = async (secret: string): Promise<string> => {
        const v: Partial<Record<SettingKey, string>> = {
            emulator: fx.emu.url,
            tenantId: IDS.domain,
            clientId: IDS.quickstartClientId,
            clientSecret: secret,
        };
        return new Credentials(resolveSettings((k) => v[k], {})).authorizer("graph")({ forceRefresh: false });
    };
    const cases: [string, Omit<FaultRule, "match">, RegExp][] = [
        [
            "a 500",
            { kind: "status", status: 500, times: 0 },
            /failed: 500 server_error.*the token endpoint \S+ failed with 500: the sign-in service is unavailable, the credentials were not judged/,
        ],
        [
            "a 503 with Retry-After",
            { kind: "status", status: 503, retryAfter: "1", times: 0 },
            /failed: 503 temporarily_unavailable.*failed with 503/,
        ],
        ["a reset connection", { kind: "reset", times: 0 }, /failed: network error network_error.*could not be reached: check network access/],
        ["an HTML page", { kind: "html", status: 200, times: 0 }, /unknown_error.*not a token response \(a proxy or a sign-in page\?\)/],
    ];
    for (const [name, fault, expected] of cases) {
        it(`says ${name} is an outage, not a refused secret`, async () => {
            await fx.emu.admin.setFaults({ match: { service: "login", method: "POST" }, ...fault });
            await assert.rejects(tokenWith(IDS.quickstartClientSecret), (err: Error) => {
                assert.match(err.message.replace(/\s+/g, " "), expected);
                assert.doesNotMatch(err.message, /refused|client secret is wrong/);
                return true;
            });
        });
    }

    it("still says a wrong secret is wrong", async () => {
        await assert.rejects(tokenWith("not-the-secret"), /AADSTS7000215.*the client secret is wrong or expired/s);
    });

    it("quotes the service's description up to its line end, without the carriage return of its CRLF", async () => {
        await assert.rejects(tokenWith("not-the-secret"), (err: Error) => {
            assert.match(err.message, /Invalid client secret provided\. [^\r\n]*'\. \(request-id /);
            assert.doesNotMatch(err.message, /\r/);
            return true;
        });
    });
});
