/**
 * The ApiError class and its subclasses. Import them through `errors.ts`, the module callers use.
 *
 * An ApiError never holds a request config, a header or a body, so no token can leak through
 * `String(err)`, `JSON.stringify(err)` or `util.inspect(err)`; every string it keeps is redacted.
 */
import { inspect, type InspectOptions } from "node:util";
import { redactSecrets } from "./redact";
import type { ServiceName } from "../model/patterns";

/**
 * The code of a sign-in that could not even start because no credentials are configured: nothing was sent, so the
 * message has no request, status or id to quote (tokenErrors.ts `noCredentialsError`).
 */
export const NO_CREDENTIALS = "NoCredentials";

/**
 * The code of a sign-in that a credential of DefaultAzureCredential's chain attempted and that failed (an expired
 * `az login`, a managed identity refused): the source's own message is the story, not a status or a network error.
 */
export const SIGN_IN_FAILED = "SignInFailed";

/** Where an error happened, in the user's terms; set by handlers through {@link withContext}. */
export interface ErrorContext {
    /** The resource, e.g. `tenantkit:TemporaryAccessPassMethods 'alice'`. */
    readonly resource?: string;
    /** What was being done, e.g. `read`. */
    readonly operation?: string;
    /** A more precise next step than the generic one, e.g. the exact permission to grant. */
    readonly nextStep?: string;
}

/** Everything an ApiError is made from. */
export interface ApiErrorInit {
    readonly service: ServiceName;
    readonly method: string;
    /** Path and query; query values other than `api-version` are dropped, see {@link safePath}. */
    readonly path: string;
    /** HTTP status, undefined for network errors. */
    readonly status?: number;
    /** Service error code, or a network code such as ECONNRESET / ETIMEDOUT, or `InvalidResponse`. */
    readonly code?: string;
    readonly innerCode?: string;
    readonly serviceMessage?: string;
    readonly requestId?: string;
    /** The `client-request-id` this client sent. */
    readonly clientRequestId?: string;
    readonly nextStep?: string;
    readonly retryable?: boolean;
    readonly attempts?: number;
    readonly retryAfterMs?: number;
    readonly context?: ErrorContext;
    /** Why retrying stopped, when the failure itself was retryable. */
    readonly gaveUp?: string;
    /** Where the Authorization header came from (never the secret), quoted in the next step of an auth failure. */
    readonly credentialSource?: string;
}

/** The fields an ApiError serializes, and nothing else. */
const JSON_FIELDS = [
    "name",
    "message",
    "service",
    "method",
    "path",
    "status",
    "code",
    "innerCode",
    "serviceMessage",
    "requestId",
    "clientRequestId",
    "nextStep",
    "retryable",
    "attempts",
    "retryAfterMs",
    "gaveUp",
    "context",
] as const;

/** A failed API call. Recognise it and its subclasses with `isApiError` (by `name`, not `instanceof`). */
export class ApiError extends Error {
    readonly service: ServiceName;
    readonly method: string;
    readonly path: string;
    readonly status: number | undefined;
    readonly code: string | undefined;
    readonly innerCode: string | undefined;
    readonly serviceMessage: string | undefined;
    readonly requestId: string | undefined;
    readonly clientRequestId: string | undefined;
    readonly retryable: boolean;
    readonly attempts: number;
    readonly retryAfterMs: number | undefined;
    /** The effective next step: the context's, else the given one, else the generic one for the status. */
    readonly nextStep: string | undefined;
    /** Which resource and operation failed; `withContext` (errors.ts) returns a copy with more. */
    readonly context: ErrorContext;
    /** Why the client stopped retrying; `withGiveUpReason` (errors.ts) returns a copy with it. */
    readonly gaveUp: string | undefined;
    readonly #ownNextStep: string | undefined;

    constructor(init: ApiErrorInit) {
        super("");
        const clean = (s: string | undefined): string | undefined => (s === undefined ? undefined : redactSecrets(s));
        this.service = init.service;
        this.method = init.method.toUpperCase();
        this.path = redactSecrets(safePath(init.path));
        this.status = init.status;
        this.code = clean(init.code);
        this.innerCode = clean(init.innerCode);
        this.serviceMessage = clean(init.serviceMessage);
        this.requestId = clean(init.requestId);
        this.clientRequestId = clean(init.clientRequestId);
        this.retryable = init.retryable ?? false;
        this.attempts = init.attempts ?? 1;
        this.retryAfterMs = init.retryAfterMs;
        this.context = { ...init.context };
        this.gaveUp = clean(init.gaveUp);
        this.#ownNextStep = clean(init.nextStep) ?? defaultNextStep(this.service, this.status, this.code, init.credentialSource);
        this.nextStep = this.context.nextStep !== undefined ? redactSecrets(this.context.nextStep) : this.#ownNextStep;
        this.message = redactSecrets(composeMessage(this));
        this.setStackHead(this.stack);
    }

