/** Loopback ports for tests that need an address where nothing answers. */
import * as net from "node:net";

/** A loopback port that nothing listens on (taken and released, so no other test holds it either). */
export async function closedPort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
}
