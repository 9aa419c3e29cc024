import { strict as assert } from "node:assert";
import { randomUUID } from "node:crypto";
import type { TokenCredential } from "@azure/identity";
import { Credentials } from "../../provider/core/auth/credentials";
import { writeOutcome } from "../../provider/core/errors/errors";
import { createServiceClient, type ServiceClientOptions } from "../../provider/core/http/http";
import { ServiceLimiter } from "../../provider/core/http/limiter";
import { Operation } from "../../provider/core/http/operation";
import { sessionFor } from "../../provider/core/auth/session";
import { defineHandler, type HandlerContext } from "../../provider/core/host/handler";
import { resolveSettings, type SettingKey } from "../../provider/core/settings/settings";
import { graphService } from "../../provider/entra/graphService";
import { rejection, rejectionOf } from "../support/rejection";
import { ScriptedServer } from "./scriptedServer";

/*
 * The operation (core/http/operation.ts): a cancellation or a deadline ends whatever core waits on, with an error that
 * says so. It is passed, not ambient: a front end hands it to the handler in the call's context, and a client serves it
 * through its view for that operation (`forOperation`). Real timers and a real server: the bounds are generous upper
 * limits for a loaded machine, not goals.
 */
const server = new ScriptedServer();
const TOKEN = "Bearer eyJ0eXAiOiJKV1QifQ.eyJhdWQiOiJvcGVyYXRpb24ifQ.c2lnbmF0dXJl";
const THROTTLED_60_S = {
    status: 429,
    headers: { "retry-after": "60" },
    body: { error: { code: "TooManyRequests", message: "Please retry again later." } },
};

function client(extra: Partial<ServiceClientOptions> = {}) {
    return createServiceClient({ profile: graphService, baseUrl: server.baseUrl(), authorize: async () => TOKEN, ...extra });
}

/** Aborts `controller` after `ms`, and says when it did. */
function abortAfter(controller: AbortController, ms: number): { at: () => number } {
    let at = Infinity;
    setTimeout(() => {
        at = Date.now();
        controller.abort();
    }, ms);
    return { at: () => at };
}

