/**
 * Failures to get a token, turned into an ApiError of the `login` service with a next step a person can act on.
 * `@azure/identity` reports the token endpoint's AADSTS error inside its message
 * (`invalid_client: Error(s): 7000215 - ... Description: AADSTS7000215: ...\nTrace ID: ...`), and an authority it
 * cannot resolve (an unknown tenant) as `CredentialUnavailableError: endpoints_resolution_error`.
 * Two first-run failures are told apart from a refused credential: no credentials configured at all
 * (`noCredentialsError`, raised before any request to the service) and an authority that could not be reached.
 */
import { NO_CREDENTIALS, SIGN_IN_FAILED } from "../errors/apiError";
import { type ApiError, createApiError } from "../errors/errors";
import { redactSecrets } from "../errors/redact";
import { CONFIG_NAMESPACE, fixFor, SETTING_KEYS, type SettingKey, type Settings } from "../settings/settings";
import type { ApiService } from "../model/patterns";
import { failureMeaning } from "../errors/failures";

/** Which setting put the token authority where it is; an unreachable authority's next step names it. */
export type AuthoritySource = { readonly setting: "emulator" | "authorityHost" } | { readonly setting: "cloud"; readonly cloud: string };

/** A connection to the sign-in service that got no answer at all: nothing was sent, so nothing was judged. */
export interface Unreachable {
    /** What was being fetched, without its query: the token URL, the OpenID configuration, the emulator itself. */
    readonly url: string;
    /** ECONNREFUSED, ENOTFOUND, EAI_AGAIN, EHOSTUNREACH or ENETUNREACH. */
    readonly code: string;
}

export interface TokenRequestContext {
    readonly tenantId?: string;
    readonly clientId?: string;
    readonly authorityHost: string;
    readonly scope: string;
    /** Where the credential came from, in words; never a secret. */
    readonly credentialSource: string;
    readonly authority?: AuthoritySource;
    /**
     * Set when a request of this sign-in could not connect. MSAL reports that as `endpoints_resolution_error` (the
     * same as an unknown tenant) or `network_error`, without the cause, so the caller observes it and passes it here.
     */
    readonly unreachable?: Unreachable;
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
            return {
                status,
                nextStep: `${at} failed${status ? ` with ${status}` : ""}: the sign-in service is unavailable, the credentials were not judged; run again later`,
            };
        }
        case "network_error":
            return {
                status: undefined,
                nextStep: `${at} could not be reached: check network access to it and any proxy, then run again; the credentials were not judged`,
            };
        case "unknown_error":
            return {
                status: undefined,
                nextStep: `${at} answered with something that is not a token response (a proxy or a sign-in page?): check tenantkit:cloud and tenantkit:authorityHost (or tenantkit:emulator) and any proxy`,
            };
        default:
            return undefined;
    }
}

/**
 * A sign-in that a source of DefaultAzureCredential's chain found and attempted, and that failed: the chain throws
 * that source's own error (ChainedTokenCredential goes on only past "unavailable" ones), or an aggregate whose members
 * carry the authority's AADSTS verdict (the Azure CLI reports an expired sign-in as "unavailable" with the CLI's
 * stderr as its message). Its first line with substance says what happened; a network error it is not.
 */
