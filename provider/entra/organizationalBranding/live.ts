/**
 * `node bin/entra/organizationalBranding/live.js`: the branding a tenant shows now, read with the settings the program's
 * default provider would use, for the branding preview's "before" (and the base of its "after"). The preview imports
 * nothing from the provider, so this is its contract, a process:
 *
 * - stdin: `{"config": {"tenantkit:<key>": "<value>", ...}, "organizationId"?: "<guid>"}`, the stack's config as
 *   `pulumi config --json --show-secrets` has it (values only); secrets come this way, never as arguments. Each
 *   setting falls back to its environment variable, as the provider's do.
 * - stdout, exit 0: `{"organizationId", "locales": [{"locale": "default" | "<culture>", "properties": {...},
 *   "images": {"<stream>": {"contentType", "base64"}}}]}`: each branding's text and complex properties as Graph
 *   answers them (no `*RelativeUrl`, `cdnList` or `@odata` keys), and the streams it has (customCSS among them).
 * - stderr, exit 1: what failed (the tenant, the request, its status, code and request id, what to do); no secret.
 */
import { isApiError } from "../../core/errors/errors";
import { redactSecrets } from "../../core/errors/redact";
import { sessionFor } from "../../core/auth/session";
import { CONFIG_NAMESPACE, resolveSettings, SETTING_KEYS, type SettingKey } from "../../core/settings/settings";
import { graphService } from "../graphService";
import { BrandingApi, DEFAULT_LOCALE, organizationIdOf } from "./api";
import { IMAGE_PROPERTIES, JSON_PROPERTIES, relativeUrlOf, type ImageProperty } from "./state";

/** What the command reads on stdin. */
export interface LiveRequest {
    readonly config?: Readonly<Record<string, unknown>>;
    readonly organizationId?: string;
}

/** One branding as the tenant holds it. */
export interface LiveLocale {
    readonly locale: string;
    readonly properties: Record<string, unknown>;
    readonly images: Partial<Record<ImageProperty, { contentType: string; base64: string }>>;
}

/** What the command prints. */
export interface LiveBranding {
    readonly organizationId: string;
    readonly locales: LiveLocale[];
}

/** A setting as the stack's config names it: `tenantkit:<key>`. */
const configKey = (key: string): string => `${CONFIG_NAMESPACE}:${key}`;

/** Reads every branding of the tenant the request's settings sign in to. */
export async function readLiveBranding(request: LiveRequest, env: NodeJS.ProcessEnv = process.env): Promise<LiveBranding> {
    const config = request.config ?? {};
    const settings = resolveSettings((key: SettingKey) => {
        const value = config[configKey(key)];
        return typeof value === "string" ? value : undefined;
    }, env);
    const graph = sessionFor(settings).client(graphService);
    const organizationId = request.organizationId ?? (await organizationIdOf(graph));
    const api = new BrandingApi(graph, organizationId, DEFAULT_LOCALE);
    const locales: LiveLocale[] = [];
    for (const wire of await api.list()) {
        const id = typeof wire.id === "string" && wire.id !== "" ? wire.id : DEFAULT_LOCALE;
        const locale = api.forLocale(id);
        const properties = Object.fromEntries(JSON_PROPERTIES.filter((p) => wire[p] !== undefined && wire[p] !== null).map((p) => [p, wire[p]]));
        const images: LiveLocale["images"] = {};
        // A stream is fetched only when the branding says it has one: an unset image costs no request.
        for (const p of IMAGE_PROPERTIES.filter((q) => relativeUrlOf(wire, q) !== null)) {
            const image = await locale.getImage(p);
            if (image) images[p] = { contentType: image.contentType, base64: image.bytes.toString("base64") };
        }
        locales.push({ locale: locale.isDefault ? "default" : id, properties, images });
    }
    return { organizationId, locales };
}

/** The message of a failed read: whose branding, and the error as the provider words it (request id, next step). */
export function failureMessage(err: unknown, request: LiveRequest, env: NodeJS.ProcessEnv = process.env): string {
    const configured = request.config?.[configKey("tenantId")];
    const tenant = request.organizationId ?? (typeof configured === "string" ? configured : env[SETTING_KEYS.tenantId.env]);
    const what = `could not read the live branding of tenant ${tenant ?? `(${configKey("tenantId")} not set)`}`;
    const detail = isApiError(err) ? err.message : err instanceof Error ? err.message : String(err);
    const secrets = Object.entries(SETTING_KEYS)
        .filter(([, spec]) => spec.secret)
        .flatMap(([key, spec]) => [request.config?.[configKey(key)], env[spec.env]])
        .filter((v): v is string => typeof v === "string" && v !== "");
    return redactSecrets(`${what}: ${detail}`, secrets);
}

async function main(): Promise<number> {
    let request: LiveRequest = {};
    try {
        const chunks: Buffer[] = [];
        for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
        request = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as LiveRequest;
        process.stdout.write(`${JSON.stringify(await readLiveBranding(request))}\n`);
        return 0;
    } catch (err) {
        process.stderr.write(`${failureMessage(err, request)}\n`);
        return 1;
    }
}

if (require.main === module) {
    void main().then((code) => (process.exitCode = code));
}
