import { strict as assert } from "node:assert";
import {
    ApiError,
    fromAxiosError,
    fromResponse,
    isApiError,
    isAuthenticationError,
    isNotFound,
    isThrottled,
    withContext,
    type RequestContext,
} from "../../provider/core/errors/errors";
import { parseGenericError, parseLoginError } from "../../provider/core/errors/errorBodies";
import { parseDevOpsError, devopsService } from "../../provider/devops/devopsService";
import { parseGraphError, graphService } from "../../provider/entra/graphService";
import { parsePowerBiError } from "../../provider/powerbi/powerBiService";
import { conformance, conformanceText } from "../support/conformance";

// The official examples in test/fixtures/conformance (see SOURCES.md there).
const GRAPH_ERROR = conformance("graph-error.example.json");
const GRAPH_429 = conformance("graph-throttling-429.response.json");
const POWERBI_TOKEN_EXPIRED = conformanceText("powerbi-error-tokenexpired.response.json");
const DEVOPS_400 = conformance<{ message: string }>("azdo-error-400.response.json");
// Entra's token endpoint has no official example payload; this follows the documented AADSTS error shape.
const AADSTS = {
    error: "invalid_client",
    error_description:
        "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value.\r\nTrace ID: 0e1c...\r\nCorrelation ID: 5a1e...",
    error_codes: [7000215],
    timestamp: "2026-03-01 12:00:00Z",
    trace_id: "0e1c4b7d-9b1c-4a7e-8f1a-1f2e3d4c5b6a",
    correlation_id: "5a1e2b3c-4d5e-6f70-8192-a3b4c5d6e7f8",
};
const SIGN_IN_PAGE = "<!DOCTYPE html><html><head><title>Sign In</title></head><body>Please sign in</body></html>";

const GET_TAP: RequestContext = {
    service: "graph",
    reading: graphService,
    method: "GET",
    path: "/v1.0/users/x/authentication/temporaryAccessPassMethods",
    clientRequestId: "c-1",
};

describe("error body parsers", () => {
    it("reads Graph's code, inner code, message and request id from the documented example", () => {
        assert.deepEqual(parseGraphError(GRAPH_ERROR), {
            code: "badRequest",
            innerCode: "invalidRange",
            message: "Uploaded fragment overlaps with existing data.",
            requestId: "request-id",
        });
    });

    it("reads Graph's throttling body, and falls back to the request-id header", () => {
        assert.equal(parseGraphError(JSON.stringify(GRAPH_429)).requestId, "94fb3b52-452a-4535-a601-69e0a90e3aa2");
        const noInner = { error: { code: "accessDenied", message: "Request Authorization failed" } };
        assert.equal(parseGraphError(noInner, { "Request-Id": "from-header" }).requestId, "from-header");
    });

    it("reads Power BI's error body from bytes, and its RequestId header", () => {
        const parsed = parsePowerBiError(Buffer.from(POWERBI_TOKEN_EXPIRED), { RequestId: "pbi-42" });
        assert.deepEqual(parsed, {
            code: "TokenExpired",
            message: "Access token has expired, resubmit with a new access token",
            requestId: "pbi-42",
        });
    });

    it("reads a Power BI body that only has a pbi.error member", () => {
        const body = { error: { "pbi.error": { code: "PowerBINotAuthorizedException", details: [{ message: "not a workspace member" }] } } };
        assert.deepEqual(parsePowerBiError(body), { code: "PowerBINotAuthorizedException", message: "not a workspace member" });
    });

    it("reads Azure DevOps' typeKey and message, and the ActivityId header as request id", () => {
        assert.deepEqual(parseDevOpsError(DEVOPS_400, { activityid: "act-7" }), {
            code: "InvalidGetDescriptorRequestException",
            message: DEVOPS_400.message,
            requestId: "act-7",
        });
    });

    it("takes the TF code of an Azure DevOps message as code or inner code", () => {
        const message = "TF400813: The user 'x' is not authorized to access this resource.";
        assert.equal(parseDevOpsError({ message }).code, "TF400813");
        assert.equal(parseDevOpsError({ message, typeKey: "UnauthorizedRequestException" }).innerCode, "TF400813");
    });

    it("reads an AADSTS token error: error, first line of the description, code, trace and correlation ids", () => {
        assert.deepEqual(parseLoginError(AADSTS), {
            code: "invalid_client",
            innerCode: "AADSTS7000215",
            message: "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value.",
            requestId: AADSTS.trace_id,
            correlationId: AADSTS.correlation_id,
        });
    });

    it("describes an HTML sign-in page by its title, for every service", () => {
        for (const parse of [parseGraphError, parsePowerBiError, parseDevOpsError, parseLoginError]) {
            assert.deepEqual(parse(SIGN_IN_PAGE), { message: 'an HTML page titled "Sign In"' });
        }
    });

    it("reads the OData error shape and the usual request id header for a service without a profile", () => {
        assert.deepEqual(parseGenericError({ error: { code: "Throttled", message: "slow down" } }, { "x-ms-request-id": "r-9" }), {
            code: "Throttled",
            message: "slow down",
            requestId: "r-9",
        });
    });

    it("quotes the start of a plain-text body and yields nothing for an empty one", () => {
        assert.deepEqual(parseGraphError("upstream connect error or disconnect/reset before headers"), {
            message: "upstream connect error or disconnect/reset before headers",
        });
        assert.deepEqual(parseGraphError(""), {});
        assert.deepEqual(parseGraphError({ unexpected: true }), {});
    });
});

