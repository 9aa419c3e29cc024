/**
 * The TLS certificate of the HTTPS side. `@azure/identity` refuses an authority host that is not https,
 * so the emulator generates a CA and a leaf for `127.0.0.1`/`localhost`/`::1` at start (selfsigned 5,
 * async, EC P-256 because it generates in milliseconds), or reuses the pair stored next to the state file
 * so that clients that trust it (`NODE_EXTRA_CA_CERTS`) keep working across restarts and processes.
 */
import { randomBytes, X509Certificate } from "node:crypto";
import * as fs from "node:fs";
import { generate } from "selfsigned";

/** PEM material for the HTTPS server and for clients that must trust it. */
export interface TlsMaterial {
    caCert: string;
    caKey: string;
    cert: string;
    key: string;
}

const DAY = 86_400_000;

/** The file that holds the TLS material of a state file. */
export function tlsPathFor(statePath: string): string {
    return `${statePath}.tls.json`;
}

/** Reuses the stored material if still valid for a day, else generates (and stores, with a state path). */
export async function loadOrCreateTls(now: Date, statePath?: string): Promise<TlsMaterial> {
    if (statePath === undefined) return generateTls(now);
    const file = tlsPathFor(statePath);
    const stored = readTls(file, now);
    if (stored !== undefined) return stored;
    const fresh = await generateTls(now);
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(fresh, null, 2), { mode: 0o600 });
    try {
        if (fs.existsSync(file)) {
            fs.renameSync(tmp, file); // the stored pair expired: replace it
            return fresh;
        }
        // link() fails if another process stored its pair first; then use theirs, so both serve one CA.
        fs.linkSync(tmp, file);
        return fresh;
    } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
        return readTls(file, now) ?? fresh;
    } finally {
        fs.rmSync(tmp, { force: true });
    }
}

/** A new CA and a leaf it signed. */
export async function generateTls(now: Date): Promise<TlsMaterial> {
    const ca = await generate([{ name: "commonName", value: "tenantkit emulator local CA" }], {
        keyType: "ec",
        algorithm: "sha256",
        notBeforeDate: new Date(now.getTime() - DAY),
        notAfterDate: new Date(now.getTime() + 5 * 365 * DAY),
        extensions: [
            { name: "basicConstraints", cA: true, critical: true },
            { name: "keyUsage", keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
        ],
    });
    const leaf = await generate([{ name: "commonName", value: "127.0.0.1" }], {
        keyType: "ec",
        algorithm: "sha256",
        notBeforeDate: new Date(now.getTime() - DAY),
        notAfterDate: new Date(now.getTime() + 365 * DAY),
        ca: { key: ca.private, cert: ca.cert },
        extensions: [
            { name: "basicConstraints", cA: false },
            { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
            { name: "extKeyUsage", serverAuth: true },
            {
                name: "subjectAltName",
                altNames: [
                    { type: 2, value: "localhost" },
                    { type: 7, ip: "127.0.0.1" },
                    { type: 7, ip: "::1" },
                ],
            },
        ],
    });
    return { caCert: ca.cert, caKey: ca.private, cert: leaf.cert, key: leaf.private };
}

function readTls(file: string, now: Date): TlsMaterial | undefined {
    try {
        const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<TlsMaterial>;
        const { caCert, caKey, cert, key } = parsed;
        if (typeof caCert !== "string" || typeof caKey !== "string" || typeof cert !== "string" || typeof key !== "string") {
            return undefined;
        }
        const leaf = new X509Certificate(cert);
        const ca = new X509Certificate(caCert);
        const fresh = Date.parse(leaf.validTo) > now.getTime() + DAY;
        return fresh && leaf.verify(ca.publicKey) ? { caCert, caKey, cert, key } : undefined;
    } catch {
        return undefined; // missing or damaged: generate a new pair
    }
}
