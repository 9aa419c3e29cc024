/**
 * Credentials per service: an Authorization header value for Graph, Power BI or Azure DevOps.
 * Order, per service: a static token from settings; for Azure DevOps a PAT; a client secret through
 * `@azure/identity`'s ClientSecretCredential on the configured authority; otherwise DefaultAzureCredential, except
 * against the emulator, which signs in nothing else. When none of these can sign in, or the authority cannot be
 * reached, the error says which and what to set (tokenErrors.ts).
 * `@azure/identity` is loaded only when a token must be fetched: it is heavy and most previews never need it.
 */
import type { AccessToken, ClientSecretCredentialOptions, TokenCredential } from "@azure/identity";
import { DEVOPS_AUDIENCE, scopeFor } from "../settings/clouds";
import { fetchEmulatorCa, isEmulatorAuthority } from "./emulatorTrust";
import { registerSecret } from "../errors/redact";
import { type AuthoritySource, defaultCredentialFailure, noCredentialsError, tokenError, type Unreachable } from "../http/tokenErrors";
import { clientSecretProblems, emulatorEndpoints, SettingsError, type SettingKey, type Settings } from "../settings/settings";
import type { ApiService } from "../model/patterns";
import { neverReached } from "../errors/failures";
import { ConnectionError } from "../settings/connection";
import { OperationStopped, stoppedError, untilStopped, type Operation } from "../http/operation";
import { createHash } from "node:crypto";

export type CredentialKind = "static-token" | "pat" | "client-secret" | "default-credential";

/** What an Authorization header came from, in words fit for an error's next step. Never holds a secret. */
export interface CredentialDescription {
    readonly kind: CredentialKind;
    readonly source: string;
    readonly refreshable: boolean;
}

/**
 * An Authorization header for one request. `operation` is the one the request serves: the wait for a token ends when it
 * is cancelled or its deadline passes (the token request itself goes on for the other callers that share it).
 */
export type Authorize = (opts: { forceRefresh: boolean; operation?: Operation }) => Promise<string>;

/** Refresh a cached token this long before it expires, so a slow deployment never sends a dead one. */
const EXPIRY_MARGIN_MS = 5 * 60_000;

interface CachedToken {
    readonly header: string;
    readonly expiresAt: number;
}

export interface CredentialDeps {
    readonly now?: () => number;
    /** Builds the Entra credential; tests inject a fake. */
    readonly createCredential?: (settings: Settings, reachability: Reachability) => Promise<TokenCredential>;
}

/**
 * The last connection to the token authority that got no answer. MSAL reports a refused connection or an unknown host
 * as `endpoints_resolution_error` (like an unknown tenant) or `network_error`, dropping the cause; a pipeline policy of
 * the credential writes it here, so the error can say the authority was never reached.
 */
export class Reachability {
    private failure: Unreachable | undefined;

    noteFailure(failure: Unreachable): void {
        this.failure = failure;
    }

    /** Any answer, even an error status, shows the authority is reachable. */
    noteAnswer(): void {
        this.failure = undefined;
    }

    get lastFailure(): Unreachable | undefined {
        return this.failure;
    }
}

/** Token source for one set of settings; share one per provider process. */
export class Credentials {
    private readonly cache = new Map<string, CachedToken>();
    /** Token requests under way, per scope: calls that miss the cache together share one request. */
    private readonly inFlight = new Map<string, Promise<AccessToken | null>>();
    private credential?: Promise<TokenCredential>;
    private readonly now: () => number;
    private readonly reachability = new Reachability();

    constructor(
        private readonly settings: Settings,
        private readonly deps: CredentialDeps = {},
    ) {
        this.now = deps.now ?? Date.now;
    }

    /** How `service` is authenticated, for messages ("static token tenantkit:graphToken"). */
    describe(service: ApiService): CredentialDescription {
        const s = this.settings;
        const staticKey = { graph: "graphToken", powerbi: "powerBiToken", devops: "devopsToken" }[service];
        if (service === "devops" && s.devopsPat) return { kind: "pat", source: "personal access token tenantkit:devopsPat", refreshable: false };
        if (staticToken(s, service)) return { kind: "static-token", source: `static token tenantkit:${staticKey}`, refreshable: false };
        if (s.clientSecret) {
            return { kind: "client-secret", source: `client secret of application ${s.clientId} in tenant ${s.tenantId}`, refreshable: true };
        }
        return {
            kind: "default-credential",
            source: "DefaultAzureCredential (environment, workload identity, managed identity, Azure CLI)",
            refreshable: true,
        };
    }

    /**
     * Who the service counts `service`'s requests against, for the limiter (limiter.ts `ThrottleScope`): the credential
     * kind and application id, or for a static token or PAT a hash of it. Never a secret.
     */
    identity(service: ApiService): string {
        const { kind } = this.describe(service);
        if (kind === "pat" || kind === "static-token") {
            const secret = kind === "pat" ? this.settings.devopsPat : staticToken(this.settings, service);
            return `${kind}:${createHash("sha256")
                .update(secret ?? "")
                .digest("hex")
                .slice(0, 16)}`;
        }
        return `${kind}:${(this.settings.clientId ?? "").toLowerCase()}`;
    }