describe("ApiError", () => {
    it("composes a message with status, code, service message, request id and next step", () => {
        const err = fromResponse(
            { status: 403, headers: { "request-id": "1234" }, data: { error: { code: "accessDenied", message: "Request Authorization failed" } } },
            { ...GET_TAP, clientRequestId: undefined },
        );
        assert.equal(
            err.message,
            "graph GET /v1.0/users/x/authentication/temporaryAccessPassMethods failed: 403 accessDenied: Request Authorization failed (request-id 1234). " +
                "Next: grant the identity the permission or role this operation needs (the service's message names it), then run again.",
        );
        assert.equal(String(err), `ApiError: ${err.message}`);
    });

    it("re-composes the message when a handler adds the resource, operation and a precise next step", () => {
        const raw = fromResponse({ status: 403, data: GRAPH_ERROR }, GET_TAP);
        const err = withContext(withContext(raw, { nextStep: "grant UserAuthMethod-TAP.Read.All" }), {
            resource: "tenantkit:TemporaryAccessPassMethods 'alice'",
            operation: "read",
        });
        assert.match(err.message, /^tenantkit:TemporaryAccessPassMethods 'alice' \(read\): graph GET .* failed: 403 badRequest\/invalidRange: /);
        assert.match(err.message, /Next: grant UserAuthMethod-TAP\.Read\.All$/);
        assert.equal(err.stack?.split("\n")[0], `ApiError: ${err.message}`);
    });

    it("leaves anything that is not an ApiError unchanged in withContext", () => {
        const plain = new Error("boom");
        assert.equal(withContext(plain, { resource: "r" }).message, "boom");
    });

    it("is a NotFoundError for 404, AuthenticationError for 401 and 203, ThrottledError for 429", () => {
        assert.equal(isNotFound(fromResponse({ status: 404, data: "" }, GET_TAP)), true);
        assert.equal(isAuthenticationError(fromResponse({ status: 401, data: "" }, GET_TAP)), true);
        assert.equal(
            isAuthenticationError(fromResponse({ status: 203, data: SIGN_IN_PAGE }, { ...GET_TAP, service: "devops", reading: devopsService })),
            true,
        );
        assert.equal(isAuthenticationError(fromResponse({ status: 400, data: AADSTS }, { ...GET_TAP, service: "login" })), true);
        const throttled = fromResponse({ status: 429, headers: { "retry-after": "2.128" }, data: GRAPH_429 }, GET_TAP);
        assert.equal(isThrottled(throttled), true);
        assert.equal(throttled.retryAfterMs, 2128);
        assert.equal(isNotFound(throttled), false);
    });

    it("quotes where the refused credential came from in an authentication failure", () => {
        const err = fromResponse({ status: 401, data: "" }, { ...GET_TAP, credentialSource: "static token tenantkit:graphToken" });
        assert.match(err.message, /Next: the service refused the static token tenantkit:graphToken; check the credentials: /);
    });

    it("recognises errors by name, so a second copy of the module still counts", () => {
        const foreign = Object.assign(new Error("x"), { name: "NotFoundError", service: "graph" });
        assert.equal(isApiError(foreign), true);
        assert.equal(isNotFound(foreign), true);
        assert.equal(isApiError(Object.assign(new Error("x"), { name: "NotFoundError" })), false);
        assert.equal(isApiError({ name: "ApiError", service: "graph" }), false);
    });

    it("keeps query keys but drops query values other than api-version from the path", () => {
        const err = fromResponse(
            { status: 500, data: "" },
            { ...GET_TAP, path: "/fabrikam/_apis/git/pushes/1?api-version=7.1&includeCommits=10&sig=SECRETSIG" },
        );
        assert.equal(err.path, "/fabrikam/_apis/git/pushes/1?api-version=7.1&includeCommits&sig");
        assert.doesNotMatch(err.message, /SECRETSIG/);
    });
});

describe("fromAxiosError", () => {
    it("names an axios timeout ETIMEDOUT and marks it retryable for a GET", () => {
        const timeout = Object.assign(new Error("timeout of 50ms exceeded"), { code: "ECONNABORTED", isAxiosError: true });
        const err = fromAxiosError(timeout, { ...GET_TAP, attempts: 3 });
        assert.equal(err.code, "ETIMEDOUT");
        assert.equal(err.status, undefined);
        assert.equal(err.retryable, true);
        assert.equal(
            err.message,
            "graph GET /v1.0/users/x/authentication/temporaryAccessPassMethods failed after 3 attempts: network error ETIMEDOUT: timeout of 50ms exceeded (client-request-id c-1). " +
                "Next: no answer within the request timeout: check network access to the service endpoint and any proxy, then run again; " +
                "if the service is only slow, raise tenantkit:requestTimeoutSeconds (TENANTKIT_REQUEST_TIMEOUT_SECONDS, default 30).",
        );
    });

    it("names a `socket hang up` ECONNRESET, not retryable for a POST", () => {
        const err = fromAxiosError(new Error("socket hang up"), { ...GET_TAP, method: "post" });
        assert.equal(err.code, "ECONNRESET");
        assert.equal(err.method, "POST");
        assert.equal(err.retryable, false);
    });

    it("converts an axios error that carries a response through the service's parser", () => {
        const axiosLike = Object.assign(new Error("Request failed with status code 404"), {
            isAxiosError: true,
            response: {
                status: 404,
                headers: { "request-id": "r-404" },
                data: { error: { code: "Request_ResourceNotFound", message: "Resource 'x' does not exist" } },
            },
        });
        const err = fromAxiosError(axiosLike, GET_TAP);
        assert.equal(err.name, "NotFoundError");
        assert.equal(err.code, "Request_ResourceNotFound");
        assert.equal(err.requestId, "r-404");
    });

    it("passes an ApiError through unchanged", () => {
        const original = fromResponse({ status: 500, data: "" }, GET_TAP);
        assert.equal(fromAxiosError(original, GET_TAP), original);
        assert.ok(original instanceof ApiError);
    });
});
