/**
 * Graph calls of organizational branding (docs/api-facts.md B). The default branding is `/organization/{id}/branding`
 * read and patched with `Accept-Language: 0`; a localization is `/organization/{id}/branding/localizations/{locale}`.
 * Streams of both go through `.../branding/localizations/{locale}/{property}` (locale `0` for the default): the
 * OpenAPI's `/branding/{property}` form is refused by the service (graph-docs #12856, powershell #3198).
 * An operation's writes are a {@link WritePlan}: one JSON PATCH with exactly the text and complex properties that
 * change, and one PUT or DELETE per image that changes. Text and streams never share a request (Graph refuses it).
 */
import { isApiError, isNotFound, withContext, writeOutcome } from "../../core/errors/errors";
import type { ServiceClient } from "../../core/http/http";
import { BrandingListWire, BrandingWire, OrganizationListWire } from "./schema";
import type { ImageProperty, JsonProperty } from "./state";

/** The locale id of the default branding. */
export const DEFAULT_LOCALE = "0";

/** Media types a stream GET may answer with (OpenAPI), plus JSON for the `{}` of an unset image. */
const STREAM_ACCEPT = "image/bmp, image/jpg, image/jpeg, image/gif, image/vnd.microsoft.icon, image/png, image/tiff, text/css, application/json";

export interface LiveImage {
    readonly bytes: Buffer;
    readonly contentType: string;
}

export type BrandingPatch = Partial<Record<JsonProperty, unknown>>;

export type ImageWrite =
    { readonly kind: "put"; readonly bytes: Buffer; readonly contentType: string; readonly sha256: string } | { readonly kind: "delete" };

/** The writes of one operation, filled by the write stage (the program's values) and the restore stage (values given back). */
export interface WritePlan {
    readonly patch: BrandingPatch;
    readonly images: Partial<Record<ImageProperty, ImageWrite>>;
}

/** What has been written so far, so a failure half-way can report the truth. */
export interface Progress {
    patched: boolean;
    readonly images: Set<ImageProperty>;
}

export const emptyPlan = (): { patch: BrandingPatch; images: Partial<Record<ImageProperty, ImageWrite>> } => ({ patch: {}, images: {} });

export function isEmpty(plan: WritePlan): boolean {
    return Object.keys(plan.patch).length === 0 && Object.keys(plan.images).length === 0;
}

/** Applies a plan: the PATCH first (one request), then each image. Records progress for partial failures. */
export async function applyPlan(api: BrandingApi, plan: WritePlan, progress: Progress): Promise<void> {
    if (Object.keys(plan.patch).length > 0) {
        await api.patch(plan.patch);
    }
    progress.patched = true;
    for (const [p, write] of Object.entries(plan.images) as [ImageProperty, ImageWrite][]) {
        if (write.kind === "put") await api.putImage(p, write.bytes, write.contentType);
        else await api.deleteImage(p);
        progress.images.add(p);
    }
}

/** Finds the tenant's organization id (`GET /organization` lists exactly the caller's organization). */
export async function discoverOrganizationId(graph: ServiceClient): Promise<string> {
    const res = await graph.request<{ value: { id: string }[] }>({
        method: "GET",
        path: ["v1.0", "organization"],
        operation: "discover the organization id",
        schema: OrganizationListWire,
    });
    const id = res.data.value[0]?.id;
    if (!id) {
        const requestId = res.requestId ? ` (request-id ${res.requestId})` : "";
        throw new Error(`graph GET /v1.0/organization listed no organization${requestId}: set organizationId explicitly`);
    }
    return id;
}

/** The organization id each Graph client found, or is finding (a client is one session's: one tenant and endpoint). */
const discovered = new WeakMap<ServiceClient, Promise<string>>();

/**
 * The organization id of the tenant `graph` signs in to, asked of Graph once per session (so per tenant, endpoint and
 * credentials, for the life of the provider host; keyed by the shared client, whichever operation's view `graph` is):
 * the first create without `organizationId` sends `GET /organization` and every later one, concurrent ones included,
 * shares its answer. A failed discovery is dropped, so the next create asks again.
 */
export function organizationIdOf(graph: ServiceClient): Promise<string> {
    const key = graph.shared;
    let id = discovered.get(key);
    if (!id) {
        const finding = discoverOrganizationId(graph);
        discovered.set(key, finding);
        finding.catch(() => {
            if (discovered.get(key) === finding) discovered.delete(key);
        });
        id = finding;
    }
    return id;
}

/** The branding of one locale (`0` = the default) of one organization. */
export class BrandingApi {
    constructor(
        private readonly graph: ServiceClient,
        readonly organizationId: string,
        readonly locale: string,
    ) {}

    /** The same organization's branding of another locale. */
    forLocale(locale: string): BrandingApi {
        return new BrandingApi(this.graph, this.organizationId, locale);
    }

    get isDefault(): boolean {
        return this.locale === DEFAULT_LOCALE;
    }

    private base(): string[] {
        return ["v1.0", "organization", this.organizationId, "branding"];
    }

    private entity(): { path: string[]; headers: Record<string, string> } {
        return this.isDefault
            ? { path: this.base(), headers: { "Accept-Language": DEFAULT_LOCALE } }
            : { path: [...this.base(), "localizations", this.locale], headers: {} };
    }

