/**
 * A throttle of N requests per second per client, for testing clients against sustained 429s. A client
 * is the token's caller (`oid` of a user token, else `appid`), or the remote address when there is no
 * token, which is how the real services count too (per app, per user; Graph throttling docs).
 */
import { bearerToken } from "./auth";
import type { RequestContext } from "./http";
import { isServiceName, type ServiceName } from "./services";
import { decodeClaims } from "../base/tokens";

/** The throttle's settings. */
export interface ThrottleConfig {
    /** Requests allowed per client per wall-clock second (of the emulator clock). */
    perSecond: number;
    /** Sent verbatim as Retry-After; default "1". */
    retryAfter?: string;
    /** Only this service; default every service. */
    service?: ServiceName;
}

/** Validates `POST /_admin/throttle` bodies; `null` turns the throttle off. Throws with the reason. */
export function parseThrottle(value: unknown): ThrottleConfig | null {
    if (value === null) return null;
    if (typeof value !== "object" || Array.isArray(value)) throw new TypeError("throttle must be an object or null");
    const v = value as Record<string, unknown>;
    if (typeof v.perSecond !== "number" || !Number.isInteger(v.perSecond) || v.perSecond < 0) {
        throw new TypeError("throttle.perSecond must be an integer >= 0");
    }
    if (v.retryAfter !== undefined && typeof v.retryAfter !== "string") throw new TypeError("throttle.retryAfter must be a string");
    if (v.service !== undefined && !isServiceName(v.service)) throw new TypeError("throttle.service must be login, graph, powerbi or devops");
    const config: ThrottleConfig = { perSecond: v.perSecond };
    if (v.retryAfter !== undefined) config.retryAfter = v.retryAfter;
    if (v.service !== undefined) config.service = v.service;
    return config;
}

/** Counts requests per client in one-second windows. */
export class Throttle {
    private config: ThrottleConfig | null = null;
    private readonly windows = new Map<string, { second: number; count: number }>();

    /** Replaces the settings (null = off) and forgets past counts. */
    set(config: ThrottleConfig | null): void {
        this.config = config;
        this.windows.clear();
    }

    /** The current settings. */
    get(): ThrottleConfig | null {
        return this.config;
    }

    /** Counts the request; returns the Retry-After to send when it is over the limit, else undefined. */
    check(service: ServiceName | undefined, ctx: RequestContext): string | undefined {
        const config = this.config;
        if (config === null || (config.service !== undefined && config.service !== service)) return undefined;
        const key = callerKey(ctx);
        const second = Math.floor(ctx.now.getTime() / 1000);
        const window = this.windows.get(key);
        if (window === undefined || window.second !== second) {
            this.windows.set(key, { second, count: 1 });
            return config.perSecond >= 1 ? undefined : (config.retryAfter ?? "1");
        }
        window.count += 1;
        return window.count <= config.perSecond ? undefined : (config.retryAfter ?? "1");
    }
}

/** The client a request counts against. */
export function callerKey(ctx: RequestContext): string {
    const token = bearerToken(ctx);
    const claims = token === undefined ? undefined : decodeClaims(token);
    if (claims !== undefined) return claims.idtyp === "user" && claims.oid !== undefined ? `user:${claims.oid}` : `app:${claims.appid}`;
    return `addr:${ctx.remoteAddress}`;
}
