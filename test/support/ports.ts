/** Loopback ports for tests that need an address where nothing answers. */
import * as fs from "node:fs";
import * as net from "node:net";

/**
 * The ports the kernel gives a server that listens on port 0 (Linux's ip_local_port_range), which every server the
 * tests start does; undefined where that is not known.
 */
export function ephemeralPorts(): { low: number; high: number } | undefined {
    try {
        const [low, high] = fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number);
        return low && high ? { low, high } : undefined;
    } catch {
        return undefined;
    }
}

/** What a connection to the loopback `port` meets now: "connected", or the error's code (ECONNREFUSED, ...). */
export function connectOutcome(port: number): Promise<string | undefined> {
    return new Promise((resolve) => {
        const socket = net.connect({ port, host: "127.0.0.1" });
        socket.once("connect", () => {
            socket.destroy();
            resolve("connected");
        });
        socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code));
    });
}

/**
 * A loopback port that nothing listens on, and that no server of another test can take while a test uses it: one
 * below the range servers listening on port 0 are given (a port taken from that range and released can be given to
 * the other worker's next server within the test's retries, which then answers in place of a refusal), checked to
 * refuse a connection. Where the range is not known, a port taken and released.
 */
export async function closedPort(): Promise<number> {
    const range = ephemeralPorts();
    if (range && range.low > 20_001) {
        for (let attempt = 0; attempt < 50; attempt++) {
            const port = 20_000 + Math.floor(Math.random() * Math.min(10_000, range.low - 20_000));
            if ((await connectOutcome(port)) === "ECONNREFUSED") return port;
        }
    }
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
}