    /** The branding's non-stream properties, or undefined when it does not exist (404). */
    async get(): Promise<BrandingWire | undefined> {
        const { path, headers } = this.entity();
        try {
            const res = await this.graph.request<BrandingWire | undefined>({
                method: "GET",
                path,
                headers,
                operation: "read branding",
                schema: BrandingWire,
            });
            return res.data ?? {};
        } catch (err) {
            if (isNotFound(err)) return undefined;
            throw explain(err, this);
        }
    }

    /** Every branding of the organization, the default (id `0`) first as Graph lists it; empty when it has none (404). */
    async list(): Promise<BrandingWire[]> {
        try {
            const res = await this.graph.request<{ value: BrandingWire[] }>({
                method: "GET",
                path: [...this.base(), "localizations"],
                operation: "list branding localizations",
                schema: BrandingListWire,
            });
            return res.data.value;
        } catch (err) {
            if (isNotFound(err)) return [];
            throw explain(err, this);
        }
    }

    /** One JSON PATCH of text and complex properties (never streams: the service refuses them mixed). */
    async patch(body: BrandingPatch): Promise<void> {
        if (Object.keys(body).length === 0) return;
        const { path, headers } = this.entity();
        await this.call({ method: "PATCH", path, headers, body, idempotent: true, operation: `update ${Object.keys(body).join(", ")}` });
    }

    async getImage(property: ImageProperty): Promise<LiveImage | null> {
        const res = await this.call({
            method: "GET",
            path: this.streamPath(property),
            headers: { Accept: STREAM_ACCEPT },
            responseType: "buffer",
            operation: `read ${property}`,
        });
        const bytes = res.data as Buffer;
        const contentType = (res.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
        // An unset image answers 200 with the JSON body {} (organizationalbranding-get, example 5).
        if (bytes.length === 0 || (contentType === "application/json" && bytes.toString("utf8").trim() === "{}")) return null;
        return { bytes, contentType };
    }

    async putImage(property: ImageProperty, bytes: Buffer, contentType: string): Promise<void> {
        await this.call({
            method: "PUT",
            path: this.streamPath(property),
            headers: { "Content-Type": contentType },
            body: bytes,
            operation: `upload ${property}`,
        });
    }

    async deleteImage(property: ImageProperty): Promise<void> {
        await this.call({ method: "DELETE", path: this.streamPath(property), okStatuses: [404], operation: `delete ${property}` });
    }

    /**
     * Creates this localization; Graph creates the default branding with it when the tenant has none. A POST is not
     * repeated blindly: when its outcome is unknown, the localization is looked up first (after one request timeout
     * when no answer came, since the POST may still be running). The locale is its key, so a second POST cannot
     * duplicate it, and a 409 to it means the first one landed.
     */
    async createLocalization(body: BrandingPatch): Promise<void> {
        const post = () =>
            this.call({
                method: "POST",
                path: [...this.base(), "localizations"],
                body: { ...body, id: this.locale },
                operation: `create localization ${this.locale}`,
            });
        try {
            await post();
        } catch (err) {
            const outcome = writeOutcome(err);
            if (outcome === "none") throw err;
            if (outcome === "pending") await this.graph.waitForLateRequest();
            if ((await this.get()) !== undefined) return;
            try {
                await post();
            } catch (again) {
                if (!isApiError(again) || again.status !== 409) throw again;
            }
        }
    }

    /** Deletes this localization, or the default branding (doc body `{"id":"0"}`); its images must be gone first. */
    async deleteBranding(): Promise<void> {
        if (this.isDefault) {
            await this.call({
                method: "DELETE",
                path: this.base(),
                body: { id: DEFAULT_LOCALE },
                okStatuses: [404],
                operation: "delete the default branding",
            });
        } else {
            await this.call({
                method: "DELETE",
                path: [...this.base(), "localizations", this.locale],
                okStatuses: [404],
                operation: `delete localization ${this.locale}`,
            });
        }
    }

    private streamPath(property: ImageProperty): string[] {
        return [...this.base(), "localizations", this.locale, property];
    }

    private async call(req: Parameters<ServiceClient["request"]>[0]) {
        try {
            return await this.graph.request<unknown>(req);
        } catch (err) {
            throw explain(err, this);
        }
    }
}

/** Next steps for the failures a branding user meets: the license, the permission, the organization id. */
function explain(err: unknown, api: BrandingApi): unknown {
    if (!isApiError(err)) return err;
    const message = `${err.serviceMessage ?? ""}`;
    if (err.status === 403 && /licen[cs]e|premium|P1|P2/i.test(message)) {
        return withContext(err, {
            nextStep: "custom branding needs a Microsoft Entra ID P1 or P2 (or Office 365) license in the tenant; assign one, then run again",
        });
    }
    if (err.status === 403) {
        return withContext(err, {
            nextStep:
                "grant the application OrganizationalBranding.ReadWrite.All (Organization.ReadWrite.All also works) with admin consent; a " +
                "delegated token also needs the Organizational Branding Administrator role. If permissions are right, the tenant may lack " +
                "the P1/P2 license custom branding needs",
        });
    }
    if (err.status === 404 && /organization/i.test(err.path) && !/branding/.test(err.path.split("/").slice(-2).join("/"))) {
        return withContext(err, {
            nextStep: `organization ${api.organizationId} was not found: check organizationId (it is the tenant id), or omit it`,
        });
    }
    return err;
}
