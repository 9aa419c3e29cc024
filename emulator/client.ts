/**
 * A typed client of the emulator's admin API (`/_admin/...`), for tests and the quickstart. It uses
 * Node's global fetch and imports only types from the emulator, so it is cheap to load anywhere.
 */
import type { AdminBranding, AdminBrandingEntry, AdminStreamInfo, BrandingUpdate } from "./branding/admin";
import type { BrandingStream } from "./store/branding/model";
import type { AdminDevOps, AdminDevOpsOrganization, NewDevOpsPush } from "./devops/admin";
import type { StoredPush } from "./store/devops/model";
import type { DevOpsRateLimitConfig } from "./devops/ratelimit";
import type { ActiveFault, FaultRule } from "./http/faults";
import type { RequestFilter, RequestLogEntry } from "./http/log";
import type { NewWorkspace, PowerBiTableUpdate } from "./powerbi/admin";
import type { PowerBiData, StoredDataset, StoredTable, Workspace } from "./store/powerbi/model";
import type { Seed, SeedInput, TemporaryAccessPass, User } from "./store/state";
import type { ThrottleConfig } from "./http/throttle";
import type { MintedToken, MintUserTokenRequest } from "./user-tokens";

export type { ActiveFault, FaultRule, MintedToken, MintUserTokenRequest, RequestFilter, RequestLogEntry, Seed, SeedInput, ThrottleConfig };
export type { AdminBranding, AdminBrandingEntry, AdminStreamInfo, BrandingStream, BrandingUpdate };
export type { NewWorkspace, PowerBiData, PowerBiTableUpdate, StoredDataset, StoredTable, Workspace };
export type { AdminDevOps, AdminDevOpsOrganization, DevOpsRateLimitConfig, NewDevOpsPush, StoredPush };

/** A stream's bytes and media type, as stored. */
export interface BrandingStreamContent {
    bytes: Buffer;
    contentType: string;
}

/** The admin API answered with an error status. */
export class EmulatorAdminError extends Error {
    override readonly name = "EmulatorAdminError";
    constructor(
        readonly status: number,
        readonly body: string,
        what: string,
    ) {
        super(`emulator admin ${what} failed with ${status}: ${body}`);
    }
}

/** A user to add out of band; the id is generated when absent, displayName defaults to the UPN. */
export type NewUser = Pick<User, "userPrincipalName"> & Partial<User>;

/** Client of one emulator's admin API. */
export class EmulatorAdmin {
    private constructor(readonly url: string) {}

    /** A client for the emulator at `url` (`http://127.0.0.1:PORT`). */
    static connect(url: string): EmulatorAdmin {
        return new EmulatorAdmin(url.replace(/\/+$/, ""));
    }

    /** Replaces the directory with `seed`; returns the new state. */
    seed(seed: SeedInput): Promise<Seed> {
        return this.call("POST", "/seed", seed);
    }

    /** The current directory (tenants, apps, users, passes). */
    state(): Promise<Seed> {
        return this.call("GET", "/state");
    }

    /** Logged requests, oldest first, optionally filtered. */
    requests(filter: RequestFilter = {}): Promise<RequestLogEntry[]> {
        const query = new URLSearchParams();
        for (const [key, value] of Object.entries(filter)) if (value !== undefined) query.set(key, String(value));
        const qs = query.toString();
        return this.call("GET", `/requests${qs === "" ? "" : `?${qs}`}`);
    }

    /** Empties the request log. */
    async clearRequests(): Promise<void> {
        await this.call("DELETE", "/requests");
    }

    /** Appends fault rules; returns the active rules. */
    setFaults(rules: FaultRule | FaultRule[]): Promise<ActiveFault[]> {
        return this.call("POST", "/faults", rules);
    }

    /** The active fault rules with their remaining counts. */
    faults(): Promise<ActiveFault[]> {
        return this.call("GET", "/faults");
    }

    /** Removes every fault rule. */
    async clearFaults(): Promise<void> {
        await this.call("DELETE", "/faults");
    }

