/**
 * Failures to get a token, turned into an ApiError of the `login` service with a next step a person can act on.
 * `@azure/identity` reports the token endpoint's AADSTS error inside its message
 * (`invalid_client: Error(s): 7000215 - ... Description: AADSTS7000215: ...\nTrace ID: ...`), and an authority it
 * cannot resolve (an unknown tenant) as `CredentialUnavailableError: endpoints_resolution_error`.
 */
import { type ApiError, createApiError } from "./errors";
import { redactSecrets } from "./redact";

export interface TokenRequestContext {
    readonly tenantId?: string;
    readonly clientId?: string;
    readonly authorityHost: string;
    readonly scope: string;
    /** Where the credential came from, in words; never a secret. */
    readonly credentialSource: string;
}

/** Next steps for the AADSTS codes a misconfigured stack meets most. */
function nextStepFor(aadsts: string | undefined, ctx: TokenRequestContext): string | undefined {
    switch (aadsts) {
        case "7000215":
        case "7000222":
            return "the client secret is wrong or expired: pulumi config set --secret tenantkit:clientSecret <current secret value> (the value, not the secret's id)";
        case "700016":
            return `application ${ctx.clientId ?? "?"} is not registered in tenant ${ctx.tenantId ?? "?"}: check tenantkit:clientId, tenantkit:tenantId and tenantkit:cloud`;
        case "90002":
            return `tenant ${ctx.tenantId ?? "?"} was not found at ${ctx.authorityHost}: check tenantkit:tenantId and tenantkit:cloud`;
        case "500011":
            return `the resource of scope ${ctx.scope} is not available in the tenant: check tenantkit:cloud`;
        default:
            return undefined;
    }
}

/**
 * MSAL's codes for a token endpoint that failed without judging the credential (measured against the emulator's
 * faults): `server_error` and `temporarily_unavailable` carry the HTTP status in "The request failed: 503 ...",
 * `network_error` is a reset or refused connection, `unknown_error` an answer that is not a token response.
 */
function outageOf(code: string | undefined, text: string, ctx: TokenRequestContext): { status: number | undefined; nextStep: string } | undefined {
    const at = `the token endpoint ${ctx.authorityHost}`;
    switch (code) {
        case "server_error":
        case "temporarily_unavailable": {
            const status = Number(/The request failed: (\d{3})/.exec(text)?.[1]) || undefined;
            return { status, nextStep: `${at} failed${status ? ` with ${status}` : ""}: the sign-in service is unavailable, the credentials were not judged; run again later` };
        }
        case "network_error":
            return { status: undefined, nextStep: `${at} could not be reached: check network access to it and any proxy, then run again; the credentials were not judged` };
        case "unknown_error":
            return {
                status: undefined,
                nextStep: `${at} answered with something that is not a token response (a proxy or a sign-in page?): check tenantkit:cloud and tenantkit:authorityHost (or tenantkit:emulator) and any proxy`,
            };
        default:
            return undefined;
    }
}

/** Converts whatever a credential threw into an ApiError naming the authority, the code and the next step. */
export function tokenError(err: unknown, ctx: TokenRequestContext): ApiError {
    const name = err instanceof Error ? err.name : "Error";
    const text = redactSecrets(err instanceof Error ? err.message : String(err));
    const code = /^([a-z_]+):/.exec(text)?.[1];
    const aadsts = /AADSTS(\d+)/.exec(text)?.[1];
    const description = /AADSTS\d+:[^\n]*/.exec(text)?.[0] ?? text.split("\n")[0];
    const traceId = /Trace ID: ([0-9a-f-]{36})/i.exec(text)?.[1];
    const unresolved = /endpoints_resolution_error/.test(text);
    const path = `/${ctx.tenantId ?? "organizations"}/oauth2/v2.0/token`;
    const outage = aadsts ? undefined : outageOf(code, text, ctx);
    let nextStep = nextStepFor(aadsts, ctx) ?? outage?.nextStep;
    if (!nextStep && unresolved) {
        nextStep = `the authority ${ctx.authorityHost}/${ctx.tenantId ?? ""} could not be resolved: check tenantkit:tenantId, tenantkit:cloud and tenantkit:authorityHost (or tenantkit:emulator)`;
    }
    if (!nextStep && name === "CredentialUnavailableError") {
        nextStep =
            "no credential is available: set tenantkit:tenantId, tenantkit:clientId and (as a secret) tenantkit:clientSecret, " +
            "or a static token such as tenantkit:graphToken, or sign in with `az login`";
    }
    return createApiError({
        service: "login",
        method: "POST",
        path,
        // identity does not keep the HTTP status; a refused client credential is a 401 (invalid_client) or 400.
        status: outage ? outage.status : code === "invalid_client" ? 401 : code ? 400 : undefined,
        code: code ?? name,
        innerCode: aadsts ? `AADSTS${aadsts}` : undefined,
        serviceMessage: description,
        requestId: traceId,
        credentialSource: ctx.credentialSource,
        nextStep,
    });
}
