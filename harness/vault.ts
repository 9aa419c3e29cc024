/**
 * A stand-in for HashiCorp Vault's transit secrets engine, the key service behind Pulumi's `hashivault://` secrets
 * provider, serving a CliStack's `pulumi` commands from this process (cli.ts).
 *
 * Why: the passphrase provider derives its key with 1,000,000 rounds of PBKDF2-SHA256 in every `pulumi` command
 * (~0.6 s of CPU on CI's cores, a fifth of the CLI suites' time); a cloud provider instead has the key service decrypt
 * the stack's data key once per command, here one local request. What the engine does with the data key is the same
 * for both: secrets in config and state are `v1:<nonce>:<ciphertext>` under AES-256-GCM (pkg/secrets/cloud and
 * sdk/go/common/resource/config/crypt.go in pulumi/pulumi).
 *
 * The two calls gocloud.dev's hashivault keeper makes (secrets/hashivault, through Vault's API client):
 * `PUT /v1/transit/encrypt/<key>` with `{"plaintext": <base64>}`, answered `{"data": {"ciphertext": "vault:v1:..."}}`,
 * and `PUT /v1/transit/decrypt/<key>` with `{"ciphertext": ...}`, answered `{"data": {"plaintext": <base64>}}`; the
 * token in `X-Vault-Token`. Anything else is refused as Vault refuses it, `{"errors": [...]}`. The transit key is a
 * constant: ciphertexts are opaque to a reader of the state, and any process of the harness can decrypt them.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import * as http from "node:http";
import type { AddressInfo } from "node:net";

/** The token the stand-in takes, which the CLI sends from VAULT_TOKEN. */
export const VAULT_TOKEN = "tenantkit-vault-stand-in";
/** The secrets provider URL of a stack that uses the stand-in: its transit key's name. */
export const VAULT_SECRETS_PROVIDER = "hashivault://tenantkit";

const TRANSIT_KEY = createHash("sha256").update("tenantkit harness: the vault stand-in's transit key").digest();

/** Vault's transit ciphertext of `plaintext`: `vault:v1:` and the base64 of nonce, ciphertext and tag. */
export function transitEncrypt(plaintext: Buffer): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", TRANSIT_KEY, nonce);
    return `vault:v1:${Buffer.concat([nonce, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]).toString("base64")}`;
}

function transitDecrypt(ciphertext: string): Buffer {
    if (!ciphertext.startsWith("vault:v1:")) throw new Error("invalid ciphertext: no prefix");
    const raw = Buffer.from(ciphertext.slice("vault:v1:".length), "base64");
    const decipher = createDecipheriv("aes-256-gcm", TRANSIT_KEY, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
}

function answer(res: http.ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
}

function serve(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    const route = /^\/v1\/transit\/(encrypt|decrypt)\/[\w.-]+$/.exec(req.url ?? "");
    if (req.headers["x-vault-token"] !== VAULT_TOKEN) return answer(res, 403, { errors: ["permission denied"] });
    if (!route || (req.method !== "PUT" && req.method !== "POST")) return answer(res, 404, { errors: [`no handler for route "${req.url}"`] });
    try {
        const input = JSON.parse(body) as { plaintext?: unknown; ciphertext?: unknown };
        if (route[1] === "encrypt") {
            if (typeof input.plaintext !== "string") return answer(res, 400, { errors: ["missing plaintext to encrypt"] });
            return answer(res, 200, { data: { ciphertext: transitEncrypt(Buffer.from(input.plaintext, "base64")), key_version: 1 } });
        }
        if (typeof input.ciphertext !== "string") return answer(res, 400, { errors: ["missing ciphertext to decrypt"] });
        return answer(res, 200, { data: { plaintext: transitDecrypt(input.ciphertext).toString("base64") } });
    } catch (err) {
        return answer(res, 400, { errors: [(err as Error).message] });
    }
}

let started: Promise<string> | undefined;
let address: string | undefined;

/** The stand-in's URL, started on a loopback port the first time; it does not keep the process alive. */
export function startVault(): Promise<string> {
    started ??= new Promise((resolve, reject) => {
        const server = http.createServer((req, res) => {
            let body = "";
            req.setEncoding("utf8");
            req.on("data", (chunk: string) => (body += chunk));
            req.on("end", () => serve(req, res, body));
        });
        server.once("error", reject);
        server.listen(0, "127.0.0.1", () => {
            server.unref();
            address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
            resolve(address);
        });
    });
    return started;
}

/** The variables the CLI's Vault client reads, once {@link startVault} has started the stand-in; else none. */
export function vaultEnv(): Record<string, string> {
    return address ? { VAULT_ADDR: address, VAULT_TOKEN } : {};
}