    /** Sets the per-client throttle, or turns it off with null. */
    throttle(config: ThrottleConfig | null): Promise<ThrottleConfig | null> {
        return this.call("POST", "/throttle", config);
    }

    /** Mints a delegated (user) token. */
    mintUserToken(request: MintUserTokenRequest): Promise<MintedToken> {
        return this.call("POST", "/tokens", request);
    }

    /** The CA certificate (PEM) of the HTTPS side. */
    async caPem(): Promise<string> {
        const res = await fetch(`${this.url}/_admin/ca.pem`);
        const text = await res.text();
        if (!res.ok) throw new EmulatorAdminError(res.status, text, "GET /ca.pem");
        return text;
    }

    /** Adds a user to a tenant (id or domain). */
    addUser(tenant: string, user: NewUser): Promise<User> {
        return this.call("POST", `/tenants/${enc(tenant)}/users`, user);
    }

    /** Sets a user's pass (absent fields: new id, now, 60 minutes, reusable). */
    setTemporaryAccessPass(tenant: string, user: string, tap: Partial<TemporaryAccessPass> = {}): Promise<TemporaryAccessPass> {
        return this.call("PUT", `/tenants/${enc(tenant)}/users/${enc(user)}/temporaryAccessPass`, tap);
    }

    /** Removes a user's pass. */
    async deleteTemporaryAccessPass(tenant: string, user: string): Promise<void> {
        await this.call("DELETE", `/tenants/${enc(tenant)}/users/${enc(user)}/temporaryAccessPass`);
    }

    /** A tenant's branding (streams by hash and size), or null when it has no default branding. */
    branding(tenant: string): Promise<AdminBranding | null> {
        return this.call("GET", `/tenants/${enc(tenant)}/branding`);
    }

    /** The stored bytes of a stream (`locale` `0` for the default branding), or null when it is not set. */
    async brandingStream(tenant: string, locale: string, stream: BrandingStream): Promise<BrandingStreamContent | null> {
        const path = `/tenants/${enc(tenant)}/branding/${enc(locale)}/${stream}`;
        const res = await fetch(`${this.url}/_admin${path}`);
        const bytes = Buffer.from(await res.arrayBuffer());
        if (res.status === 204) return null;
        if (!res.ok) throw new EmulatorAdminError(res.status, bytes.toString("utf8"), `GET ${path}`);
        return { bytes, contentType: res.headers.get("content-type") ?? "" };
    }

    /**
     * Changes properties of the default branding (`locale` `0`) or a localization out of band, with Graph's
     * PATCH semantics; `create` adds the default branding and the localization when missing.
     */
    updateBranding(tenant: string, locale: string, update: BrandingUpdate, opts: { create?: boolean } = {}): Promise<AdminBranding> {
        const qs = opts.create === true ? "?create=true" : "";
        return this.call("PATCH", `/tenants/${enc(tenant)}/branding/${enc(locale)}${qs}`, update);
    }

    /** Uploads a stream out of band (media type and size checked as the admin center does); returns it by hash. */
    async putBrandingStream(
        tenant: string,
        locale: string,
        stream: BrandingStream,
        bytes: Uint8Array,
        contentType: string,
    ): Promise<AdminStreamInfo> {
        const path = `/tenants/${enc(tenant)}/branding/${enc(locale)}/${stream}`;
        const res = await fetch(`${this.url}/_admin${path}`, { method: "PUT", headers: { "content-type": contentType }, body: bytes });
        const text = await res.text();
        if (!res.ok) throw new EmulatorAdminError(res.status, text, `PUT ${path}`);
        return JSON.parse(text) as AdminStreamInfo;
    }

    /** Unsets a stream (idempotent). */
    async deleteBrandingStream(tenant: string, locale: string, stream: BrandingStream): Promise<void> {
        await this.call("DELETE", `/tenants/${enc(tenant)}/branding/${enc(locale)}/${stream}`);
    }

