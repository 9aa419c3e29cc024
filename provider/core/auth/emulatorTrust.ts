/**
 * Trust for the bundled emulator's TLS login prefix. `@azure/identity` refuses a non-https authority, and the
 * emulator signs its certificate with a CA it generates at start. In emulator mode, and only for a loopback
 * emulator, the provider fetches that CA from the emulator's admin API and trusts it for token requests alone.
 */
import type { Settings } from "../settings/settings";
import { LOOPBACK_HOST } from "../model/patterns";

/** True when the token authority is the emulator's own login prefix on a loopback address. */
export function isEmulatorAuthority(s: Settings): boolean {
    if (!s.emulator) return false;
    const emulator = new URL(s.emulator);
    const authority = new URL(s.endpoints.authorityHost);
    return LOOPBACK_HOST.test(emulator.hostname) && authority.hostname === emulator.hostname && authority.port === emulator.port;
}

/**
 * The emulator's CA certificate (PEM). Not kept here: the emulator makes a new CA at every start, so each credential
 * that needs it (built once per session, and again after a failure or a refused token) asks the emulator.
 */
export function fetchEmulatorCa(s: Settings): Promise<string> {
    const base = s.emulator;
    if (!base || !isEmulatorAuthority(s)) return Promise.reject(new Error("the token authority is not a loopback emulator"));
    return download(new URL("/_admin/ca.pem", base));
}

async function download(url: URL): Promise<string> {
    // The emulator's own root URL is plain http on loopback; ask for the CA over http whatever the scheme given.
    url.protocol = "http:";
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const http: typeof import("node:http") = require("node:http");
    return new Promise<string>((resolve, reject) => {
        const req = http.get(url, { timeout: 10_000 }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => {
                const pem = Buffer.concat(chunks).toString("utf8");
                if (res.statusCode === 200 && pem.includes("-----BEGIN CERTIFICATE-----")) resolve(pem);
                else
                    reject(
                        new Error(
                            `the emulator at ${url.origin} did not serve its CA certificate (status ${res.statusCode}); is it a tenantkit emulator?`,
                        ),
                    );
            });
        });
        req.on("timeout", () => req.destroy(new Error(`the emulator at ${url.origin} did not answer within 10 s`)));
        req.on("error", (e) =>
            reject(
                new Error(
                    `cannot reach the emulator at ${url.origin} (${(e as NodeJS.ErrnoException).code ?? e.message}); start it with npm run emulator`,
                ),
            ),
        );
    });
}
