/**
 * A tiny HTTP server for the client's tests: port 0, a log of every request, replies scripted per test,
 * and a loud failure for any request nobody scripted (octokit's mock-request-http-server does the same).
 */
import { strict as assert } from "node:assert";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface SeenRequest {
    readonly method: string;
    /** Path and query exactly as received, still encoded. */
    readonly url: string;
    readonly headers: IncomingHttpHeaders;
    readonly body: Buffer;
}

export interface Reply {
    readonly status: number;
    readonly headers?: Readonly<Record<string, string>>;
    readonly body?: string | Buffer | object;
}

/** A reply, "hang" to never answer (for timeouts), or "reset" to drop the connection. */
export type Script = Reply | "hang" | "reset" | ((req: SeenRequest) => Reply | "hang" | "reset");

export class ScriptedServer {
    readonly seen: SeenRequest[] = [];
    private readonly unexpected: string[] = [];
    private queue: Script[] = [];
    private server?: Server;
    private prefixCount = 0;
    private origin = "";

    async start(): Promise<void> {
        this.server = createServer((req, res) => {
            const chunks: Buffer[] = [];
            req.on("data", (c: Buffer) => chunks.push(c));
            req.on("end", () => {
                const seen: SeenRequest = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) };
                this.seen.push(seen);
                const next = this.queue.shift();
                if (next === undefined) {
                    this.unexpected.push(`${seen.method} ${seen.url}`);
                    res.writeHead(599, { "content-type": "text/plain" }).end("unexpected request");
                    return;
                }
                const reply = typeof next === "function" ? next(seen) : next;
                if (reply === "hang") return;
                if (reply === "reset") {
                    req.socket.destroy();
                    return;
                }
                const isJson = reply.body !== undefined && typeof reply.body === "object" && !Buffer.isBuffer(reply.body);
                const body = isJson ? JSON.stringify(reply.body) : (reply.body as string | Buffer | undefined);
                res.writeHead(reply.status, { ...(isJson ? { "content-type": "application/json" } : {}), ...reply.headers });
                res.end(body);
            });
        });
        await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
        this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    }

    /**
     * A base URL with a fresh path prefix: the limiter is shared per base URL for the whole process, so
     * each test gets its own and a 429 in one test never delays another.
     */
    baseUrl(): string {
        this.prefixCount += 1;
        return `${this.origin}/t${this.prefixCount}`;
    }

    /** Replace the script and forget earlier requests. */
    script(...replies: Script[]): void {
        this.queue = [...replies];
        this.seen.length = 0;
    }

    /** Fails the test if a request arrived that no script answered, or a scripted reply went unused. */
    verify(): void {
        const unexpected = this.unexpected.splice(0);
        assert.deepEqual(unexpected, [], "requests nobody scripted");
        assert.equal(this.queue.length, 0, "scripted replies never requested");
    }

    async close(): Promise<void> {
        this.server?.closeAllConnections();
        await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    }
}

/** Records sleeps and returns at once: tests never wait for real. */
export function recordingSleep(): { waits: number[]; sleep: (ms: number) => Promise<void> } {
    const waits: number[] = [];
    return { waits, sleep: async (ms) => void waits.push(ms) };
}
