/**
 * A new stack's config file written as `pulumi config set-all` writes it, each secret as `secure: v1:<nonce>:<ciphertext>`
 * (AES-256-GCM; sdk/go/common/resource/config/crypt.go in pulumi/pulumi) under the key of the stack's secrets provider:
 * - passphrase: an `encryptionsalt` the CLI finds its key by, which PBKDF2-SHA256 derives from the passphrase and the
 *   salt in 1,000,000 rounds (pkg/secrets/passphrase). Every `pulumi` command derives that key again, about 0.55 s of
 *   CPU; this process derives it once, for one salt of its own.
 * - the Vault stand-in (vault.ts): `secretsprovider` and `encryptedkey`, a random data key as the transit engine
 *   encrypted it, which the CLI has the stand-in decrypt (pkg/secrets/cloud). One data key per process.
 *
 * The CLI decrypts what this writes with its own code on the stack's first command, so a mistake here fails loudly.
 * Tests of how the CLI itself stores a secret set it with `pulumi config set --secret` (CliStack.setConfig).
 */
import { createCipheriv, pbkdf2, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { promisify } from "node:util";
import { transitEncrypt, VAULT_SECRETS_PROVIDER } from "./vault";
import { isSecret, type StackConfig } from "./wire";

/** A stack's secrets provider: the passphrase one, or Pulumi's hashivault one over the stand-in (vault.ts). */
export type SecretsProvider = { readonly passphrase: string } | "vault";

/** The passphrase's salt and key, for this process. */
interface Key {
    readonly salt: Buffer;
    readonly key: Buffer;
}

let derived: Promise<Key> | undefined;

/** Not blocking: the emulator the stack's programs talk to often runs in this process. */
function keyFor(passphrase: string): Promise<Key> {
    derived ??= (async () => {
        const salt = randomBytes(8);
        return { salt, key: await promisify(pbkdf2)(passphrase, salt, 1_000_000, 32, "sha256") };
    })();
    return derived;
}

/** `value` as the symmetric crypter's `EncryptValue` writes it. */
function encrypt(value: string, key: Buffer): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, nonce);
    const sealed = Buffer.concat([cipher.update(value, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `v1:${nonce.toString("base64")}:${sealed.toString("base64")}`;
}

let dataKey: { readonly key: Buffer; readonly encrypted: string } | undefined;

/** A secrets provider as a checkpoint records it (`secrets_providers`), which `pulumi stack init` writes. */
export interface ProviderState {
    readonly type: "passphrase" | "cloud";
    readonly state: Readonly<Record<string, string>>;
}

/** The config file's lines that name the secrets provider, its state in a checkpoint, and the key secrets are sealed with. */
async function providerOf(provider: SecretsProvider): Promise<{ lines: string[]; recorded: ProviderState; key: Buffer }> {
    if (provider === "vault") {
        if (!dataKey) {
            const key = randomBytes(32);
            dataKey = { key, encrypted: Buffer.from(transitEncrypt(key)).toString("base64") };
        }
        return {
            lines: [`secretsprovider: ${VAULT_SECRETS_PROVIDER}`, `encryptedkey: ${dataKey.encrypted}`],
            recorded: { type: "cloud", state: { url: VAULT_SECRETS_PROVIDER, encryptedkey: dataKey.encrypted } },
            key: dataKey.key,
        };
    }
    const { salt, key } = await keyFor(provider.passphrase);
    // The passphrase manager's state: the salt, and a known message sealed with the key, which the CLI checks the
    // passphrase against.
    const state = `v1:${salt.toString("base64")}:${encrypt("pulumi", key)}`;
    return { lines: [`encryptionsalt: ${JSON.stringify(state)}`], recorded: { type: "passphrase", state: { salt: state } }, key };
}

/**
 * Writes `file`, the config of a stack of `project` with the secrets provider `provider`: `config`'s keys (one
 * without a namespace in the project's, as the CLI puts it), its `secret()` values encrypted. JSON strings
 * throughout, which YAML reads as they are. Returns the provider as the stack's checkpoint records it.
 */
export async function writeConfigFile(
    file: string,
    project: string,
    config: Readonly<StackConfig>,
    provider: SecretsProvider,
): Promise<ProviderState> {
    const { lines: header, recorded, key } = await providerOf(provider);
    const lines = [...header, "config:"];
    for (const [given, value] of Object.entries(config)) {
        const name = given.includes(":") ? given : `${project}:${given}`;
        lines.push(
            isSecret(value)
                ? `  ${JSON.stringify(name)}:\n    secure: ${JSON.stringify(encrypt(value.value, key))}`
                : `  ${JSON.stringify(name)}: ${JSON.stringify(value)}`,
        );
    }
    fs.writeFileSync(file, `${lines.join("\n")}\n`);
    return recorded;
}
