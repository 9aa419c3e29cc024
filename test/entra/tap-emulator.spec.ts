/**
 * The TAP lookup against the emulator: the wire requests Graph documents (A1, A2), both URL forms, the guest
 * UPN's encoding, the credential chain through the real @azure/identity, and each error a user can meet.
 */
import { strict as assert } from "node:assert";
import { inspect } from "node:util";
import { createServiceClient } from "../../provider/core/http/http";
import { Credentials } from "../../provider/core/auth/credentials";
import { resolveSettings, type SettingKey, type Settings } from "../../provider/core/settings/settings";
import { sessionFor } from "../../provider/core/auth/session";
import { fetchTemporaryAccessPassMethods } from "../../provider/entra/temporaryAccessPass/api";
import { getTemporaryAccessPassMethods as getFromProgram } from "../../provider/entra/temporaryAccessPass";
import { IDS, useEmulator } from "../support/emulator";
import { rejectionOf } from "../support/rejection";
import { graphService } from "../../provider/entra/graphService";

describe("TAP lookup against the emulator", () => {
    const fx = useEmulator();
    const settings = (extra: Partial<Record<SettingKey, string>> = {}): Settings => {
        const values: Partial<Record<SettingKey, string>> = {
            emulator: fx.emu.url,
            tenantId: IDS.domain,
            clientId: IDS.quickstartClientId,
            clientSecret: IDS.quickstartClientSecret,
            ...extra,
        };
        return resolveSettings((k) => values[k], {});
    };
    const lookup = (user: string | undefined, s: Settings = settings()) =>
        fetchTemporaryAccessPassMethods(sessionFor(s).client(graphService), s.cloud, user);
    const graphRequests = async () => (await fx.emu.admin.requests()).filter((r) => r.service === "graph");
    const failure = rejectionOf;

    it("reads a user's method by object id with an app token from the client-secret flow", async () => {
        const r = await lookup(IDS.aliceId);
        assert.equal(r.user, IDS.aliceId);
        assert.equal(r.userId, IDS.aliceId);
        assert.equal(r.temporaryAccessPass, null);
        assert.equal(r.method?.id, IDS.aliceTapId);
        assert.equal(r.method?.isUsable, true);
        assert.equal(r.method?.methodUsabilityReason, "EnabledByPolicy");
        assert.equal(r.method?.lifetimeInMinutes, 60);
        assert.equal(r.method?.expiresDateTime, new Date(Date.parse(r.method!.startDateTime!) + 60 * 60_000).toISOString());
        const [get] = await graphRequests();
        assert.equal(get!.method, "GET");
        assert.equal(get!.path, `/graph/v1.0/users/${IDS.aliceId}/authentication/temporaryAccessPassMethods`);
        assert.deepEqual(get!.query, {}, "the API supports no query parameters");
        assert.match(get!.headers.authorization ?? "", /^Bearer ey/);
        assert.match(get!.headers["client-request-id"] ?? "", /^[0-9a-f-]{36}$/);
        const token = await fx.emu.admin.requests({ service: "login" });
        assert.equal(token.length >= 1, true, "the token came from the emulator's login prefix");
    });

    it("reads by user principal name, and reports no method for a user without one", async () => {
        const alice = await lookup(IDS.aliceUpn);
        assert.equal(alice.method?.id, IDS.aliceTapId);
        const bob = await lookup(IDS.bobUpn);
        assert.equal(bob.method, null);
        assert.equal(bob.userId, IDS.bobId);
    });

    it("encodes a guest's UPN so that #EXT# stays in the path segment", async () => {
        const r = await lookup(IDS.guestUpn);
        assert.equal(r.method?.id, IDS.guestTapId);
        assert.equal(r.method?.methodUsabilityReason, "NotYetValid");
        const [get] = await graphRequests();
        assert.equal(get!.path, "/graph/v1.0/users/ann_contoso.com%23EXT%23%40fabrikam.onmicrosoft.com/authentication/temporaryAccessPassMethods");
    });

    it("reads the signed-in user's method through /me with a delegated token", async () => {
        const minted = await fx.emu.admin.mintUserToken({ tenant: IDS.tenantId, user: IDS.aliceUpn, scopes: ["UserAuthMethod-TAP.Read"] });
        const r = await lookup(undefined, settings({ clientSecret: "", graphToken: minted.access_token }));
        assert.equal(r.user, "me");
        assert.equal(r.method?.id, IDS.aliceTapId);
        const [get] = await graphRequests();
        assert.equal(get!.path, "/graph/v1.0/me/authentication/temporaryAccessPassMethods");
        assert.equal(get!.headers.authorization, `Bearer ${minted.access_token}`);
    });

    it("tells an application to pass `user` when it asks for /me", async () => {
        const err = await failure(lookup(undefined));
        assert.equal(err.name, "ApiError");
        assert.match(
            err.message,
            /graph GET \/v1\.0\/me\/authentication\/temporaryAccessPassMethods failed: 400 BadRequest: \/me request is only valid with delegated authentication flow\./,
        );
        assert.match(err.message, /Next: \/me needs a signed-in user, but this credential is an application: pass `user`/);
    });

    it("names the least privileged permission when the application lacks it, without any secret", async () => {
        const s = settings({ clientId: IDS.noPermissionsClientId, clientSecret: IDS.noPermissionsClientSecret });
        const err = await failure(lookup(IDS.aliceId, s));
        assert.match(err.message, /failed: 403 accessDenied/);
        assert.match(err.message, /request-id [0-9a-f-]{36}/);
        assert.match(err.message, /grant the application permission UserAuthMethod-TAP\.Read\.All/);
        const token = await new Credentials(s).authorizer("graph")({ forceRefresh: false });
        for (const text of [String(err), JSON.stringify(err), inspect(err), err.stack ?? ""]) {
            assert.ok(!text.includes(IDS.noPermissionsClientSecret), "no client secret");
            assert.ok(!text.includes(token.slice("Bearer ".length)), "no token");
        }
    });

    it("says which user was not found", async () => {
        const err = await failure(lookup("nobody@contoso.onmicrosoft.com"));
        assert.equal(err.name, "NotFoundError");
        assert.match(err.message, /404 Request_ResourceNotFound/);
        assert.match(err.message, /Next: user "nobody@contoso\.onmicrosoft\.com" was not found in the tenant/);
    });

    it("says what is wrong when the client secret is refused, without the secret", async () => {
        const err = await failure(lookup(IDS.aliceId, settings({ clientSecret: "a-wrong-secret-value" })));
        assert.equal(err.name, "AuthenticationError");
        assert.match(err.message, /login POST \/contoso\.onmicrosoft\.com\/oauth2\/v2\.0\/token failed: 401 invalid_client\/AADSTS7000215/);
        assert.match(err.message, /Next: the client secret is wrong or expired: pulumi config set --secret tenantkit:clientSecret/);
        assert.ok(!String(err).includes("a-wrong-secret-value"));
        assert.equal((await graphRequests()).length, 0, "no Graph request without a token");
    });

    it("waits out a 429 with its Retry-After and then succeeds", async () => {
        const waits: number[] = [];
        const s = settings({
            clientSecret: "",
            graphToken: (await fx.emu.admin.mintUserToken({ tenant: IDS.tenantId, user: IDS.aliceUpn, scopes: ["UserAuthMethod-TAP.Read.All"] }))
                .access_token,
        });
        await fx.emu.admin.setFaults({ match: { service: "graph" }, kind: "status", status: 429, retryAfter: "2.128", times: 1 });
        const client = createServiceClient({
            profile: graphService,
            baseUrl: s.endpoints.graph,
            authorize: async () => `Bearer ${s.graphToken}`,
            sleep: async (ms) => void waits.push(ms),
            maxConcurrent: 4,
        });
        const r = await fetchTemporaryAccessPassMethods(client, s.cloud, IDS.aliceUpn);
        assert.equal(r.method?.id, IDS.aliceTapId);
        // The pause runs until the answer's time plus Retry-After; the wait handed to sleep is what is left of it when
        // the request queues again, so the milliseconds spent in between (one, on a busy machine) are not waited twice.
        assert.ok(
            waits.some((ms) => ms >= 2128 - 50 && ms < 2300),
            `waited per Retry-After: ${waits}`,
        );
        const statuses = (await graphRequests()).map((q) => q.status);
        assert.deepEqual(statuses, [429, 200]);
    });

    it("refuses the China cloud before any request", async () => {
        const err = await failure(lookup(IDS.aliceId, settings({ cloud: "China" })));
        assert.equal(err.name, "UnsupportedCloudError");
        assert.equal((await fx.emu.admin.requests()).length, 0);
    });

    it("serves the program-side function from stack config or the environment", async () => {
        const saved = { ...process.env };
        Object.assign(process.env, {
            TENANTKIT_EMULATOR: fx.emu.url,
            AZURE_TENANT_ID: IDS.tenantId,
            AZURE_CLIENT_ID: IDS.quickstartClientId,
            AZURE_CLIENT_SECRET: IDS.quickstartClientSecret,
        });
        try {
            const r = await getFromProgram({ user: IDS.aliceUpn });
            assert.equal(r.method?.id, IDS.aliceTapId);
            await assert.rejects(
                getFromProgram({ user: "not a user" }),
                /getTemporaryAccessPassMethods: invalid arguments: user: must be a user object id/,
            );
        } finally {
            process.env = saved;
        }
    });
});