    /** Removes a localization, images included (the portal's way; Graph refuses while images remain). */
    async deleteBrandingLocalization(tenant: string, locale: string): Promise<void> {
        await this.call("DELETE", `/tenants/${enc(tenant)}/branding/${enc(locale)}`);
    }

    /** Removes the whole branding, localizations and images included. */
    async deleteBranding(tenant: string): Promise<void> {
        await this.call("DELETE", `/tenants/${enc(tenant)}/branding`);
    }

    /** Grants or withdraws the tenant's custom branding license (writes answer 403 without it). */
    async setPremium(tenant: string, premium: boolean): Promise<void> {
        await this.call("PUT", `/tenants/${enc(tenant)}/premium`, { premium });
    }

    /** A tenant's Power BI content: workspaces with members, datasets with their tables and row counts. */
    powerBi(tenant: string): Promise<PowerBiData> {
        return this.call("GET", `/tenants/${enc(tenant)}/powerbi`);
    }

    /** Adds a Power BI workspace (id generated when absent, no members by default); 409 if the id exists. */
    addPowerBiWorkspace(tenant: string, workspace: NewWorkspace): Promise<Workspace> {
        return this.call("POST", `/tenants/${enc(tenant)}/powerbi/workspaces`, workspace);
    }

    /** Deletes a dataset out of band (in any workspace); 404 if there is none with that id. */
    async deletePowerBiDataset(tenant: string, datasetId: string): Promise<void> {
        await this.call("DELETE", `/tenants/${enc(tenant)}/powerbi/datasets/${enc(datasetId)}`);
    }

    /** Changes a table's schema out of band (drift); absent members keep their value; validated as PutTable. */
    updatePowerBiTable(tenant: string, datasetId: string, table: string, update: PowerBiTableUpdate): Promise<StoredTable> {
        return this.call("PATCH", `/tenants/${enc(tenant)}/powerbi/datasets/${enc(datasetId)}/tables/${enc(table)}`, update);
    }

    /** Makes the next PostDataset of the tenant answer `status` (201 is the default). */
    async setNextPowerBiPostStatus(tenant: string, status: 201 | 202): Promise<void> {
        await this.call("POST", `/tenants/${enc(tenant)}/powerbi/next-post-status`, { status });
    }

    /** Makes the next PostDataset of the tenant store the dataset, then destroy the connection unanswered. */
    async loseNextPowerBiPostResponse(tenant: string): Promise<void> {
        await this.call("POST", `/tenants/${enc(tenant)}/powerbi/lose-next-post-response`);
    }

    /** Azure DevOps organizations (tenant, projects, repositories, pushes) and the rate limit setting. */
    devOps(): Promise<AdminDevOps> {
        return this.call("GET", "/devops");
    }

    /** Adds a push out of band (pushId: highest + 1, date: now when absent); 404 unknown place, 409 taken id. */
    addDevOpsPush(organization: string, push: NewDevOpsPush): Promise<StoredPush> {
        return this.call("POST", `/devops/${enc(organization)}/pushes`, push);
    }

    /** Sets the Azure DevOps rate limit: `delay` (200 with X-RateLimit-*), `block` (429 TF400733), null: off. */
    setDevOpsRateLimit(config: DevOpsRateLimitConfig): Promise<DevOpsRateLimitConfig> {
        return this.call("POST", "/devops/ratelimit", config);
    }

    /** `body` is a rest parameter so that `null` (turn the throttle off) is sent, and absence is not. */
    private async call<T>(method: string, path: string, ...body: [] | [unknown]): Promise<T> {
        const init: RequestInit = { method };
        if (body.length === 1) {
            init.body = JSON.stringify(body[0]);
            init.headers = { "content-type": "application/json" };
        }
        const res = await fetch(`${this.url}/_admin${path}`, init);
        const text = await res.text();
        if (!res.ok) throw new EmulatorAdminError(res.status, text, `${method} ${path}`);
        // The admin API is ours and answers the documented shapes; a parse failure here is a bug worth a throw.
        return (text === "" ? undefined : JSON.parse(text)) as T;
    }
}

function enc(segment: string): string {
    return encodeURIComponent(segment);
}
