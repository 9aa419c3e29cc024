/**
 * Helpers of secrets.spec.ts: distinctive secret values, the encodings each travels in, the artifacts a user can
 * read (state, outputs, errors, both processes' output) and the search of the one in the other.
 * Not a spec file: mocha only runs `*.spec.ts`.
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { inspect } from "node:util";
import * as runtimeConfig from "@pulumi/pulumi/runtime/config";
import { defaultSeed } from "../../emulator/seeds/default";
import type { Seed } from "../../emulator/client";
import { SETTING_KEYS } from "../../provider/core/settings/settings";
import { loadState } from "../../harness/state";
import type { RunResult } from "../../harness/step-types";
import { isPropertyMap, isSecret, type StackConfig } from "../../harness/wire";
import { IDS, T0 } from "../support/emulator";

/** A secret and what it is, e.g. `client secret`. `wrapped`: it may sit inside a secret wrapper of the state. */
export interface Secret {
    readonly what: string;
    readonly value: string;
    readonly wrapped?: boolean;
}

/** Something a user can read. `holdsSecretValues`: the harness state, whose secret wrappers keep plaintext. */
export interface Artifact {
    readonly name: string;
    readonly text: string;
    readonly holdsSecretValues?: boolean;
}

/**
 * Distinctive values for one run of the spec, so a match anywhere is unambiguous, each around a random part of its
 * own (see {@link withRandomPart}). They carry `~`, `+` and `/`, which the encodings treat differently (Azure client
 * secrets contain `~`).
 */
export function makeCanaries() {
    const r = () => randomBytes(6).toString("hex");
    return {
        clientSecret: `TkCanaryClientSecret8Q~${r()}.x_y`,
        staticToken: `TkCanaryStaticToken+${r()}/xyz`,
        pat: `tkcanarypat${r()}zzzz`,
        tap: `TkCanaryPass+${r()}`,
    };
}

/** The secret, and its random part on its own: a message cut in the middle of a secret must not show it either. */
export function withRandomPart(s: Secret): Secret[] {
    const random = /[0-9a-f]{12}/.exec(s.value)?.[0];
    return random === undefined ? [s] : [s, { ...s, what: `${s.what}'s random part`, value: random }];
}

/** The forms a secret travels in: as is, base64 (also without padding), Basic `base64(":" + it)`, URL- and form-encoded. */
export function encodings(secret: string): { how: string; value: string }[] {
    const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64").replace(/=+$/, "");
    const forms = [
        { how: "as is", value: secret },
        { how: "base64", value: b64(secret) },
        { how: "base64url", value: Buffer.from(secret, "utf8").toString("base64url") },
        { how: "Basic auth base64(':' + it)", value: b64(`:${secret}`) },
        { how: "URL-encoded", value: encodeURIComponent(secret) },
        { how: "form-encoded", value: new URLSearchParams({ s: secret }).toString().slice(2) },
    ];
    return forms.filter((f, i) => forms.findIndex((g) => g.value === f.value) === i);
}

/** Every `<secret> (<encoding>) in <artifact>` found; the empty list is the only good answer. */
export function findLeaks(artifacts: readonly Artifact[], secrets: readonly Secret[]): string[] {
    const found: string[] = [];
    for (const a of artifacts) {
        for (const s of secrets) {
            if (a.holdsSecretValues && s.wrapped) continue;
            for (const form of encodings(s.value)) if (a.text.includes(form.value)) found.push(`${s.what} (${form.how}) in ${a.name}`);
        }
    }
    return found;
}

/** A copy of a wire value with every secret wrapper replaced by `[secret]`: what is readable without decrypting. */
export function outsideSecrets(value: unknown): unknown {
    if (isSecret(value)) return "[secret]";
    if (Array.isArray(value)) return value.map(outsideSecrets);
    if (isPropertyMap(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, outsideSecrets(v)]));
    return value;
}

/** What an operation shows and records: its errors, unwrapped stack outputs, displayed steps, the host's output. */
export function runArtifacts(op: string, r: RunResult): Artifact[] {
    return [
        { name: `${op}: errors`, text: JSON.stringify(r.errors) },
        { name: `${op}: stack outputs not marked secret`, text: JSON.stringify(outsideSecrets(r.outputs)) },
        { name: `${op}: displayed steps`, text: JSON.stringify(r.steps) },
        { name: `${op}: provider host stdout`, text: r.logs.stdout.join("\n") },
        { name: `${op}: provider host stderr`, text: r.logs.stderr.join("\n") },
    ];
}

/** The state file as stored, the same without secret values, and every `__provider` in it. */
export function stateArtifacts(op: string, statePath: string): Artifact[] {
    const text = fs.readFileSync(statePath, "utf8");
    const providers = loadState(statePath)
        .resources.flatMap((r) => [r.inputs.__provider, r.outputs.__provider])
        .filter((p) => typeof p === "string");
    return [
        { name: `${op}: state file`, text, holdsSecretValues: true },
        { name: `${op}: state file outside secret values`, text: JSON.stringify(outsideSecrets(JSON.parse(text))) },
        { name: `${op}: __provider in state`, text: providers.join("\n") },
    ];
}

