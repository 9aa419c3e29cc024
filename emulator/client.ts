/**
 * A typed client of the emulator's admin API (`/_admin/...`), for tests and the quickstart. It uses
 * Node's global fetch and imports only types from the emulator, so it is cheap to load anywhere.
 */
import type { ActiveFault, FaultRule } from "./faults";
import type { RequestFilter, RequestLogEntry } from "./log";
import type { Seed, TemporaryAccessPass, User } from "./state";
import type { ThrottleConfig } from "./throttle";
import type { MintedToken, MintUserTokenRequest } from "./user-tokens";

export type { ActiveFault, FaultRule, MintedToken, MintUserTokenRequest, RequestFilter, RequestLogEntry, Seed, ThrottleConfig };

/** The admin API answered with an error status. */
export class EmulatorAdminError extends Error {
    override readonly name = "EmulatorAdminError";
    constructor(readonly status: number, readonly body: string, what: string) {
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
    seed(seed: Seed): Promise<Seed> {
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