describe("operation context: cancellation and deadlines", () => {
    before(() => server.start());
    after(() => server.close());
    afterEach(() => server.verify());

    it("reaches a handler in its call context, which binds the session's clients to it and keeps the shared ones for caches", async () => {
        const seen: HandlerContext[] = [];
        const handler = defineHandler<{ name: string }, { name: string }>({
            type: "tenantkit:test:Probe",
            describe: (inputs) => `probe "${inputs.name ?? "?"}"`,
            signsInTo: [],
            check: async (news) => ({ inputs: { name: String(news.name) }, failures: [] }),
            diff: async () => ({}),
            create: async (inputs, ctx) => {
                seen.push(ctx);
                return { id: inputs.name, outs: inputs };
            },
            read: async () => undefined,
        });
        const values: Partial<Record<SettingKey, string>> = { graphEndpoint: server.baseUrl(), graphToken: TOKEN.slice("Bearer ".length) };
        await handler.configure({ config: { get: (key) => values[key.slice("tenantkit:".length) as SettingKey] }, env: {} });
        const operation = new Operation({ signal: new AbortController().signal, deadline: Date.now() + 60_000 });
        await handler.create({ name: "plugin" }, { urn: "urn:pulumi:s::p::tenantkit:test:Probe::plugin", operation });
        await handler.create({ name: "dynamic" });
        const [bound, unbound] = seen as [HandlerContext, HandlerContext];

        assert.equal(bound.operation, operation);
        const session = bound.session();
        const shared = sessionFor(bound.settings());
        assert.equal(session.operation, operation);
        assert.equal(session.credentials, shared.credentials, "one token cache for every operation");
        const graph = session.client(graphService);
        assert.equal(graph.operation, operation);
        assert.equal(graph.shared, shared.client(graphService), "caches keyed by a client see the shared one");
        assert.equal(bound.session().client(graphService).shared, graph.shared);

        assert.equal(unbound.operation, undefined, "the dynamic host passes no operation");
        assert.equal(unbound.session(), shared);
        assert.equal(unbound.session().client(graphService).operation, undefined);
    });

    it("ends only the cancelled one of two operations on one client, and each error names only its own interrupted writes", async () => {
        server.script("hang", "hang");
        const c = client();
        const [a, b] = [new AbortController(), new AbortController()];
        const [first, second] = [new Operation({ signal: a.signal }), new Operation({ signal: b.signal, deadline: Date.now() + 60_000 })];
        const post = (op: Operation, name: string) => c.forOperation(op).request({ method: "POST", path: ["v1.0", "datasets"], body: { name } });
        const cancelled = rejection(post(first, "a"));
        let otherEnded = false;
        const other = rejection(post(second, "b").finally(() => (otherEnded = true)));
        while (server.seen.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));

        a.abort();
        const err = await cancelled;
        assert.equal(err.code, "Cancelled");
        await new Promise((resolve) => setTimeout(resolve, 300));
        assert.equal(otherEnded, false, "the other operation's POST is still in flight");

        // What the cancelled operation sends next names the POST it interrupted; the other operation's error does not.
        const next = await rejection(c.forOperation(first).request({ method: "GET", path: ["v1.0", "datasets"] }));
        assert.equal(next.code, "CancelledBeforeSending");
        assert.match(next.message, /earlier in this operation, graph POST \/v1\.0\/datasets was interrupted in flight/);
        b.abort();
        const otherErr = await other;
        assert.equal(otherErr.code, "Cancelled");
        assert.doesNotMatch(otherErr.message, /earlier in this operation/);
        assert.equal(server.seen.length, 2);
    });

    it("aborts a request in flight soon after the signal, saying it may have reached the service", async () => {
        server.script("hang");
        const controller = new AbortController();
        const aborted = abortAfter(controller, 300);
        const c = client();
        const err = await rejection(
            c.forOperation(new Operation({ signal: controller.signal })).request({ method: "GET", path: ["v1.0", "me"], operation: "read user" }),
        );
        const late = Date.now() - aborted.at();
        assert.ok(late < 3000, `ended ${late} ms after the signal`);
        assert.equal(server.seen.length, 1);
        assert.equal(err.code, "Cancelled");
        assert.equal(err.retryable, false);
        assert.match(
            err.message,
            /^read user: graph GET \/v1\.0\/me stopped: the operation was cancelled .*Ctrl-C.* while the request was in flight: it may have reached the service/,
        );
        assert.match(err.message, /Next: run `pulumi up` again/);
    });

    it("ends a Retry-After pause of 60 s soon after the signal, without sending the POST again", async () => {
        server.script(THROTTLED_60_S);
        const controller = new AbortController();
        const c = client();
        const started = Date.now();
        const aborted = abortAfter(controller, 500);
        const err = await rejection(
            c.forOperation(new Operation({ signal: controller.signal })).request({ method: "POST", path: ["v1.0", "things"], body: {} }),
        );
        const late = Date.now() - aborted.at();
        assert.ok(late < 3000, `ended ${late} ms after the signal (${Date.now() - started} ms in all)`);
        assert.equal(server.seen.length, 1, "the POST was not sent a second time");
        assert.equal(err.code, "CancelledBeforeSending");
        assert.match(
            err.message,
            /during the pause of 60 s the service asked for \(Retry-After\) before attempt 2, before the request was sent: it did not reach the service \(attempt 1 failed with 429 TooManyRequests\)/,
        );
        // A 429 is refused, not executed, and the retry was never sent: nothing happened on the service.
        assert.equal(writeOutcome(err), "none");
    });

    it("ends an attempt at the operation's deadline when it comes before requestTimeoutSeconds", async () => {
        server.script("hang");
        const c = client({ timeoutMs: 30_000 });
        const started = Date.now();
        const err = await rejection(c.forOperation(new Operation({ deadline: Date.now() + 1000 })).request({ method: "GET", path: ["v1.0", "me"] }));
        const elapsed = Date.now() - started;
        assert.ok(elapsed >= 900 && elapsed < 5000, `ended after ${elapsed} ms`);
        assert.equal(server.seen.length, 1);
        assert.equal(err.code, "OperationTimeout");
        assert.match(err.message, /the operation's timeout of 1 s \(customTimeouts\) passed while the request was in flight/);
        assert.match(err.message, /raise the resource's customTimeouts/);
    });

    it("reports a POST aborted in flight as pending, and says to check the service before the next up", async () => {
        server.script("hang");
        const controller = new AbortController();
        abortAfter(controller, 300);
        const c = client();
        const err = await rejection(
            c
                .forOperation(new Operation({ signal: controller.signal }))
                .request({ method: "POST", path: ["v1.0", "datasets"], body: { name: "sales" }, operation: "create dataset sales" }),
        );
        assert.equal(server.seen.length, 1);
        assert.equal(writeOutcome(err), "pending");
        assert.match(err.message, /it may have reached the service and may still be carried out there/);
        assert.match(
            err.message,
            /Next: the write may have been carried out, or may still be: check what the service holds before the next `pulumi up`/,
        );
    });

    it("bounds the wait for a token by the operation's deadline", async () => {
        const never: TokenCredential = { getToken: () => new Promise(() => undefined) };
        const values: Partial<Record<SettingKey, string>> = { tenantId: randomUUID(), clientId: randomUUID(), clientSecret: "operation-spec-secret" };
        const credentials = new Credentials(
            resolveSettings((k) => values[k], {}),
            { createCredential: async () => never },
        );
        const started = Date.now();
        const err = await rejection(
            credentials.authorizer("graph")({ forceRefresh: false, operation: new Operation({ deadline: Date.now() + 500 }) }),
        );
        const elapsed = Date.now() - started;
        assert.ok(elapsed < 5000, `ended after ${elapsed} ms`);
        assert.equal(err.service, "login");
        assert.equal(err.code, "OperationTimeoutBeforeSending");
        assert.match(
            err.message,
            /sign in to graph: login POST \/[0-9a-f-]{36}\/oauth2\/v2\.0\/token stopped: the operation's timeout of 1 s \(customTimeouts\) passed during the sign-in for graph/,
        );
    });

    it("takes a request waiting in the limiter's queue out of it when cancelled, leaking no slot", async () => {
        const limiter = new ServiceLimiter({ maxConcurrent: 1 });
        const release = await limiter.acquire();
        const controller = new AbortController();
        const waiting = limiter.acquire(undefined, controller.signal);
        await new Promise((resolve) => setImmediate(resolve));
        assert.equal(limiter.queued, 1);
        controller.abort(new Error("cancelled"));
        await rejectionOf(waiting);
        assert.equal(limiter.queued, 0);
        release();
        assert.equal(limiter.inFlight, 0);
    });

    it("does not pause one tenant for another tenant's 429", async () => {
        const graphEndpoint = server.baseUrl();
        const tenant = (tenantId: string) => {
            const values: Partial<Record<SettingKey, string>> = { tenantId, graphEndpoint, graphToken: TOKEN.slice("Bearer ".length) };
            return sessionFor(resolveSettings((k) => values[k], {})).client(graphService);
        };
        const [a, b] = [tenant(randomUUID()), tenant(randomUUID())];
        server.script(THROTTLED_60_S, { status: 200, body: { id: "b" } });
        const controller = new AbortController();
        const paused = rejection(
            a.forOperation(new Operation({ signal: controller.signal })).request({ method: "GET", path: ["v1.0", "organization"] }),
        );
        try {
            while (server.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
            await new Promise((resolve) => setTimeout(resolve, 100)); // the 429 has reached tenant a's limiter
            const started = Date.now();
            const res = await b.request({ method: "GET", path: ["v1.0", "organization"] });
            const elapsed = Date.now() - started;
            assert.deepEqual(res.data, { id: "b" });
            assert.ok(elapsed < 5000, `tenant b waited ${elapsed} ms`);
            assert.equal(server.seen.length, 2);
        } finally {
            controller.abort();
        }
        assert.equal((await paused).code, "CancelledBeforeSending", "tenant a was still in its own pause");
    });
});
