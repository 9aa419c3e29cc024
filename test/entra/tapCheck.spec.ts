import { strict as assert } from "node:assert";
import { handler } from "../../provider/entra/temporaryAccessPass/handler";
import { expiry } from "../../provider/entra/temporaryAccessPass/api";
import { configureOffline } from "../support/offlineConfig";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

async function configured(config: Record<string, string>) {
    await configureOffline(handler, config);
    return handler;
}

describe("TemporaryAccessPassMethods check (validation at preview)", () => {
    it("accepts an object id, a UPN and a guest UPN, and no user at all", async () => {
        const h = await configured({});
        for (const user of ["071cc716-8147-4397-a5ba-b2105951cc0b", "alice@contoso.com", "ann_contoso.com#EXT#@fabrikam.onmicrosoft.com"]) {
            const r = await h.check!({}, { user });
            assert.deepEqual(r.failures, [], user);
            assert.deepEqual(r.inputs, { user });
        }
        assert.deepEqual((await h.check!({}, {})).failures, []);
    });

    it("reports an invalid user with its property path instead of throwing", async () => {
        const h = await configured({});
        const r = await h.check!({}, { user: "not a user" });
        assert.deepEqual(r.failures, [{ property: "user", reason: "must be a user object id (guid) or a user principal name (name@domain)" }]);
        const typo = await h.check!({}, { usr: "alice@contoso.com" });
        assert.deepEqual(typo.failures, [{ property: "usr", reason: 'unknown property "usr": check its spelling' }]);
    });

    it("skips a user that is unknown during preview and keeps it unknown", async () => {
        const h = await configured({});
        const r = await h.check!({}, { user: UNKNOWN });
        assert.deepEqual(r.failures, []);
        assert.deepEqual(r.inputs, { user: UNKNOWN });
    });

    it("says before any request that the China cloud has no TAP API", async () => {
        const h = await configured({ "tenantkit:cloud": "China" });
        const r = await h.check!({}, { user: "alice@contoso.com" });
        assert.equal(r.failures!.length, 1);
        assert.equal(r.failures![0]!.property, "");
        assert.match(r.failures![0]!.reason, /not available in the China \(operated by 21Vianet\) cloud.*no request was sent/);
    });

    it("replaces the lookup when the user changes, and treats `me` in state as no user", async () => {
        const h = await configured({});
        assert.deepEqual(await h.diff!("me", { user: "me" }, {}), { changes: false, replaces: [], deleteBeforeReplace: false });
        assert.deepEqual(await h.diff!("me", { user: "me" }, { user: "bob@contoso.com" }), {
            changes: true,
            replaces: ["user"],
            deleteBeforeReplace: false,
        });
    });

    it("computes expiresDateTime from the start and the lifetime", () => {
        assert.equal(expiry("2022-06-06T16:48:03.027Z", 60), "2022-06-06T17:48:03.027Z");
        assert.equal(expiry(null, 60), null);
        assert.equal(expiry("2022-06-06T16:48:03Z", null), null);
    });
});
