/**
 * The one resolver of tenantkit settings (DESIGN.md, "Settings"). Handlers feed it the stack config they receive in
 * `configure`; program-side functions feed it `pulumi.Config("tenantkit")`. Each key falls back to its environment
 * variable, then to a default. Every problem is collected and reported at once, with the command that fixes it.
 */
import { CLOUDS, CLOUD_NAMES } from "./clouds";
import type { CloudEndpoints, CloudName } from "./clouds";
import { registerSecret } from "../errors/redact";
import { GUID, LOOPBACK_HOST } from "../model/patterns";

interface KeySpec {
    readonly env: string;
    readonly secret: boolean;
    readonly hint: string;
}

/** The settings table: key in the `tenantkit` namespace -> environment fallback. */
export const SETTING_KEYS = {
    cloud: { env: "TENANTKIT_CLOUD", secret: false, hint: `<${CLOUD_NAMES.join("|")}>` as string },
    tenantId: { env: "AZURE_TENANT_ID", secret: false, hint: "<tenant guid or domain>" },
    clientId: { env: "AZURE_CLIENT_ID", secret: false, hint: "<application (client) id>" },
    clientSecret: { env: "AZURE_CLIENT_SECRET", secret: true, hint: "<client secret>" },
    graphToken: { env: "TENANTKIT_GRAPH_TOKEN", secret: true, hint: "<access token>" },
    powerBiToken: { env: "TENANTKIT_POWERBI_TOKEN", secret: true, hint: "<access token>" },
    devopsToken: { env: "TENANTKIT_DEVOPS_TOKEN", secret: true, hint: "<access token>" },
    devopsPat: { env: "AZURE_DEVOPS_EXT_PAT", secret: true, hint: "<personal access token>" },
    graphEndpoint: { env: "TENANTKIT_GRAPH_ENDPOINT", secret: false, hint: "https://graph.microsoft.com" },
    powerBiEndpoint: { env: "TENANTKIT_POWERBI_ENDPOINT", secret: false, hint: "https://api.powerbi.com" },
    devopsEndpoint: { env: "TENANTKIT_DEVOPS_ENDPOINT", secret: false, hint: "https://dev.azure.com" },
    authorityHost: { env: "TENANTKIT_AUTHORITY_HOST", secret: false, hint: "https://login.microsoftonline.com" },
    emulator: { env: "TENANTKIT_EMULATOR", secret: false, hint: "http://127.0.0.1:8787" },
    requestTimeoutSeconds: { env: "TENANTKIT_REQUEST_TIMEOUT_SECONDS", secret: false, hint: "<seconds, e.g. 30>" },
} as const satisfies Record<string, KeySpec>;

/** A setting's key in the `tenantkit` config namespace, without the namespace (`tenantId` for `tenantkit:tenantId`). */
export type SettingKey = keyof typeof SETTING_KEYS;
/** The stack config namespace of tenantkit's settings: `tenantkit:<key>`. */
export const CONFIG_NAMESPACE = "tenantkit";

/** Reads one key of the `tenantkit` namespace from stack config (the key is given without its namespace). */
export type ConfigReader = (key: SettingKey) => string | undefined;

/** The resolved roots of the services and of sign-in, without API versions and without a trailing `/`. */
export interface Endpoints {
    /** Microsoft Graph root, without the API version (`https://graph.microsoft.com`). */
    readonly graph: string;
    /** Power BI REST root, without `/v1.0/myorg` (`https://api.powerbi.com`). */
    readonly powerBi: string;
    /** Azure DevOps root, without `_apis` (`https://dev.azure.com`). */
    readonly devops: string;
    /** Microsoft Entra authority host that tokens are requested from (`https://login.microsoftonline.com`). */
    readonly authorityHost: string;
}

/** Resolved, validated settings. Secret values are registered for redaction as they are read. */
export interface Settings {
    /** The national cloud (`tenantkit:cloud` or `TENANTKIT_CLOUD`, any letter case; default `Global`) and its endpoints. */
    readonly cloud: CloudEndpoints;
    /** The tenant id (a guid) or domain name (`tenantkit:tenantId` or `AZURE_TENANT_ID`); required with `clientSecret`. */
    readonly tenantId?: string;
    /** The application (client) id, a guid (`tenantkit:clientId` or `AZURE_CLIENT_ID`); required with `clientSecret`. */
    readonly clientId?: string;
    /** The client secret of the client-credentials sign-in (`tenantkit:clientSecret` or `AZURE_CLIENT_SECRET`). Secret. */
    readonly clientSecret?: string;
    /** An access token for Microsoft Graph, used instead of a sign-in, never refreshed (`tenantkit:graphToken` or `TENANTKIT_GRAPH_TOKEN`). Secret. */
    readonly graphToken?: string;
    /** An access token for Power BI, used instead of a sign-in, never refreshed (`tenantkit:powerBiToken` or `TENANTKIT_POWERBI_TOKEN`). Secret. */
    readonly powerBiToken?: string;
    /** An access token for Azure DevOps, used instead of a sign-in, never refreshed (`tenantkit:devopsToken` or `TENANTKIT_DEVOPS_TOKEN`). Secret. */
    readonly devopsToken?: string;
    /** An Azure DevOps personal access token (`tenantkit:devopsPat` or `AZURE_DEVOPS_EXT_PAT`); used before any token or sign-in. Secret. */
    readonly devopsPat?: string;
    /** Each service's root: its endpoint setting when set, else the emulator's, else the cloud's. */
    readonly endpoints: Endpoints;
    /** The emulator's base URL when every endpoint points at the bundled emulator. */
    readonly emulator?: string;
    /** How long one attempt of a request may wait for the service (connecting, then each gap in the answer). */
    readonly requestTimeoutSeconds: number;
    /**
     * `connection` when these settings are a resource's or a function's explicit connection, `provider` when they are
     * an explicit provider resource's arguments: a fix then names those instead of the stack config.
     */
    readonly origin?: "connection" | "provider";
}

