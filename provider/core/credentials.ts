/**
 * Credentials per service: an Authorization header value for Graph, Power BI or Azure DevOps.
 * Order, per service: a static token from settings; for Azure DevOps a PAT; a client secret through
 * `@azure/identity`'s ClientSecretCredential on the configured authority; otherwise DefaultAzureCredential.
 * `@azure/identity` is loaded only when a token must be fetched: it is heavy and most previews never need it.
 */
import type { AccessToken, ClientSecretCredentialOptions, TokenCredential } from "@azure/identity";
import { DEVOPS_AUDIENCE, scopeFor } from "./clouds";
import { fetchEmulatorCa, isEmulatorAuthority } from "./emulatorTrust";
import { registerSecret } from "./redact";
import { tokenError } from "./tokenErrors";
import type { Settings } from "./settings";

export type TokenService = "graph" | "powerbi" | "devops";

export type CredentialKind = "static-token" | "pat" | "client-secret" | "default-credential";

/** What an Authorization header came from, in words fit for an error's next step. Never holds a secret. */
export interface CredentialDescription {
    readonly kind: CredentialKind;
    readonly source: string;
    readonly refreshable: boolean;
}

export type Authorize = (opts: { forceRefresh: boolean }) => Promise<string>;

/** Refresh a cached token this long before it expires, so a slow deployment never sends a dead one. */
const EXPIRY_MARGIN_MS = 5 * 60_000;

interface CachedToken {
    readonly header: string;
    readonly expiresAt: number;
}

export interface CredentialDeps {
    readonly now?: () => number;
    /** Builds the Entra credential; tests inject a fake. */
    readonly createCredential?: (settings: Settings) => Promise<TokenCredential>;
}

/** Token source for one set of settings; share one per provider process. */
export class Credentials {
    private readonly cache = new Map<string, CachedToken>();
    /** Token requests under way, per scope: calls that miss the cache together share one request. */
    private readonly inFlight = new Map<string, Promise<AccessToken | null>>();
    private credential?: Promise<TokenCredential>;
    private readonly now: () => number;

    constructor(private readonly settings: Settings, private readonly deps: CredentialDeps = {}) {
        this.now = deps.now ?? Date.now;
    }

    /** How `service` is authenticated, for messages ("static token tenantkit:graphToken"). */
    describe(service: TokenService): CredentialDescription {
        const s = this.settings;
        const staticKey = { graph: "graphToken", powerbi: "powerBiToken", devops: "devopsToken" }[service];
        if (service === "devops" && s.devopsPat) return { kind: "pat", source: "personal access token tenantkit:devopsPat", refreshable: false };
        if (staticToken(s, service)) return { kind: "static-token", source: `static token tenantkit:${staticKey}`, refreshable: false };
        if (s.clientSecret) {
            return { kind: "client-secret", source: `client secret of application ${s.clientId} in tenant ${s.tenantId}`, refreshable: true };
        }
        return { kind: "default-credential", source: "DefaultAzureCredential (environment, workload identity, managed identity, Azure CLI)", refreshable: true };
    }

    /** The audience (resource) the service's tokens are issued for. */
    audience(service: TokenService): string {
        if (service === "graph") return this.settings.cloud.graph;
        if (service === "powerbi") return this.settings.cloud.powerBiAudience;
        return DEVOPS_AUDIENCE;
    }

    /** A function the HTTP client calls for each request; it caches until shortly before expiry. */
    authorizer(service: TokenService): Authorize {
        return (opts) => this.header(service, opts.forceRefresh);
    }

    private async header(service: TokenService, forceRefresh: boolean): Promise<string> {
        const s = this.settings;
        if (service === "devops" && s.devopsPat) return `Basic ${Buffer.from(`:${s.devopsPat}`).toString("base64")}`;
        const fixed = staticToken(s, service);
        if (fixed) return `Bearer ${fixed}`;
        const scope = scopeFor(this.audience(service));
        const cached = this.cache.get(scope);
        if (cached && !forceRefresh && cached.expiresAt - EXPIRY_MARGIN_MS > this.now()) return cached.header;
        const context = { tenantId: s.tenantId, clientId: s.clientId, authorityHost: s.endpoints.authorityHost, scope, credentialSource: this.describe(service).source };
        let pending = this.inFlight.get(scope);
        if (!pending) {
            pending = this.requestToken(scope).finally(() => this.inFlight.delete(scope));
            this.inFlight.set(scope, pending);
        }
        let token: AccessToken | null;
        try {
            token = await pending;
        } catch (err) {
            // Callers that shared the request each get their own ApiError: each adds its own operation to it.
            throw tokenError(err, context);
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
        this.credential ??= (this.deps.createCredential ?? createEntraCredential)(this.settings);
        return this.credential;
    }
}

function staticToken(s: Settings, service: TokenService): string | undefined {
    return service === "graph" ? s.graphToken : service === "powerbi" ? s.powerBiToken : s.devopsToken;
}

/** ClientSecretCredential on the configured authority, else DefaultAzureCredential. */
async function createEntraCredential(s: Settings): Promise<TokenCredential> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const identity: typeof import("@azure/identity") = require("@azure/identity");
    const authorityHost = s.endpoints.authorityHost;
    const known = Object.values(identity.AzureAuthorityHosts).map((h) => h.replace(/\/+$/, ""));
    const options = {
        authorityHost,
        // Instance discovery asks login.microsoftonline.com about the authority; a custom one (emulator, proxy)
        // fails it offline with endpoints_resolution_error (measured, DESIGN.md).
        disableInstanceDiscovery: !known.includes(authorityHost),
        additionalPolicies: isEmulatorAuthority(s) ? [await emulatorTrustPolicy(s)] : [],
    };
    if (s.clientSecret && s.tenantId && s.clientId) {
        return new identity.ClientSecretCredential(s.tenantId, s.clientId, s.clientSecret, options);
    }
    return new identity.DefaultAzureCredential({ ...options, tenantId: s.tenantId });
}

type PipelinePolicyConfig = NonNullable<ClientSecretCredentialOptions["additionalPolicies"]>[number];

/** Trusts the emulator's generated CA for token requests to its TLS login prefix, and nothing else. */
async function emulatorTrustPolicy(s: Settings): Promise<PipelinePolicyConfig> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const https: typeof import("node:https") = require("node:https");
    const agent = new https.Agent({ ca: await fetchEmulatorCa(s) });
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