    /**
     * A copy with more context, or the reason the retries gave up. An ApiError is never changed once made: a caller
     * that adds its resource to an error it rethrows does not change what another caller holds. The copy keeps the
     * class, the original's frames and, as `cause`, the original.
     */
    copyWith(changes: { readonly context?: ErrorContext; readonly gaveUp?: string }): this {
        const Kind = this.constructor as new (init: ApiErrorInit) => this;
        const copy = new Kind({
            service: this.service,
            method: this.method,
            path: this.path,
            status: this.status,
            code: this.code,
            innerCode: this.innerCode,
            serviceMessage: this.serviceMessage,
            requestId: this.requestId,
            clientRequestId: this.clientRequestId,
            retryable: this.retryable,
            attempts: this.attempts,
            retryAfterMs: this.retryAfterMs,
            nextStep: this.#ownNextStep,
            context: { ...this.context, ...changes.context },
            gaveUp: changes.gaveUp ?? this.gaveUp,
        });
        copy.setStackHead(this.stack);
        Object.defineProperty(copy, "cause", { value: this, enumerable: false, configurable: true, writable: true });
        return copy;
    }

    /** The stack's frames under this error's own first line (the message is composed from the fields). */
    private setStackHead(stack: string | undefined): void {
        if (typeof stack !== "string") return;
        const frames = stack.indexOf("\n    at ");
        this.stack = `${this.name}: ${this.message}${frames >= 0 ? stack.slice(frames) : ""}`;
    }

    /** Only the allow-listed fields, redacted once more in case a secret was registered after construction. */
    toJSON(): Record<string, unknown> {
        const out: Record<string, unknown> = {};
        for (const key of JSON_FIELDS) {
            const value: unknown = this[key];
            if (value === undefined) continue;
            if (typeof value === "string") out[key] = redactSecrets(value);
            else if (key === "context") out[key] = Object.fromEntries(Object.entries(this.context).map(([k, v]) => [k, redactSecrets(String(v))]));
            else out[key] = value;
        }
        return out;
    }

    override toString(): string {
        return redactSecrets(`${this.name}: ${this.message}`);
    }

    [inspect.custom](_depth: number, options: InspectOptions): string {
        const { name: _name, message: _message, ...fields } = this.toJSON();
        return `${redactSecrets(this.stack ?? this.toString())} ${inspect(fields, { ...options, depth: 2 })}`;
    }
}

/** 401, an Azure DevOps 203 sign-in page, or a token endpoint refusal: the credentials are wrong or expired. */
export class AuthenticationError extends ApiError {}
/** 404: `delete` treats it as done and `read` as gone. */
export class NotFoundError extends ApiError {}
/** 429 after the retries gave up; `retryAfterMs` says how long the service asked to wait. */
export class ThrottledError extends ApiError {}

for (const [cls, name] of [
    [ApiError, "ApiError"],
    [AuthenticationError, "AuthenticationError"],
    [NotFoundError, "NotFoundError"],
    [ThrottledError, "ThrottledError"],
] as const) {
    // On the prototype, so the name is right while the base constructor composes the message.
    Object.defineProperty(cls.prototype, "name", { value: name, writable: true, configurable: true, enumerable: false });
}

/** Path with query keys but no query values (they may hold secrets), except the harmless `api-version`. */
export function safePath(path: string): string {
    const withoutOrigin = path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "");
    const [pathname = "", query] = withoutOrigin.split("#")[0]!.split("?", 2);
    if (query === undefined || query === "") return pathname;
    const keys = query
        .split("&")
        .filter((p) => p !== "")
        .map((pair) => {
            const [key = "", value] = pair.split("=", 2);
            return key.toLowerCase() === "api-version" && value !== undefined ? `${key}=${value}` : key;
        });
    return `${pathname}?${keys.join("&")}`;
}

/** The codes of an operation cancelled or out of time (operation.ts `stoppedError`): not a network error. */
const STOPPED = /^(Cancelled|OperationTimeout)(BeforeSending)?$/;

