/**
 * One session per distinct set of settings in a process: the credentials (with their token cache) and one HTTP
 * client per service. Handlers and program-side functions both get theirs here, so a provider host that serves
 * many resources shares tokens, limiters and connections. Tokens are per session, so per tenant and credentials;
 * limiters are per service, base URL, tenant and identity (limiter.ts), so sessions of one tenant and identity share one.
 * A handler gets the session of its settings as a view bound to the engine request it serves (`forOperation`): its
 * clients are the shared ones' views for that operation (http.ts), so everything it sends or waits for ends with it.
 */
import { createHash } from "node:crypto";
import { Credentials } from "./credentials";
import type { ServiceClient } from "../http/http";
import type { Operation } from "../http/operation";
import { emulatorEndpoints, type Settings } from "../settings/settings";
import type { ApiService } from "../model/patterns";
import type { ServiceProfile } from "../errors/serviceProfile";

export interface Session {
    readonly settings: Settings;
    /** The token source of these settings, shared by every view; its authorizer takes the operation it waits for. */
    readonly credentials: Credentials;
    /** The operation this session's clients serve (operation.ts); undefined for the shared session. */
    readonly operation: Operation | undefined;
    /**
     * The client of one API, created on first use and shared by every caller of this session; a session bound to an
     * operation hands out that client's view for it (`ServiceClient.forOperation`).
     */
    client(profile: ServiceProfile): ServiceClient;
    /** This session serving `operation`: the same credentials and clients, bound to it. Undefined gives the shared one. */
    forOperation(operation: Operation | undefined): Session;
}

const sessions = new Map<string, Session>();

/** The session of these settings; the key is a hash, so no secret is kept in a map key. */
export function sessionFor(settings: Settings): Session {
    const key = createHash("sha256").update(JSON.stringify(settings)).digest("hex");
    let session = sessions.get(key);
    if (!session) {
        session = createSession(settings);
        sessions.set(key, session);
    }
    return session;
}

function createSession(settings: Settings): Session {
    const credentials = new Credentials(settings);
    const clients = new Map<ApiService, ServiceClient>();
    const baseUrl = { graph: settings.endpoints.graph, powerbi: settings.endpoints.powerBi, devops: settings.endpoints.devops };
    const shared: Session = {
        settings,
        credentials,
        operation: undefined,
        client(profile) {
            const service = profile.name;
            let client = clients.get(service);
            if (!client) {
                // Loaded on the first request, not with the handler: check and diff send none, and axios with its
                // dependencies is many modules to load before the host's first call.
                // eslint-disable-next-line @typescript-eslint/no-require-imports
                const { createServiceClient } = require("../http/http") as typeof import("../http/http");
                client = createServiceClient({
                    profile,
                    baseUrl: baseUrl[service],
                    authorize: credentials.authorizer(service),
                    refreshable: credentials.describe(service).refreshable,
                    credentialSource: credentials.describe(service).source,
                    timeoutMs: settings.requestTimeoutSeconds * 1000,
                    // One limiter per tenant and identity: another tenant's 429 pause is not this one's.
                    throttleScope: { tenant: settings.tenantId, identity: credentials.identity(service) },
                    emulator: onEmulator(settings, service) ? settings.emulator : undefined,
                });
                clients.set(service, client);
            }
            return client;
        },
        forOperation: (operation) => (operation === undefined ? shared : bound(operation)),
    };
    const bound = (operation: Operation): Session => ({
        settings,
        credentials,
        operation,
        client: (profile) => shared.client(profile).forOperation(operation),
        forOperation: shared.forOperation,
    });
    return shared;
}

/** Whether the service's endpoint is the emulator's own (not one set apart with its endpoint setting). */
function onEmulator(settings: Settings, service: ApiService): boolean {
    if (settings.emulator === undefined) return false;
    const own = emulatorEndpoints(settings.emulator);
    const ends = {
        graph: [settings.endpoints.graph, own.graph],
        powerbi: [settings.endpoints.powerBi, own.powerBi],
        devops: [settings.endpoints.devops, own.devops],
    };
    const [actual, emulator] = ends[service];
    return actual === emulator;
}