export function defaultCredentialFailure(err: unknown, ctx: TokenRequestContext): ApiError | undefined {
    if (!(err instanceof Error)) return undefined;
    const members = err.name === "AggregateAuthenticationError" ? (err as { errors?: unknown }).errors : undefined;
    const candidates = Array.isArray(members) ? members.filter((e): e is Error => e instanceof Error) : [err];
    const failed = candidates.find((e) => /AADSTS\d+/.test(e.message)) ?? (Array.isArray(members) ? undefined : err);
    if (failed === undefined || (failed.name === "CredentialUnavailableError" && !/AADSTS\d+/.test(failed.message))) return undefined;
    const text = redactSecrets(failed.message);
    const aadsts = /AADSTS(\d+)/.exec(text)?.[1];
    const line =
        /AADSTS\d+:[^\r\n]*/.exec(text)?.[0] ??
        text
            .split("\n")
            .find((l) => l.trim() !== "")
            ?.trim() ??
        failed.name;
    const azureCli = /az login|Azure CLI|AzureCliCredential/i.test(text);
    const nextStep = azureCli
        ? "the Azure CLI's sign-in that DefaultAzureCredential found failed (it expires, or needs consent for this scope): run `az login` again" +
          `${/az login --scope/.test(text) ? " with the --scope the message names" : ""}, or sign in otherwise: ${setting("tenantId")}, ` +
          `${setting("clientId")} and, as a secret, ${setting("clientSecret")}`
        : `the sign-in that DefaultAzureCredential found (${failed.name}) failed: fix that sign-in (environment variables, managed or ` +
          `workload identity, az login), or sign in otherwise: ${setting("tenantId")}, ${setting("clientId")} and, as a secret, ${setting("clientSecret")}`;
    return createApiError({
        service: "login",
        method: "POST",
        path: `/${ctx.tenantId ?? "organizations"}/oauth2/v2.0/token`,
        code: SIGN_IN_FAILED,
        innerCode: aadsts ? `AADSTS${aadsts}` : undefined,
        serviceMessage: line,
        requestId: /Trace ID: ([0-9a-f-]{36})/i.exec(text)?.[1],
        credentialSource: ctx.credentialSource,
        nextStep,
    });
}

