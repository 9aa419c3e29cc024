/**
 * Helpers of the branding tests: tokens of the seeded tenants, Graph calls with any method and body, and
 * Graph error bodies. Not a spec file.
 */
import * as http from "node:http";
import type { RunningEmulator } from "../../emulator/server";
import { appToken, fetchAll, IDS, type Fetched } from "../support/emulator";

/** `/v1.0/organization/{id}` of a tenant (contoso by default). */
export function orgPath(tenantId: string = IDS.tenantId): string {
    return `/v1.0/organization/${tenantId}`;
}

/** The default branding's path of a tenant. */
export function brandingPath(tenantId: string = IDS.tenantId): string {
    return `${orgPath(tenantId)}/branding`;
}

/** A localization's path (`0` for the default). */
export function localePath(locale: string, tenantId: string = IDS.tenantId): string {
    return `${brandingPath(tenantId)}/localizations/${locale}`;
}

/** App tokens of the seeded branding clients. */
export interface Tokens {
    contoso: string;
    fabrikam: string;
    northwind: string;
    /** contoso's app without any permission. */
    none: string;
}

/** A Graph app token of a client of any tenant (id or domain). */
export async function tenantToken(emu: RunningEmulator, tenant: string, clientId: string, secret: string): Promise<string> {
    const res = await fetchAll(`${emu.url}/login/${tenant}/oauth2/v2.0/token`, {
        method: "POST",
        body: new URLSearchParams({
            grant_type: "client_credentials",
            client_id: clientId,
            client_secret: secret,
            scope: "https://graph.microsoft.com/.default",
        }),
    });
    if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${res.text}`);
    return (res.json as { access_token: string }).access_token;
}

/** Gets a Graph app token for each seeded tenant's branding client. */
export async function tokens(emu: RunningEmulator): Promise<Tokens> {
    return {
        contoso: await appToken(emu),
        fabrikam: await tenantToken(emu, IDS.fabrikamDomain, IDS.fabrikamClientId, IDS.fabrikamClientSecret),
        northwind: await tenantToken(emu, IDS.northwindDomain, IDS.northwindClientId, IDS.northwindClientSecret),
        none: await appToken(emu, { clientId: IDS.noPermissionsClientId, secret: IDS.noPermissionsClientSecret }),
    };
}

/** What {@link graphCall} sends. */
export interface CallOptions {
    token?: string;
    headers?: Record<string, string>;
    /** Sent as JSON with `Content-Type: application/json`. */
    json?: unknown;
    /** Sent as is. */
    body?: Uint8Array | string;
}

/**
 * A Graph request through node:http, which (unlike fetch) adds no Accept-Language of its own, so a test
 * controls exactly which headers the emulator sees. Reads the whole body.
 */
export function graphCall(emu: RunningEmulator, method: string, path: string, opts: CallOptions = {}): Promise<Fetched & { bytes: Buffer }> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
    let body: Buffer | undefined;
    if (opts.json !== undefined) {
        body = Buffer.from(JSON.stringify(opts.json));
        headers["content-type"] ??= "application/json";
    } else if (opts.body !== undefined) {
        body = Buffer.from(opts.body);
    }
    // Node frames a DELETE body only with an explicit length (it sends no chunked encoding for DELETE).
    if (body !== undefined) headers["content-length"] = String(body.length);
    return new Promise((resolve, reject) => {
        const req = http.request(`${emu.url}/graph${path}`, { method, headers, agent: false }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => {
                const bytes = Buffer.concat(chunks);
                const text = bytes.toString("utf8");
                let json: unknown;
                try {
                    json = JSON.parse(text) as unknown;
                } catch {
                    json = undefined;
                }
                const h = new Headers();
                for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") h.set(k, v);
                resolve({ status: res.statusCode ?? 0, headers: h, text, json, bytes });
            });
            res.on("error", reject);
        });
        req.on("error", reject);
        req.end(body);
    });
}

/** The `error` member of a Graph error body (fails loudly when there is none). */
export function graphErrorOf(res: Fetched): { code: string; message: string; innerError: Record<string, string> } {
    const error = (res.json as { error?: { code: string; message: string; innerError: Record<string, string> } } | undefined)?.error;
    if (error === undefined) throw new Error(`expected a Graph error body, got ${res.status} ${res.text}`);
    return error;
}

/** `[status, Graph error code]` of a response, for compact assertions. */
export function statusAndCode(res: Fetched): [number, string | undefined] {
    return [res.status, (res.json as { error?: { code?: string } } | undefined)?.error?.code];
}

/** `{key: type}` with null and arrays told apart, to compare shapes with official payloads. */
export function shape(obj: Record<string, unknown>): Record<string, string> {
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, v === null ? "null" : Array.isArray(v) ? "array" : typeof v]));
}