/** One missing or invalid setting, and what is wrong with it. */
export interface SettingsProblem {
    /** The setting at fault. */
    readonly key: SettingKey;
    /** What is wrong, as a phrase (`"x" is not a guid`); {@link SettingsError} adds the command that fixes it. */
    readonly problem: string;
}

/** Thrown when settings are missing or invalid; lists every problem and how to fix each. */
export class SettingsError extends Error {
    /** The error's name: `SettingsError`. */
    override readonly name = "SettingsError";
    constructor(
        /** Every problem found, each with its key. */
        readonly problems: readonly SettingsProblem[],
        origin?: Settings["origin"],
    ) {
        super(formatProblems(problems, origin));
    }
}

/**
 * The command that sets `key`, and its environment variable. `value` replaces the placeholder where the right value is
 * known and not a secret (an id the emulator's seed publishes); a secret key always shows its placeholder.
 */
export function fixFor(key: SettingKey, value?: string, origin?: Settings["origin"]): string {
    const spec = SETTING_KEYS[key];
    if (origin === "provider") {
        const shown = value !== undefined && !spec.secret ? value : spec.hint;
        return `set the provider resource's ${key} argument: ${shown}${spec.secret ? " (as a secret)" : ""}`;
    }
    if (origin === "connection") {
        const shown = value !== undefined && !spec.secret ? value : spec.hint;
        return `pass connection.${key}: ${shown}${spec.secret ? " (as a secret, e.g. config.requireSecret)" : ""}`;
    }
    const secret = spec.secret ? "--secret " : "";
    const shown = value !== undefined && !spec.secret ? value : spec.hint;
    return `pulumi config set ${secret}${CONFIG_NAMESPACE}:${key} ${shown} (or set ${spec.env})`;
}

function formatProblems(problems: readonly SettingsProblem[], origin?: Settings["origin"]): string {
    const name = (key: SettingKey) => (origin === "provider" ? key : `${CONFIG_NAMESPACE}:${key}`);
    const lines = problems.map((p) => `  - ${name(p.key)}: ${p.problem}. Fix: ${fixFor(p.key, undefined, origin)}`);
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    const what = origin === "provider" ? "the tenantkit provider resource's arguments are" : "tenantkit settings are";
    return `${what} invalid (${count}):\n${lines.join("\n")}`;
}

/** Default of {@link Settings.requestTimeoutSeconds}. */
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 30;
/** An hour: longer than any call needs, and far below the 2^31 ms past which Node fires a timer at once. */
const MAX_REQUEST_TIMEOUT_SECONDS = 3600;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * Resolves and validates settings. `env` defaults to `process.env`; pass an explicit object in tests.
 * @throws SettingsError naming every invalid or inconsistent key.
 */