/** Converts whatever a credential threw into an ApiError naming the authority, the code and the next step. */
export function tokenError(err: unknown, ctx: TokenRequestContext): ApiError {
    const name = err instanceof Error ? err.name : "Error";
    const text = redactSecrets(err instanceof Error ? err.message : String(err));
    const code = /^([a-z_]+):/.exec(text)?.[1];
    const aadsts = /AADSTS(\d+)/.exec(text)?.[1];
    const description = /AADSTS\d+:[^\r\n]*/.exec(text)?.[0] ?? text.split(/\r?\n/)[0];
    const traceId = /Trace ID: ([0-9a-f-]{36})/i.exec(text)?.[1];
    const unresolved = /endpoints_resolution_error/.test(text);
    const path = `/${ctx.tenantId ?? "organizations"}/oauth2/v2.0/token`;
    // An AADSTS code is the authority's verdict, so it was reached whatever an earlier connection did.
    if (ctx.unreachable && !aadsts) return unreachableError(ctx.unreachable, ctx, path);
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

function setting(key: SettingKey): string {
    return `${CONFIG_NAMESPACE}:${key} (${SETTING_KEYS[key].env})`;
}

/**
 * The next step when nothing answered at the bundled emulator (`emulator`: its plain-http origin), for a sign-in and
 * for a service request alike: it is stopped or runs elsewhere, so the fix is to start it or to point the setting at
 * the one that runs. `consequence` says what could not happen because of it.
 */
export function unreachableEmulator(emulator: string, code: string | undefined, consequence = ""): string {
    return (
        `the emulator at ${emulator} could not be reached (${failureMeaning(code)?.why ?? code ?? "no answer"})${consequence}: ` +
        `${setting("emulator")} points there; start the emulator (npx tenantkit-emulator --port ${new URL(emulator).port || "<port>"}) or set ` +
        `${CONFIG_NAMESPACE}:emulator to the one that runs, then run again`
    );
}

/**
 * A sign-in that never reached the authority. Told apart from a refused or missing credential, because the fix is
 * the address or the network, and rotating a secret would not help.
 */
function unreachableError(u: Unreachable, ctx: TokenRequestContext, path: string): ApiError {
    const authority = ctx.authorityHost;
    const source = ctx.authority ?? { setting: "authorityHost" };
    let where: string;
    if (source.setting === "emulator") {
        // tenantkit:emulator holds the plain-http origin; the same port also serves the https login prefix.
        const url = new URL(u.url);
        url.protocol = "http:";
        where = unreachableEmulator(url.origin, u.code, ", so the credentials were not judged");
    } else {
        const setBy =
            source.setting === "cloud"
                ? `it is the ${source.cloud} cloud's authority, from ${setting("cloud")}; ${setting("authorityHost")} overrides it`
                : `${setting("authorityHost")} points there`;
        where =
            `the token endpoint ${authority} could not be reached (${failureMeaning(u.code)?.why ?? u.code}), so the credentials were not judged: ` +
            `${setBy}; check that address, network access to it and any proxy, then run again`;
    }
    return createApiError({
        service: "login",
        method: "POST",
        path,
        code: u.code,
        serviceMessage: `${u.url} could not be reached`,
        credentialSource: ctx.credentialSource,
        nextStep: where,
    });
}

/** What a missing-credentials error is made from. Holds no secret: only which keys are set. */
export interface MissingCredentials {
    readonly service: ApiService;
    /** The emulator's URL when the token authority is the bundled emulator's. */
    readonly emulator?: string;
    readonly tenantId?: string;
    /** The keys that are set, so the list can say which are there already. */
    readonly isSet: (key: SettingKey) => boolean;
    /** `connection` when the settings are an explicit connection: each way to sign in is then a key of it. */
    readonly origin?: Settings["origin"];
}

const SERVICE_NAMES: Readonly<Record<ApiService, string>> = { graph: "Microsoft Graph", powerbi: "Power BI", devops: "Azure DevOps" };
const STATIC_TOKEN_KEYS: Readonly<Record<ApiService, SettingKey>> = { graph: "graphToken", powerbi: "powerBiToken", devops: "devopsToken" };

/**
 * The default seed's quickstart application (emulator/seeds/default.ts, DEFAULT_SEED_IDS): ids, not secrets, so a first
 * run against the emulator can be fixed by copying the commands. The provider imports nothing from the emulator, so
 * they are repeated here; a test checks they match the seed.
 */
export const EMULATOR_QUICKSTART_APP = { tenantId: "contoso.onmicrosoft.com", clientId: "3c8e1f52-7a4d-4b0e-9f6a-2d5c8b1e4f70" } as const;
const EMULATOR_README = `emulator/README.md, "Run your own program against the emulator"`;

/**
 * No way to sign in to `service` is configured. Raised before any request to the service (and, against the emulator,
 * before any request at all), so it lists every way the provider can sign in, each with the commands that set it.
 */
export function noCredentialsError(m: MissingCredentials): ApiError {
    const name = SERVICE_NAMES[m.service];
    const line = (key: SettingKey, value?: string) => `      ${fixFor(key, value, m.origin)}${m.isSet(key) ? ": already set" : ""}`;
    const staticToken = STATIC_TOKEN_KEYS[m.service];
    const key = (k: SettingKey) => (m.origin === "connection" ? `connection.${k}` : m.origin === "provider" ? k : `${CONFIG_NAMESPACE}:${k}`);
    let summary: string;
    let ways: string[];
    if (m.emulator !== undefined) {
        summary =
            `no credentials for ${name} on the emulator at ${m.emulator} (${key("emulator")}); the emulator signs in only ` +
            `the applications of its seed, with a client secret. Raised before any request`;
        ways = [
            `  - the default seed's quickstart application (its secret is in the ${EMULATOR_README}):`,
            line("tenantId", EMULATOR_QUICKSTART_APP.tenantId),
            line("clientId", EMULATOR_QUICKSTART_APP.clientId),
            line("clientSecret"),
            ...(m.service === "devops" ? ["  - or a personal access token of the seed:", line("devopsPat")] : []),
            `  - or an access token the emulator issued for ${name}:`,
            line(staticToken),
        ];
    } else {
        summary =
            `no credentials for ${name}: none is configured and DefaultAzureCredential found no sign-in either (environment, ` +
            `workload identity, managed identity, Azure CLI, Azure PowerShell, Azure Developer CLI). Raised before any request to ${name}`;
        const app = [
            `  - an application (service principal) with a client secret${m.service === "devops" ? ", added to the organization" : ""}:`,
            line("tenantId"),
            line("clientId"),
            line("clientSecret"),
        ];
        const token = [`  - an access token for ${name}:`, line(staticToken)];
        const pat = ["  - a personal access token:", line("devopsPat")];
        const signIn = [
            `  - or a sign-in DefaultAzureCredential finds: \`az login\`, a managed identity or workload identity (with ${key("tenantId")} for the tenant)`,
        ];
        ways = m.service === "devops" ? [...pat, ...token, ...app, ...signIn] : [...app, ...token, ...signIn];
    }
    return createApiError({
        service: "login",
        method: "POST",
        path: `/${m.tenantId ?? "organizations"}/oauth2/v2.0/token`,
        code: NO_CREDENTIALS,
        serviceMessage: summary,
        nextStep: `set one of these:\n${ways.join("\n")}`,
    });
}
