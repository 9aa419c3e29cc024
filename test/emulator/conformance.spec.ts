/**
 * The emulator's TAP list against the official example, test/fixtures/conformance/graph-tap-list.response.json
 * (microsoft-graph-docs-contrib `api-reference/v1.0/api/authentication-list-temporaryaccesspassmethods.md`,
 * see SOURCES.md there).
 */
import { strict as assert } from "node:assert";
import { conformance } from "../support/conformance";
import { appToken, graphGet, IDS, tapPath, useEmulator } from "../support/emulator";

const OFFICIAL = conformance<{ "@odata.context": string; value: Array<Record<string, unknown>> }>("graph-tap-list.response.json");

/** `{key: typeof value}` with `null` told apart from objects. */
function shape(obj: Record<string, unknown>): Record<string, string> {
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, v === null ? "null" : Array.isArray(v) ? "array" : typeof v]));
}

describe("emulator conformance with the official Graph TAP list example", () => {
    const f = useEmulator();

    it("answers with the same keys, in the same order, and the same types as the documented response", async () => {
        const res = await graphGet(f.emu, tapPath(IDS.aliceId), await appToken(f.emu));
        const body = res.json as typeof OFFICIAL;
        assert.deepEqual(shape(body), shape(OFFICIAL));
        assert.deepEqual(Object.keys(body), Object.keys(OFFICIAL));
        assert.deepEqual(Object.keys(body.value[0]), Object.keys(OFFICIAL.value[0]));
        assert.deepEqual(shape(body.value[0]), shape(OFFICIAL.value[0]));
    });

    it("reproduces the documented response exactly for the documented pass at a time before its start", async () => {
        const [documented] = OFFICIAL.value;
        await f.emu.admin.setTemporaryAccessPass(IDS.tenantId, IDS.aliceId, {
            id: String(documented.id),
            createdDateTime: String(documented.createdDateTime),
            startDateTime: String(documented.startDateTime),
            lifetimeInMinutes: Number(documented.lifetimeInMinutes),
            isUsableOnce: Boolean(documented.isUsableOnce),
        });
        f.clock.set(new Date("2022-06-06T16:45:00Z"));
        const token = await appToken(f.emu);
        const res = await graphGet(f.emu, tapPath(IDS.aliceId), token);
        assert.deepEqual(res.json, OFFICIAL);
    });
});