    /** The audience (resource) the service's tokens are issued for. */
    audience(service: ApiService): string {
        if (service === "graph") return this.settings.cloud.graph;
        if (service === "powerbi") return this.settings.cloud.powerBiAudience;
        return DEVOPS_AUDIENCE;
    }

    /** A function the HTTP client calls for each request; it caches until shortly before expiry. */
    authorizer(service: ApiService): Authorize {
        return (opts) => this.header(service, opts.forceRefresh, opts.operation);
    }

    private async header(service: ApiService, forceRefresh: boolean, operation: Operation | undefined): Promise<string> {
        const s = this.settings;
        if (service === "devops" && s.devopsPat) return `Basic ${Buffer.from(`:${s.devopsPat}`).toString("base64")}`;
        const fixed = staticToken(s, service);
        if (fixed) return `Bearer ${fixed}`;
        const incomplete = clientSecretProblems(s);
        if (incomplete.length && s.origin === "connection") throw new ConnectionError(incomplete.map((p) => `connection.${p.key}: ${p.problem}`));
        if (incomplete.length) throw new SettingsError(incomplete, s.origin);
        const authority = authoritySource(s);
        // The emulator signs in only its seeded applications with a client secret: DefaultAzureCredential cannot
        // succeed there, so say what to set before sending anything, even the request for the emulator's CA.
        if (!s.clientSecret && authority.setting === "emulator") throw this.missing(service);
        const scope = scopeFor(this.audience(service));
        const cached = this.cache.get(scope);
        if (cached && !forceRefresh && cached.expiresAt - EXPIRY_MARGIN_MS > this.now()) return cached.header;
        const context = {
            tenantId: s.tenantId,
            clientId: s.clientId,
            authorityHost: s.endpoints.authorityHost,
            scope,
            credentialSource: this.describe(service).source,
            authority,
        };
        let pending = this.inFlight.get(scope);
        if (!pending) {
            // The credential keeps tokens of its own (MSAL's cache) and would hand back the refused one: a refresh
            // builds it again, which also fetches the emulator's CA again (a restarted emulator has a new one).
            if (forceRefresh) this.credential = undefined;
            pending = this.requestToken(scope).finally(() => this.inFlight.delete(scope));
            this.inFlight.set(scope, pending);
        }
        let token: AccessToken | null;
        try {
            // Bounded by the caller's operation (its cancellation, its customTimeouts): the request itself goes on for
            // the other callers that share it, and a token it brings is cached by them.
            token = await untilStopped(operation, pending);
        } catch (err) {
            if (err instanceof OperationStopped) {
                throw stoppedError(operation, err, {
                    service: "login",
                    method: "POST",
                    path: `/${s.tenantId ?? "organizations"}/oauth2/v2.0/token`,
                    inFlight: false,
                    during: `the sign-in for ${service} (${context.credentialSource})`,
                    notSent: `any request to ${service} was sent`,
                    context: { operation: `sign in to ${service}` },
                });
            }
            const unreachable = this.reachability.lastFailure;
            if (!unreachable && this.describe(service).kind === "default-credential") {
                // A sign-in the chain found and that failed is told as such, not as no sign-in or a network error.
                const failed = defaultCredentialFailure(err, context);
                if (failed !== undefined) throw failed;
                if (foundNoSignIn(err)) throw this.missing(service);
            }
            // Callers that shared the request each get their own ApiError: each adds its own operation to it.
            throw tokenError(err, { ...context, unreachable });
        }
        if (!token) throw tokenError(new Error(`no token was issued for ${scope}`), context);
        registerSecret(token.token);
        const entry = { header: `Bearer ${token.token}`, expiresAt: token.expiresOnTimestamp };
        this.cache.set(scope, entry);
        return entry.header;
    }

    /** One token request; calls that miss the cache together share it (`inFlight`). */
    private async requestToken(scope: string): Promise<AccessToken | null> {
        try {
            return await (await this.entraCredential()).getToken(scope);
        } catch (err) {
            // A failed credential is rebuilt on the next call (a fixed secret, a started emulator...).
            this.credential = undefined;
            throw err;
        }
    }

    private entraCredential(): Promise<TokenCredential> {
        this.credential ??= (this.deps.createCredential ?? createEntraCredential)(this.settings, this.reachability);
        return this.credential;
    }

    /** The error listing every way to sign in to `service`; it says which keys are set, never their values. */
    private missing(service: ApiService): ReturnType<typeof noCredentialsError> {
        const s = this.settings;
        const values: Partial<Record<SettingKey, string | undefined>> = {
            tenantId: s.tenantId,
            clientId: s.clientId,
            clientSecret: s.clientSecret,
            graphToken: s.graphToken,
            powerBiToken: s.powerBiToken,
            devopsToken: s.devopsToken,
            devopsPat: s.devopsPat,
        };
        return noCredentialsError({
            service,
            emulator: authoritySource(s).setting === "emulator" ? s.emulator : undefined,
            tenantId: s.tenantId,
            isSet: (key) => values[key] !== undefined,
            origin: s.origin,
        });
    }
}

