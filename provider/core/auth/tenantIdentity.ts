/**
 * Which tenant a tenant setting names. `tenantkit:tenantId` takes a tenant id (a guid, any letter case) or one of the
 * tenant's domain names, so two spellings can name one tenant. A guid is its own answer; a domain is resolved through
 * the authority's OpenID configuration (`{authority}/{domain}/v2.0/.well-known/openid-configuration`, no sign-in
 * needed), whose `issuer` carries the tenant's id: the same document `@azure/identity` reads before every sign-in.
 */
import { fetchEmulatorCa, isEmulatorAuthority } from "./emulatorTrust";
import { GUID } from "../model/patterns";
import type { Settings } from "../settings/settings";

/** A guid anywhere in a text (the issuer URL): the one pattern, unanchored. */
const GUID_IN_TEXT = new RegExp(GUID.source.replace(/^\^|\$$/g, ""), GUID.flags);

/** Why a domain could not be resolved to its tenant id; names the domain and the address asked. */
export class TenantResolutionError extends Error {
    override readonly name = "TenantResolutionError";
}

/** The tenant id (lower case) that `tenantId` names, asked of the authority when it is a domain. */
export async function tenantGuidOf(tenantId: string, settings: Settings): Promise<string> {
    if (GUID.test(tenantId)) return tenantId.toLowerCase();
    const url = new URL(`${settings.endpoints.authorityHost}/${encodeURIComponent(tenantId)}/v2.0/.well-known/openid-configuration`);
    let body: string;
    let status: number;
    try {
        ({ status, body } = await get(url, settings));
    } catch (err) {
        throw new TenantResolutionError(
            `could not read ${url.href} to learn which tenant "${tenantId}" is: ${err instanceof Error ? err.message : String(err)}`,
        );
    }
    const issuer = status === 200 ? issuerOf(body) : undefined;
    const guid = issuer === undefined ? undefined : GUID_IN_TEXT.exec(issuer)?.[0];
    if (guid === undefined) {
        throw new TenantResolutionError(
            `${url.href} answered ${status} without a tenant id in its issuer, so which tenant "${tenantId}" is stays unknown`,
        );
    }
    return guid.toLowerCase();
}

function issuerOf(body: string): string | undefined {
    try {
        const parsed = JSON.parse(body) as { issuer?: unknown };
        return typeof parsed.issuer === "string" ? parsed.issuer : undefined;
    } catch {
        return undefined;
    }
}

async function get(url: URL, settings: Settings): Promise<{ status: number; body: string }> {
    // The emulator's login prefix is TLS with a CA it makes at start: trusted for this request alone, as for sign-in.
    const ca = url.protocol === "https:" && isEmulatorAuthority(settings) ? await fetchEmulatorCa(settings) : undefined;
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded when a domain is resolved, not when the plugin starts */
    const transport: typeof import("node:https") = url.protocol === "https:" ? require("node:https") : require("node:http");
    /* eslint-enable @typescript-eslint/no-require-imports */
    return new Promise((resolve, reject) => {
        const req = transport.get(url, { timeout: settings.requestTimeoutSeconds * 1000, ...(ca ? { ca } : {}) }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
            res.on("error", reject);
        });
        req.on("timeout", () => req.destroy(new Error(`no answer within ${settings.requestTimeoutSeconds} s`)));
        req.on("error", reject);
    });
}