/** Every way a thrown error is shown: String, message, stack, JSON, and util.inspect with hidden fields. */
export function errorArtifacts(name: string, err: unknown): Artifact[] {
    const json = (() => {
        try {
            return JSON.stringify(err) ?? "";
        } catch (e) {
            return `JSON.stringify threw ${String(e)}`;
        }
    })();
    const e = err instanceof Error ? err : undefined;
    return [
        { name: `${name}: String(error)`, text: String(err) },
        { name: `${name}: error.message and stack`, text: `${e?.message ?? ""}\n${e?.stack ?? ""}` },
        { name: `${name}: JSON.stringify(error)`, text: json },
        { name: `${name}: util.inspect(error)`, text: inspect(err, { depth: 8, showHidden: true }) },
    ];
}

/** Records what this process writes to stdout and stderr (console included) until `stop`, passing it through. */
export function captureOutput(): { text(): string; stop(): void } {
    const chunks: string[] = [];
    const restore: (() => void)[] = [];
    for (const stream of [process.stdout, process.stderr]) {
        const original = stream.write;
        stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
            chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8"));
            return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
        } as typeof stream.write;
        restore.push(() => (stream.write = original));
    }
    return { text: () => chunks.join(""), stop: () => restore.forEach((r) => r()) };
}

/** The environment variable of every tenantkit setting, each set to "" (which the resolver treats as unset). */
export function blankSettingsEnv(): Record<string, string> {
    return Object.fromEntries(Object.values(SETTING_KEYS).map((k) => [k.env, ""]));
}

/**
 * Runs `body` as a program process would see `env` and stack `config` (pulumi.Config): tenantkit's variables of
 * this process replaced by `env`, the SDK's stack config set to `config`; both put back afterwards.
 */
export async function asProgram<T>(scope: { env?: Record<string, string>; config?: StackConfig }, body: () => Promise<T>): Promise<T> {
    const saved = { ...process.env };
    Object.assign(process.env, blankSettingsEnv(), scope.env ?? {});
    const config = scope.config ?? {};
    const plain = Object.fromEntries(Object.entries(config).map(([k, v]) => [k, typeof v === "string" ? v : v.value]));
    runtimeConfig.setAllConfig(
        plain,
        Object.keys(config).filter((k) => typeof config[k] !== "string"),
    );
    try {
        return await body();
    } finally {
        runtimeConfig.setAllConfig({}, []);
        process.env = saved;
    }
}

/**
 * The default seed plus one tenant per id, each with the quickstart app (its default secret, so a canary is refused):
 * a token request goes to `/{tenant id}/oauth2/v2.0/token`, so each tenant gives a sequence a token path to fault.
 */
export function seedWithTenants(ids: readonly string[]): Seed {
    const seed = defaultSeed(T0);
    const quickstart = seed.tenants[0]!.clients.find((a) => a.clientId === IDS.quickstartClientId)!;
    for (const [n, id] of ids.entries()) {
        seed.tenants.push({
            id,
            domains: [`sequence${n}.contoso.example`],
            clients: [structuredClone(quickstart)],
            users: [],
            displayName: `Sequence ${n}`,
            premium: false,
            branding: null,
        });
    }
    return seed;
}

/** The default seed where the quickstart app's secret and one of alice's PATs (with vso.code) are the canaries. */
export function seedAccepting(c: { clientSecret: string; pat: string }): Seed {
    const seed = defaultSeed(T0);
    const contoso = seed.tenants[0]!;
    contoso.clients.find((a) => a.clientId === IDS.quickstartClientId)!.secret = c.clientSecret;
    contoso.devops!.pats.push({ token: c.pat, user: IDS.aliceId, organizations: [IDS.devopsOrganization], scopes: ["vso.code"] });
    return seed;
}

/**
 * alice's TAP list as Graph answers it when the method holds a pass (Graph returns the pass only on create; a
 * read holding one is the worst case). `withContext: false` leaves out `@odata.context` (odata.metadata=none, or a
 * proxy that strips annotations), which puts the pass near the start of the body.
 */
export function tapListWithPass(pass: string, opts: { withContext: boolean }): Record<string, unknown> {
    const method = {
        id: IDS.aliceTapId,
        temporaryAccessPass: pass,
        createdDateTime: T0.toISOString(),
        startDateTime: T0.toISOString(),
        lifetimeInMinutes: 60,
        isUsableOnce: false,
        isUsable: true,
        methodUsabilityReason: "EnabledByPolicy",
    };
    const context = `https://graph.microsoft.com/v1.0/$metadata#users('${IDS.aliceId}')/authentication/temporaryAccessPassMethods`;
    return opts.withContext ? { "@odata.context": context, value: [method] } : { value: [method] };
}