/** Which setting the token authority comes from: the emulator's, an explicit authorityHost, or the cloud's default. */
function authoritySource(s: Settings): AuthoritySource {
    const authority = s.endpoints.authorityHost;
    if (s.emulator && authority === emulatorEndpoints(s.emulator).authorityHost) return { setting: "emulator" };
    if (authority === s.cloud.authorityHost) return { setting: "cloud", cloud: s.cloud.name };
    return { setting: "authorityHost" };
}

/**
 * DefaultAzureCredential found nothing to sign in with: every credential of its chain said it is unavailable (no
 * environment variables, no managed identity, no `az login`...). One that was available and failed is another story.
 */
function foundNoSignIn(err: unknown): boolean {
    if (!(err instanceof Error)) return false;
    const inner = (err as { errors?: unknown }).errors;
    if (err.name === "AggregateAuthenticationError" && Array.isArray(inner) && inner.length > 0) {
        return inner.every((e) => e instanceof Error && e.name === "CredentialUnavailableError");
    }
    return false;
}

function staticToken(s: Settings, service: ApiService): string | undefined {
    return service === "graph" ? s.graphToken : service === "powerbi" ? s.powerBiToken : s.devopsToken;
}

/** ClientSecretCredential on the configured authority, else DefaultAzureCredential. */
async function createEntraCredential(s: Settings, reachability: Reachability): Promise<TokenCredential> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const identity: typeof import("@azure/identity") = require("@azure/identity");
    const authorityHost = s.endpoints.authorityHost;
    const known = Object.values(identity.AzureAuthorityHosts).map((h) => h.replace(/\/+$/, ""));
    const options = {
        authorityHost,
        // Instance discovery asks login.microsoftonline.com about the authority; a custom one (emulator, proxy)
        // fails it offline with endpoints_resolution_error (measured, DESIGN.md).
        disableInstanceDiscovery: !known.includes(authorityHost),
        additionalPolicies: [
            reachabilityPolicy(authorityHost, reachability),
            ...(isEmulatorAuthority(s) ? [await emulatorTrustPolicy(s, reachability)] : []),
        ],
    };
    if (s.clientSecret && s.tenantId && s.clientId) {
        return new identity.ClientSecretCredential(s.tenantId, s.clientId, s.clientSecret, options);
    }
    return new identity.DefaultAzureCredential({ ...options, tenantId: s.tenantId });
}

type PipelinePolicyConfig = NonNullable<ClientSecretCredentialOptions["additionalPolicies"]>[number];

/**
 * Notes connections to the authority that got no answer (after the pipeline's retries) and any answer from it.
 * Requests elsewhere, such as DefaultAzureCredential's managed identity probe, say nothing about the authority.
 */
function reachabilityPolicy(authorityHost: string, reachability: Reachability): PipelinePolicyConfig {
    const origin = new URL(authorityHost).origin;
    return {
        position: "perCall",
        policy: {
            name: "tenantkitReachability",
            sendRequest: async (request, next) => {
                const url = new URL(request.url);
                try {
                    const response = await next(request);
                    if (url.origin === origin) reachability.noteAnswer();
                    return response;
                } catch (err) {
                    const code = connectionCode(err);
                    if (url.origin === origin && code !== undefined) reachability.noteFailure({ url: `${url.origin}${url.pathname}`, code });
                    throw err;
                }
            },
        },
    };
}

/** The code of a connection that never reached the other side, from the error or its cause. */
function connectionCode(err: unknown): string | undefined {
    for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
        const code = (e as { code?: unknown }).code;
        if (typeof code === "string" && neverReached(code)) return code;
    }
    return undefined;
}

/** Trusts the emulator's generated CA for token requests to its TLS login prefix, and nothing else. */
async function emulatorTrustPolicy(s: Settings, reachability: Reachability): Promise<PipelinePolicyConfig> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const https: typeof import("node:https") = require("node:https");
    let ca: string;
    try {
        ca = await fetchEmulatorCa(s);
    } catch (err) {
        // The CA is the first thing asked of the emulator, so a stopped emulator shows here; emulatorTrust.ts puts the
        // connection's code in parentheses ("cannot reach the emulator at ... (ECONNREFUSED)"). Any other failure
        // (a server that is no emulator, a slow one) is not reported as unreachable.
        const code = /\((E[A-Z_]+)\)/.exec(err instanceof Error ? err.message : "")?.[1];
        if (code !== undefined && neverReached(code))
            reachability.noteFailure({ url: new URL(s.emulator ?? s.endpoints.authorityHost).origin, code });
        else reachability.noteAnswer();
        throw err;
    }
    reachability.noteAnswer();
    const agent = new https.Agent({ ca });
    return {
        position: "perCall",
        policy: {
            name: "tenantkitEmulatorTrust",
            sendRequest: (request, next) => {
                request.agent = agent;
                return next(request);
            },
        },
    };
}
