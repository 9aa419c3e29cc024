import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import axios from "axios";
import { fromAxiosError } from "../../provider/core/errors/errors";
import { redactSecrets, registerSecret } from "../../provider/core/errors/redact";

/** A fresh secret per test: the registry is process-wide, like in the provider host. */
const secret = (): string => randomBytes(24).toString("base64url");

describe("redactSecrets", () => {
    it("masks a registered secret, its base64, its Basic `:pat` form and its URL-encoded form", () => {
        const pat = `${secret()}/+=`;
        registerSecret(pat);
        const basic = Buffer.from(`:${pat}`).toString("base64");
        const text = `pat=${pat} b64=${Buffer.from(pat).toString("base64")} header=Basic ${basic} url=${encodeURIComponent(pat)}`;
        assert.equal(redactSecrets(text), "pat=*** b64=*** header=Basic *** url=***");
    });

    it("masks secrets passed for one call without registering them", () => {
        const once = secret();
        assert.equal(redactSecrets(`x ${once} y`, [once]), "x *** y");
        assert.equal(redactSecrets(`x ${once} y`), `x ${once} y`);
    });

    it("masks Bearer tokens and JWTs by shape even when never registered", () => {
        const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJhdWQiOiJncmFwaCJ9.c2lnbmF0dXJlLXZhbHVl";
        assert.equal(redactSecrets(`Authorization: Bearer ${jwt}`), "Authorization: Bearer ***");
        assert.equal(redactSecrets(`token ${jwt} leaked`), "token *** leaked");
        assert.equal(redactSecrets("Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123"), "Authorization: Bearer ***");
    });

    it("leaves prose alone, and ignores values too short to be secrets", () => {
        registerSecret("abc");
        assert.equal(redactSecrets("Basic authentication failed for abc"), "Basic authentication failed for abc");
    });
});

describe("ApiError built from a real axios error", () => {
    let server: Server;
    let baseUrl: string;
    const registered = secret();
    const unregistered = `Zz${secret()}`;

    before(async () => {
        registerSecret(registered);
        // The service echoes the credential in its error, as some gateways do; the client must still not leak it.
        server = createServer((req, res) => {
            res.writeHead(403, { "content-type": "application/json", "request-id": "rid-9", "www-authenticate": String(req.headers.authorization) });
            res.end(JSON.stringify({ error: { code: "accessDenied", message: `token ${registered} is not allowed` } }));
        });
        await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
        baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    after(async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it("never shows the token in String, JSON.stringify or util.inspect", async () => {
        const caught: unknown = await axios
            .get(`${baseUrl}/v1.0/me?code=${unregistered}`, { headers: { Authorization: `Bearer ${registered}`, "X-Other-Auth": unregistered } })
            .then(
                () => assert.fail("expected a 403"),
                (e: unknown) => e,
            );
        assert.match(inspect(caught), new RegExp(registered), "precondition: the raw axios error does carry the token");
        const err = fromAxiosError(caught, { service: "graph", method: "GET", path: `/v1.0/me?code=${unregistered}` });
        assert.equal(err.code, "accessDenied");
        assert.equal(err.requestId, "rid-9");
        for (const view of [String(err), JSON.stringify(err), inspect(err), inspect(err, { depth: 10, showHidden: true }), err.stack ?? ""]) {
            assert.doesNotMatch(view, new RegExp(registered));
            assert.doesNotMatch(view, new RegExp(unregistered));
        }
        assert.match(String(err), /403 accessDenied: token \*\*\* is not allowed/);
    });

    it("serializes only allow-listed fields", async () => {
        const caught: unknown = await axios.get(`${baseUrl}/x`, { headers: { Authorization: `Bearer ${registered}` } }).catch((e: unknown) => e);
        const json = JSON.parse(JSON.stringify(fromAxiosError(caught, { service: "graph", method: "GET", path: "/x" }))) as Record<string, unknown>;
        assert.deepEqual(Object.keys(json).sort(), [
            "attempts",
            "code",
            "context",
            "message",
            "method",
            "name",
            "nextStep",
            "path",
            "requestId",
            "retryable",
            "service",
            "serviceMessage",
            "status",
        ]);
    });
});
