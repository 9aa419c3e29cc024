/**
 * Starts the emulator: one TCP port that serves plain HTTP and HTTPS. The first byte of each connection
 * decides: 0x16 is a TLS handshake record (RFC 8446 section 5.1, content type 22), anything else is HTTP.
 * Why both: `@azure/identity` refuses an authority host that is not https, while the REST calls of the
 * provider and the admin API are simplest over http. Both sides share one request handler.
 */
import * as http from "node:http";
import * as https from "node:https";
import * as net from "node:net";
import { createAdminRouter } from "./admin";
import { loadOrCreateTls } from "./base/certs";
import { EmulatorAdmin } from "./client";
import { createDevOpsService } from "./devops";
import { DevOpsRateLimit } from "./devops/ratelimit";
import { createRequestHandler, type Runtime } from "./dispatch";
import { FaultStore } from "./http/faults";
import { createGraphService } from "./graph";
import { RequestLog } from "./http/log";
import { createLoginService } from "./login";
import { createPowerBiService } from "./powerbi";
import { validateSeed } from "./store/seed";
import { defaultSeed } from "./seeds/default";
import { checkFleetSize, fleetSeedTenants } from "./seeds/fleet";
import { StateStore, type Seed } from "./store/state";
import { Throttle } from "./http/throttle";

// The settings of the generated tenants, so that a test or a fleet file names them without reading the state.
export { FLEET_MAX, fleetTenant, fleetTenants, type FleetTenant } from "./seeds/fleet";

/** How to start an emulator. */
export interface EmulatorOptions {
    /** 0 (the default) picks a free port. */
    port?: number;
    /** Default 127.0.0.1. */
    host?: string;
    /** The directory to start from; default the default seed (see seeds/default.ts). */
    seed?: Seed;
    /**
     * Adds this many generated tenants (`tenant-0001.onmicrosoft.com` ...; {@link fleetTenant} gives each one's ids
     * and secret) after the seed's own, which stay. 0 to {@link FLEET_MAX}; default 0. Like the seed, used only when
     * there is no state file yet.
     */
    tenants?: number;
    /** Persist to this JSON file (loaded if it exists; the seed is used otherwise). */
    statePath?: string;
    /** The clock for pass usability, token lifetimes and the throttle; default the system clock. */
    now?: () => Date;
    /** How `delay` and `hold` faults wait; tests inject one that records the delay instead of sleeping. */
    sleep?: (ms: number) => Promise<void>;
    /** Draws for fault rules with a `probability`, [0, 1); default Math.random. A seeded source repeats a run. */
    random?: () => number;
}

/** A started emulator. */
export interface RunningEmulator {
    /** `http://127.0.0.1:PORT` */
    url: string;
    /** `https://127.0.0.1:PORT` (same port) */
    httpsUrl: string;
    port: number;
    /** The CA that signed the HTTPS certificate, for clients to trust. */
    caPem: string;
    /** A client of the admin API. */
    admin: EmulatorAdmin;
    /** Stops listening and destroys open connections. */
    close(): Promise<void>;
}

/**
 * The seed with `count` generated tenants after its own. They go through the seed's checks like any seed's tenants, so
 * a seed that already holds `tenant-0001.onmicrosoft.com` (or its ids) fails to start with the duplicate named.
 */
function withGeneratedTenants(seed: Seed, count: number): Seed {
    checkFleetSize(count, "the number of generated tenants (tenants)");
    if (count === 0) return seed;
    return validateSeed({ tenants: [...seed.tenants, ...fleetSeedTenants(count)] }, `the seed with ${count} generated tenants`);
}

/** Starts an emulator; resolves once it listens. */
export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
    const now = opts.now ?? ((): Date => new Date());
    const start = now();
    const seed = withGeneratedTenants(opts.seed === undefined ? defaultSeed(start) : validateSeed(opts.seed, "seed"), opts.tenants ?? 0);
    const store = StateStore.open({ seed, statePath: opts.statePath });
    // Certificate validity is checked by clients against their real clocks, never the injected one.
    const tls = await loadOrCreateTls(new Date(), opts.statePath);
    const timers = new Set<NodeJS.Timeout>();
    const sleep =
        opts.sleep ??
        ((ms: number): Promise<void> =>
            new Promise((resolve) => {
                const timer = setTimeout(() => (timers.delete(timer), resolve()), ms);
                timers.add(timer);
            }));
    const devopsRateLimit = new DevOpsRateLimit();
    const deps = { caPem: tls.caCert, store, log: new RequestLog(), faults: new FaultStore(opts.random), throttle: new Throttle(), devopsRateLimit };
    const tcp = net.createServer();
    const rt: Runtime = {
        ...deps,
        services: [createLoginService(), createGraphService(), createPowerBiService(), createDevOpsService(devopsRateLimit)],
        admin: createAdminRouter(deps),
        now,
        sleep,
        port: () => (tcp.address() as net.AddressInfo).port,
    };
    const handler = createRequestHandler(rt);
    const plain = http.createServer(handler);
    const secure = https.createServer({ key: tls.key, cert: tls.cert }, handler);
    secure.on("tlsClientError", () => undefined); // a client that does not trust the CA: its problem, not ours
    const sockets = new Set<net.Socket>();
    tcp.on("connection", (socket) => {
        sockets.add(socket);
        socket.once("close", () => sockets.delete(socket));
        socket.on("error", () => undefined); // resets by clients (and by `reset` faults) are expected
        socket.once("data", (first: Buffer) => {
            // Put the byte back, then let the chosen server read the stream from its start.
            socket.pause();
            socket.unshift(first);
            (first[0] === 0x16 ? secure : plain).emit("connection", socket);
            process.nextTick(() => socket.resume());
        });
    });
    const host = opts.host ?? "127.0.0.1";
    await new Promise<void>((resolve, reject) => {
        tcp.once("error", reject);
        tcp.listen(opts.port ?? 0, host, () => (tcp.off("error", reject), resolve()));
    });
    const port = rt.port();
    const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
    const url = `http://${urlHost}:${port}`;
    return {
        url,
        httpsUrl: `https://${urlHost}:${port}`,
        port,
        caPem: tls.caCert,
        admin: EmulatorAdmin.connect(url),
        close: () =>
            new Promise<void>((resolve) => {
                for (const timer of timers) clearTimeout(timer);
                for (const socket of sockets) socket.destroy();
                tcp.close(() => resolve());
            }),
    };
}
