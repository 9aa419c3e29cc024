/**
 * Writes the response of an injected fault (all kinds but `delay` and `hold`, which the dispatcher handles by
 * waiting before, or after, serving normally).
 */
import type { ServerResponse } from "node:http";
import type { FaultRule } from "./faults";
import { jsonReply, writeReply, type Reply } from "./http";
import type { ErrorSpec } from "./services";

/**
 * A sign-in page like the one Azure DevOps serves (203 or 200, text/html) when credentials are missing
 * or expired instead of a JSON 401 (docs/api-facts.md section D); a client must recognize it as an auth failure.
 */
export const SIGN_IN_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in to your account</title></head>
<body>
<form name="f1" method="post" action="https://login.microsoftonline.com/common/login">
  <div role="heading">Sign in</div>
  <input type="email" name="loginfmt" placeholder="Email, phone, or Skype">
  <input type="submit" value="Next">
</form>
</body>
</html>
`;

/** Sends the fault's response; returns the status for the request log (0 when the connection was reset). */
export function applyFault(
    fault: FaultRule,
    res: ServerResponse,
    common: Record<string, string>,
    serviceError: (spec: ErrorSpec) => Reply,
    jsonContentType = "application/json; charset=utf-8",
): number {
    const headers: Record<string, string> = { ...common, ...fault.headers };
    if (fault.retryAfter !== undefined) headers["retry-after"] = fault.retryAfter;
    switch (fault.kind) {
        case "status": {
            const status = fault.status ?? 500;
            const reply = fault.body !== undefined ? jsonReply(status, fault.body, {}, jsonContentType) : serviceError({ status, headers: {} });
            writeReply(res, { ...reply, headers: { ...reply.headers, ...headers } });
            return status;
        }
        case "reset":
            res.socket?.destroy();
            return 0;
        case "malformed": {
            const status = fault.status ?? 200;
            // Cut in the middle of a member: no JSON parser accepts it.
            writeReply(res, { status, headers: { "content-type": jsonContentType, ...headers }, body: '{"value":[{"id":"' });
            return status;
        }
        case "truncated": {
            const status = fault.status ?? 200;
            const full = Buffer.from(JSON.stringify(fault.body ?? { value: [{ id: "truncated-by-emulator" }] }));
            res.writeHead(status, { "content-type": jsonContentType, ...headers, "content-length": String(full.length) });
            // Half the promised bytes, then end the connection: the client sees a premature close.
            res.write(full.subarray(0, Math.floor(full.length / 2)));
            res.socket?.end();
            return status;
        }
        case "html": {
            const status = fault.status ?? 200;
            writeReply(res, { status, headers: { ...headers, "content-type": "text/html; charset=utf-8" }, body: SIGN_IN_PAGE });
            return status;
        }
        case "delay":
        case "hold":
            throw new Error(`${fault.kind} faults are applied by the dispatcher`);
    }
}