export function resolveSettings(read: ConfigReader, env: NodeJS.ProcessEnv = process.env, origin?: Settings["origin"]): Settings {
    const problems: SettingsProblem[] = [];
    const raw = (key: SettingKey): string | undefined => {
        const fromConfig = read(key);
        const value = fromConfig !== undefined && fromConfig !== "" ? fromConfig : env[SETTING_KEYS[key].env];
        const trimmed = value?.trim();
        if (trimmed && SETTING_KEYS[key].secret) registerSecret(trimmed);
        return trimmed ? trimmed : undefined;
    };

    const cloudText = raw("cloud") ?? "Global";
    const cloudName = CLOUD_NAMES.find((c) => c.toLowerCase() === cloudText.toLowerCase());
    if (!cloudName) problems.push({ key: "cloud", problem: `"${cloudText}" is not a known cloud (one of ${CLOUD_NAMES.join(", ")})` });
    const cloud = CLOUDS[cloudName ?? ("Global" satisfies CloudName)];

    const tenantId = raw("tenantId");
    if (tenantId && !GUID.test(tenantId) && !DOMAIN.test(tenantId)) {
        problems.push({ key: "tenantId", problem: `"${tenantId}" is neither a tenant id (guid) nor a domain name` });
    }
    const clientId = raw("clientId");
    if (clientId && !GUID.test(clientId)) problems.push({ key: "clientId", problem: `"${clientId}" is not an application (client) id (a guid)` });
    const clientSecret = raw("clientSecret");

    const emulator = url(raw("emulator"), "emulator", problems, { allowPath: false });
    const derived = emulator ? emulatorEndpoints(emulator) : undefined;
    const endpoint = (key: "graphEndpoint" | "powerBiEndpoint" | "devopsEndpoint" | "authorityHost", fallback: string) =>
        url(raw(key), key, problems, { allowPath: true }) ?? fallback;
    const endpoints: Endpoints = {
        graph: endpoint("graphEndpoint", derived?.graph ?? cloud.graph),
        powerBi: endpoint("powerBiEndpoint", derived?.powerBi ?? cloud.powerBi),
        devops: endpoint("devopsEndpoint", derived?.devops ?? cloud.devops),
        authorityHost: endpoint("authorityHost", derived?.authorityHost ?? cloud.authorityHost),
    };

    const requestTimeoutSeconds = positiveSeconds(raw("requestTimeoutSeconds"), "requestTimeoutSeconds", problems) ?? DEFAULT_REQUEST_TIMEOUT_SECONDS;

    if (problems.length) throw new SettingsError(dedupe(problems), origin);
    return {
        cloud,
        tenantId,
        clientId,
        clientSecret,
        emulator,
        endpoints,
        requestTimeoutSeconds,
        graphToken: raw("graphToken"),
        powerBiToken: raw("powerBiToken"),
        devopsToken: raw("devopsToken"),
        devopsPat: raw("devopsPat"),
    };
}

/**
 * What a client-credentials sign-in lacks beside the secret. Judged when a call needs an Entra token, not when settings
 * resolve: a call that signs in otherwise (an Azure DevOps PAT, a static token) does not need a tenant or application.
 */
export function clientSecretProblems(settings: Settings): SettingsProblem[] {
    if (!settings.clientSecret) return [];
    const problems: SettingsProblem[] = [];
    if (!settings.tenantId) problems.push({ key: "tenantId", problem: "is required with clientSecret (client-credentials flow)" });
    if (!settings.clientId) problems.push({ key: "clientId", problem: "is required with clientSecret (client-credentials flow)" });
    return problems;
}

/** Every endpoint and the authority on the emulator's one port (DESIGN.md, "Emulator"); login is served over TLS. */
export function emulatorEndpoints(base: string): Endpoints {
    const u = new URL(base);
    const tls = new URL(base);
    tls.protocol = "https:";
    const root = (x: URL) => x.origin;
    return {
        graph: `${root(u)}/graph`,
        powerBi: `${root(u)}/powerbi`,
        devops: `${root(u)}/devops`,
        authorityHost: `${root(tls)}/login`,
    };
}

function url(value: string | undefined, key: SettingKey, problems: SettingsProblem[], o: { allowPath: boolean }): string | undefined {
    if (value === undefined) return undefined;
    let u: URL;
    try {
        u = new URL(value);
    } catch {
        problems.push({ key, problem: `"${value}" is not an absolute URL` });
        return undefined;
    }
    if (u.protocol !== "https:" && !(u.protocol === "http:" && LOOPBACK_HOST.test(u.hostname))) {
        problems.push({ key, problem: `"${value}" must use https (plain http is accepted only for loopback addresses)` });
    } else if (u.search || u.hash || u.username || u.password) {
        problems.push({ key, problem: `"${u.origin}${u.pathname}" must not carry a query, fragment or credentials` });
    } else if (!o.allowPath && u.pathname !== "/") {
        problems.push({ key, problem: `"${value}" must be scheme, host and port only` });
    } else if (/\/(v1\.0|beta|_apis)(\/|$)/i.test(u.pathname)) {
        problems.push({ key, problem: `"${value}" must not include the API version or _apis; tenantkit adds it` });
    } else {
        return `${u.origin}${u.pathname.replace(/\/+$/, "")}`;
    }
    return undefined;
}

/**
 * Decimal seconds above zero and at most an hour: `30`, `2.5`. A unit (`30s`) or a number JavaScript reads otherwise
 * (`1e3`, `0x1f`) is refused.
 */
function positiveSeconds(value: string | undefined, key: SettingKey, problems: SettingsProblem[]): number | undefined {
    if (value === undefined) return undefined;
    const seconds = /^(\d+(\.\d*)?|\.\d+)$/.test(value) ? Number(value) : NaN;
    if (seconds > 0 && seconds <= MAX_REQUEST_TIMEOUT_SECONDS) return seconds;
    problems.push({ key, problem: `"${value}" is not a number of seconds above 0 and at most ${MAX_REQUEST_TIMEOUT_SECONDS}` });
    return undefined;
}

function dedupe(problems: SettingsProblem[]): SettingsProblem[] {
    const seen = new Set<string>();
    return problems.filter((p) => !seen.has(`${p.key}\u0000${p.problem}`) && !!seen.add(`${p.key}\u0000${p.problem}`));
}
