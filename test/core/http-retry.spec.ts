import { strict as assert } from "node:assert";
import * as net from "node:net";
import { isThrottled } from "../../provider/core/errors/errors";
import { createServiceClient, type ServiceClientOptions } from "../../provider/core/http/http";
import { recordingSleep, ScriptedServer } from "./scriptedServer";
import { rejection } from "../support/rejection";
import { graphService } from "../../provider/entra/graphService";

const server = new ScriptedServer();
const TOKEN = "Bearer eyJ0eXAiOiJKV1QifQ.eyJhdWQiOiJodHRwczovL2dyYXBoIn0.c2lnbmF0dXJl";
const THROTTLED = {
    status: 429,
    headers: { "retry-after": "2.128", "request-id": "r-429" },
    body: { error: { code: "TooManyRequests", message: "Please retry again later." } },
};
const UNAVAILABLE = { status: 503, body: { error: { code: "serviceNotAvailable", message: "Service unavailable" } } };

function client(extra: Partial<ServiceClientOptions> = {}) {
    return createServiceClient({
        profile: graphService,
        baseUrl: server.baseUrl(),
        authorize: async () => TOKEN,
        retry: { baseDelayMs: 1 },
        random: () => 1,
        ...extra,
    });
}

describe("service client: retries, throttling and timeouts", () => {
    before(() => server.start());
    after(() => server.close());
    afterEach(() => server.verify());

    it("waits the Retry-After of a 429, then returns the next answer", async () => {
        server.script(THROTTLED, { status: 200, body: { value: [1] } });
        const { waits, sleep } = recordingSleep();
        const lines: string[] = [];
        const res = await client({ sleep, log: (l) => lines.push(l) }).request({ method: "GET", path: ["v1.0", "me"] });
        assert.deepEqual(res.data, { value: [1] });
        assert.equal(waits.length, 1);
        assert.ok(waits[0]! > 2000 && waits[0]! <= 2128, `waited ${waits[0]} ms`);
        assert.equal(server.seen.length, 2);
        assert.equal(
            server.seen[0]!.headers["client-request-id"],
            server.seen[1]!.headers["client-request-id"],
            "a retry keeps its client-request-id",
        );
        assert.match(
            lines[0]!,
            /^graph GET \/v1\.0\/me: attempt 1 failed with 429 TooManyRequests; retrying in 2128 ms \(client-request-id [0-9a-f-]{36}\)$/,
        );
    });

    it("makes a second client of the same service wait out the first one's 429", async () => {
        const baseUrl = server.baseUrl();
        server.script(THROTTLED, { status: 200, body: {} }, { status: 200, body: {} });
        const first = recordingSleep();
        const second = recordingSleep();
        await client({ baseUrl, sleep: first.sleep }).request({ method: "GET", path: ["v1.0", "me"] });
        await client({ baseUrl, sleep: second.sleep }).request({ method: "GET", path: ["v1.0", "organization"] });
        // The injected sleeps return at once, so the real clock has not reached the block's end yet.
        assert.equal(second.waits.length, 1);
        assert.ok(second.waits[0]! > 1000, `second client waited ${second.waits[0]} ms`);
    });

    it("does not retry a POST on 503, since the service may have acted on it", async () => {
        server.script(UNAVAILABLE);
        const { waits, sleep } = recordingSleep();
        const err = await rejection(client({ sleep }).request({ method: "POST", path: ["v1.0", "things"], body: {} }));
        assert.equal(err.status, 503);
        assert.equal(err.attempts, 1);
        assert.deepEqual(waits, []);
        assert.doesNotMatch(err.message, /Gave up/);
    });

    it("retries a GET on 503 with growing backoff, then gives up saying so", async () => {
        server.script(UNAVAILABLE, UNAVAILABLE, UNAVAILABLE);
        const { waits, sleep } = recordingSleep();
        const err = await rejection(client({ sleep, retry: { baseDelayMs: 10, maxAttempts: 3 } }).request({ method: "GET", path: ["v1.0", "me"] }));
        assert.deepEqual(waits, [10, 20]);
        assert.equal(err.attempts, 3);
        assert.match(
            err.message,
            /failed after 3 attempts: 503 serviceNotAvailable: Service unavailable \(client-request-id [0-9a-f-]{36}\)\. Gave up: no attempts left \(tenantkit makes at most 3\)\. Next: run again later/,
        );
    });

    it("retries a POST on 429, which the service rejected without acting on it", async () => {
        server.script({ ...THROTTLED, headers: { "retry-after": "1" } }, { status: 201, body: { id: "a" } });
        const res = await client({ sleep: recordingSleep().sleep }).request({ method: "POST", path: ["v1.0", "things"], body: {} });
        assert.equal(res.status, 201);
    });

    it("gives up at once with a ThrottledError when Retry-After is beyond the limit", async () => {
        server.script({ ...THROTTLED, headers: { "retry-after": "600" } });
        const { waits, sleep } = recordingSleep();
        const err = await rejection(client({ sleep }).request({ method: "GET", path: ["v1.0", "me"] }));
        assert.ok(isThrottled(err));
        assert.equal(err.retryAfterMs, 600_000);
        assert.deepEqual(waits, []);
        assert.match(err.message, /Gave up: the service asked to wait 600 s \(Retry-After\), longer than the 120 s this client waits\./);
    });

    it("retries a GET whose connection was reset", async () => {
        server.script("reset", { status: 200, body: { ok: 1 } });
        const { waits, sleep } = recordingSleep();
        const res = await client({ sleep }).request({ method: "GET", path: ["v1.0", "me"] });
        assert.deepEqual(res.data, { ok: 1 });
        assert.deepEqual(waits, [1]);
    });

    it("times out a request that gets no answer with an ETIMEDOUT error naming the operation", async () => {
        server.script("hang", "hang");
        const err = await rejection(
            client({ timeoutMs: 40, sleep: recordingSleep().sleep, retry: { baseDelayMs: 1, maxAttempts: 2 } }).request({
                method: "GET",
                path: ["v1.0", "users", "alice"],
                operation: "read the TAP methods",
            }),
        );
        assert.equal(err.code, "ETIMEDOUT");
        assert.equal(err.status, undefined);
        assert.match(
            err.message,
            /^read the TAP methods: graph GET \/v1\.0\/users\/alice failed after 2 attempts: network error ETIMEDOUT: timeout of 40ms exceeded \(client-request-id [0-9a-f-]{36}\)\./,
        );
    });

    it("keeps the token out of the error and the log lines of a failed, retried request", async () => {
        server.script(UNAVAILABLE, { status: 500, body: { error: { code: "generalException", message: `echo ${TOKEN}` } } });
        const lines: string[] = [];
        const err = await rejection(
            client({ sleep: recordingSleep().sleep, log: (l) => lines.push(l), retry: { baseDelayMs: 1, maxAttempts: 2 } }).request({
                method: "GET",
                path: ["v1.0", "me"],
            }),
        );
        assert.equal(lines.length, 1);
        for (const text of [...lines, String(err), JSON.stringify(err)]) assert.doesNotMatch(text, /eyJ0eXAi|c2lnbmF0dXJl/);
        assert.match(err.message, /500 generalException: echo Bearer \*\*\*/);
    });

    it("a connection the emulator refuses is not retried and says to start it", async () => {
        const listener = net.createServer();
        await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
        const port = (listener.address() as net.AddressInfo).port;
        await new Promise<void>((resolve) => listener.close(() => resolve()));
        const { waits, sleep } = recordingSleep();
        const emulator = `http://127.0.0.1:${port}`;
        const err = await rejection(client({ sleep, baseUrl: `${emulator}/graph`, emulator }).request({ method: "GET", path: ["v1.0", "me"] }));
        assert.deepEqual(waits, [], "a stopped emulator was waited for");
        assert.equal(err.attempts, 1);
        assert.match(
            err.message,
            new RegExp(
                `failed: network error ECONNREFUSED.*Next: the emulator at ${emulator} could not be reached \\(the connection was refused\\): ` +
                    `tenantkit:emulator \\(TENANTKIT_EMULATOR\\) points there; start the emulator \\(npx tenantkit-emulator --port ${port}\\)`,
            ),
        );
    });
});
