/**
 * Azure DevOps as the HTTP client needs to know it: its error body, its request id headers, and the ways it answers
 * refused credentials with a sign-in page instead of a 401 (docs/api-facts.md D).
 */
import { bodyAsJson, jsonNumber, jsonString, requestIdFrom, withBodyFallback, type ServiceErrorBody } from "../core/errors/errorBodies";
import type { ServiceProfile } from "../core/errors/serviceProfile";

const REQUEST_ID_HEADERS = ["activityid", "x-vss-activityid", "x-tfs-session", "x-vss-e2eid"];

/**
 * Azure DevOps' error body: `{"$id","innerException","message","typeName","typeKey","errorCode","eventId"}`
 * (vsts-rest-api-specs GetDescriptorById example). Messages start with a `TF123456:` code when there is one.
 */
export function parseDevOpsError(body: unknown, headers?: unknown): ServiceErrorBody {
    const json = bodyAsJson(body);
    const message = jsonString(json, "message");
    const tfCode = message !== undefined ? /^(TF\d+|VS\d+)\b/.exec(message)?.[1] : undefined;
    const typeKey = jsonString(json, "typeKey");
    const errorCode = jsonNumber(json, "errorCode");
    return withBodyFallback(body, {
        code: typeKey ?? tfCode ?? (errorCode ? String(errorCode) : undefined),
        innerCode: typeKey !== undefined ? tfCode : undefined,
        message,
        requestId: requestIdFrom(REQUEST_ID_HEADERS, headers),
    });
}

/** Azure DevOps Services (`https://dev.azure.com`). */
export const devopsService: ServiceProfile = {
    name: "devops",
    requestIdHeaders: REQUEST_ID_HEADERS,
    parseError: parseDevOpsError,
    // Without it, bad credentials get a 203 or a 302 to a sign-in page instead of a 401 (docs/api-facts.md D).
    headers: { "X-TFS-FedAuthRedirect": "Suppress" },
    // "Treat 203 / text/html as an auth failure" (docs/api-facts.md D): the sign-in page also comes as a 200 HTML page, and
    // a redirect may point at the identity host (vssps) without "sign in" in its URL.
    isSignInAnswer: (status, headers) =>
        (status >= 200 && status < 300 && /text\/html/i.test(headers["content-type"] ?? "")) ||
        (status >= 300 && status < 400 && /vssps/i.test(headers["location"] ?? "")),
};