function composeMessage(e: ApiError): string {
    const { resource, operation } = e.context;
    const where = resource && operation ? `${resource} (${operation}): ` : resource || operation ? `${resource ?? operation}: ` : "";
    const tries = e.attempts > 1 ? ` after ${e.attempts} attempts` : "";
    const what = e.status !== undefined ? String(e.status) : "network error";
    const code = e.code ? ` ${e.code}${e.innerCode && e.innerCode !== e.code ? `/${e.innerCode}` : ""}` : "";
    const text = e.serviceMessage ? `: ${e.serviceMessage}` : "";
    const ids = [e.requestId && `request-id ${e.requestId}`, e.clientRequestId && `client-request-id ${e.clientRequestId}`].filter(Boolean);
    const idText = ids.length > 0 ? ` (${ids.join(", ")})` : "";
    const gaveUp = e.gaveUp ? ` Gave up: ${e.gaveUp}.` : "";
    const next = e.nextStep ? ` Next: ${e.nextStep}` : "";
    if (e.code === NO_CREDENTIALS) return `${where}${e.serviceMessage ?? "no credentials are configured"}.${next}`;
    if (e.code !== undefined && e.status === undefined && STOPPED.test(e.code)) {
        return `${where}${e.service} ${e.method} ${e.path} stopped${tries}: ${e.serviceMessage ?? "the operation stopped"}${idText}.${next}`;
    }
    if (e.code === SIGN_IN_FAILED) return `${where}signing in failed: ${e.serviceMessage ?? "the credential gave no reason"}${idText}.${next}`;
    return `${where}${e.service} ${e.method} ${e.path} failed${tries}: ${what}${code}${text}${idText}.${gaveUp}${next}`;
}

/** Where each service's credentials are configured (DESIGN.md settings table). */
const CREDENTIAL_HINTS: Readonly<Record<ServiceName, string>> = {
    graph: "tenantkit:tenantId, tenantkit:clientId and tenantkit:clientSecret (or a fresh tenantkit:graphToken)",
    powerbi: "tenantkit:tenantId, tenantkit:clientId and tenantkit:clientSecret (or a fresh tenantkit:powerBiToken)",
    devops: "tenantkit:devopsPat (AZURE_DEVOPS_EXT_PAT) or tenantkit:devopsToken; Azure DevOps answers an expired PAT with a sign-in page",
    login: "tenantkit:tenantId, tenantkit:clientId and tenantkit:clientSecret (pulumi config set --secret tenantkit:clientSecret <value>)",
};

/** The generic next step for a failure; handlers give a precise one through the error context. */
export function defaultNextStep(
    service: ServiceName,
    status: number | undefined,
    code: string | undefined,
    credentialSource?: string,
): string | undefined {
    if (isAuthFailure(service, status, code)) {
        const refused = credentialSource ? `the service refused the ${redactSecrets(credentialSource)}; ` : "";
        return `${refused}check the credentials: ${CREDENTIAL_HINTS[service]}.`;
    }
    if (code === "InvalidResponse") {
        return "check that the endpoint setting points at the service (or the emulator), not at a proxy or a sign-in page.";
    }
    if (code === "IncompleteResponse") {
        return "run again; if answers keep breaking off, check the network path (proxy, VPN) to the service endpoint.";
    }
    if (status === undefined && (code === "ETIMEDOUT" || code === "ECONNABORTED")) {
        return (
            "no answer within the request timeout: check network access to the service endpoint and any proxy, then run again; " +
            "if the service is only slow, raise tenantkit:requestTimeoutSeconds (TENANTKIT_REQUEST_TIMEOUT_SECONDS, default 30)."
        );
    }
    if (status === undefined) {
        return "check network access to the service endpoint (tenantkit:graphEndpoint, powerBiEndpoint, devopsEndpoint) and any proxy, then run again.";
    }
    if (status === 403) return "grant the identity the permission or role this operation needs (the service's message names it), then run again.";
    if (status === 404) return "check that the object exists and that its id or name is right.";
    if (status === 429) return "wait and run again, or lower the parallelism (pulumi up --parallel 4).";
    if (status >= 500) return "run again later; if it persists, quote the request id to Microsoft support.";
    return undefined;
}

/** 401, an Azure DevOps 203 or sign-in page, or a token endpoint 400/401 (AADSTS errors). */
export function isAuthFailure(service: ServiceName, status: number | undefined, code: string | undefined): boolean {
    return status === 401 || status === 203 || code === "SignInPage" || code === SIGN_IN_FAILED || (service === "login" && status === 400);
}
