/**
 * The one request handler behind both the HTTP and the HTTPS side of the port. For each request to an
 * emulated service it logs the request, applies an injected fault or the throttle if one applies, routes
 * to the service (a `hold` fault then holds the answer back), and answers unknown routes with a logged 404 in the service's error shape (a loud miss).
 * Admin requests (`/_admin/...`) are answered on loopback only and are neither logged nor faulted.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { handleAdmin } from "./admin";
import { applyFault } from "./http/fault-replies";
import type { FaultStore } from "./http/faults";
import { flattenHeaders, headerValue, jsonReply, readBody, writeReply, type Reply, type RequestContext } from "./http/http";
import type { RequestLog } from "./http/log";
import type { Router } from "./http/router";
import { serviceForPath, type ErrorSpec, type ServiceModule } from "./http/services";
import type { StateStore } from "./store/state";
import type { Throttle } from "./http/throttle";
import { BadRequestError } from "./base/bad-request";

/** Everything the dispatcher needs; built once by the server. */
export interface Runtime {
    readonly store: StateStore;
    readonly log: RequestLog;
    readonly faults: FaultStore;
    readonly throttle: Throttle;
    readonly services: readonly ServiceModule[];
    readonly admin: Router;
    readonly now: () => Date;
    readonly sleep: (ms: number) => Promise<void>;
    /** The listening port, for requests that come without a Host header. */
    readonly port: () => number;
}

/** Returns the `request` listener shared by the HTTP and HTTPS servers. */
export function createRequestHandler(rt: Runtime): (req: IncomingMessage, res: ServerResponse) => void {
    return (req, res) => {
        handle(rt, req, res).catch((err: unknown) => {
            process.stderr.write(`tenantkit-emulator: ${(err as Error).stack ?? String(err)}\n`);
            if (!res.headersSent) writeReply(res, jsonReply(500, { error: { code: "EmulatorError", message: String(err) } }));
            else res.destroy();
        });
    };
}

async function handle(rt: Runtime, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    rt.store.refresh();
    const rawUrl = req.url ?? "/";
    const q = rawUrl.indexOf("?");
    const rawPath = q < 0 ? rawUrl : rawUrl.slice(0, q);
    const isAdmin = /^\/_admin(\/|$)/i.test(rawPath);
    const service = isAdmin ? undefined : serviceForPath(rt.services, rawPath);
    const prefixLength = isAdmin ? "/_admin".length : (service?.prefix.length ?? 0);
    const secure = (req.socket as Partial<TLSSocket>).encrypted === true;
    const query = new URLSearchParams(q < 0 ? "" : rawUrl.slice(q + 1));
    const ctx: RequestContext = {
        method: (req.method ?? "GET").toUpperCase(),
        rawPath,
        subPath: rawPath.slice(prefixLength) || "/",
        query,
        headers: req.headers,
        body,
        baseUrl: `${secure ? "https" : "http"}://${req.headers.host ?? `127.0.0.1:${rt.port()}`}`,
        remoteAddress: req.socket.remoteAddress ?? "",
        requestId: randomUUID(),
        // MSAL sends its correlation id as a `client-request-id` query parameter, Graph SDKs as a header.
        clientRequestId: headerValue(req.headers, "client-request-id") ?? query.get("client-request-id") ?? randomUUID(),
        now: rt.now(),
        store: rt.store,
    };
    if (isAdmin) return writeReply(res, await handleAdmin(rt.admin, ctx));

    const entry = rt.log.record(
        {
            time: ctx.now.toISOString(),
            method: ctx.method,
            path: rawPath,
            query: Object.fromEntries(ctx.query),
            headers: flattenHeaders(req.headers),
            service: service?.name ?? "unknown",
        },
        body,
    );
    const common = service?.commonHeaders(ctx) ?? {};
    const fault = rt.faults.take(service?.name, ctx.method, ctx.subPath);
    let holdMs = 0;
    if (fault !== undefined) {
        entry.fault = fault.kind;
        if (fault.kind === "delay") {
            await rt.sleep(fault.delayMs ?? 1000);
        } else if (fault.kind === "hold") {
            holdMs = fault.delayMs ?? 1000;
        } else if (fault.served !== true) {
            entry.status = applyFault(fault, res, common, (spec) => errorFor(service, ctx, spec), service?.jsonContentType);
            return;
        }
    }
    let reply: Reply;
    const retryAfter = rt.throttle.check(service?.name, ctx);
    if (retryAfter !== undefined) {
        entry.fault = "throttle";
        reply = errorFor(service, ctx, { status: 429, headers: { "retry-after": retryAfter } });
    } else {
        reply = await route(service, ctx);
    }
    // `served` faults: the service has acted; the fault answers instead of it (unless the throttle refused the request).
    if (fault?.served === true && entry.fault !== "throttle") {
        entry.served = true;
        entry.status = applyFault(fault, res, common, (spec) => errorFor(service, ctx, spec), service?.jsonContentType);
        return;
    }
    // `hold`: the service has acted; its answer waits (status 0 in the log meanwhile).
    if (holdMs > 0) await rt.sleep(holdMs);
    if (reply.abort === true) {
        entry.fault = "lostResponse";
        entry.status = 0;
        res.socket?.destroy();
        return;
    }
    entry.status = reply.status;
    writeReply(res, reply, common);
}

async function route(service: ServiceModule | undefined, ctx: RequestContext): Promise<Reply> {
    const notFound = `The emulator has no route for ${ctx.method} ${ctx.rawPath}.`;
    if (service === undefined) return errorFor(undefined, ctx, { status: 404, message: notFound });
    const match = service.router.match(ctx.method, ctx.subPath);
    if (match.kind === "notFound") return errorFor(service, ctx, { status: 404, message: notFound });
    if (match.kind === "methodNotAllowed") {
        return errorFor(service, ctx, {
            status: 405,
            message: `The emulator does not allow ${ctx.method} on ${ctx.rawPath}.`,
            headers: { allow: match.allowed.join(", ") },
        });
    }
    try {
        return await match.handler(ctx, match.params);
    } catch (err) {
        if (err instanceof BadRequestError) return errorFor(service, ctx, { status: 400, message: err.message });
        // A bug of the emulator: answer (and log) a 500 in the service's shape rather than hang the client.
        process.stderr.write(`tenantkit-emulator: ${ctx.method} ${ctx.rawPath}: ${(err as Error).stack ?? String(err)}\n`);
        return errorFor(service, ctx, { status: 500, message: `Emulator error: ${(err as Error).message}` });
    }
}

/** An error in the service's shape; outside every prefix, a plain `{error:{code,message}}`. */
function errorFor(service: ServiceModule | undefined, ctx: RequestContext, spec: ErrorSpec): Reply {
    if (service !== undefined) return service.errorReply(ctx, spec);
    const code = spec.status === 404 ? "NotFound" : `Http${spec.status}`;
    return jsonReply(spec.status, { error: { code: spec.code ?? code, message: spec.message ?? code } }, { ...spec.headers });
}
