/**
 * The Azure DevOps rate limit, switched on by the admin API (azure-devops-docs integrate/concepts/rate-limits.md):
 * in "delay" mode requests still answer 200 with `X-RateLimit-Delay` and the other X-RateLimit-* headers,
 * in "block" mode they answer 429 with `Retry-After` and TF400733. The emulator does not really slow the
 * delayed requests down: the headers are what a client can react to, and tests must not wait.
 */
import { BLOCKED_MESSAGE, DevOpsFailure, RATE_LIMIT_RESOURCE } from "./errors";

/** The settings of `POST /_admin/devops/ratelimit`. */
export interface DevOpsRateLimitConfig {
    /** null: off. */
    mode: "delay" | "block" | null;
    /** `X-RateLimit-Delay` in delay mode (seconds, decimals); default 0.5. */
    delaySeconds?: number;
    /** `Retry-After` (seconds) in block mode, also how far `X-RateLimit-Reset` lies ahead; default 30. */
    retryAfter?: number;
}

/** The global consumption limit the docs give: 200 TSTUs per sliding five minutes. */
const LIMIT_TSTUS = 200;

/** Validates an admin body; throws a TypeError with the reason. */
export function parseRateLimit(value: unknown): DevOpsRateLimitConfig {
    if (value === null) return { mode: null };
    if (typeof value !== "object" || Array.isArray(value)) throw new TypeError("the body must be {mode, delaySeconds?, retryAfter?}");
    const v = value as Record<string, unknown>;
    if (v.mode !== null && v.mode !== "delay" && v.mode !== "block") throw new TypeError('mode must be "delay", "block" or null');
    const config: DevOpsRateLimitConfig = { mode: v.mode };
    if (v.delaySeconds !== undefined) {
        if (typeof v.delaySeconds !== "number" || !(v.delaySeconds >= 0)) throw new TypeError("delaySeconds must be a number >= 0");
        config.delaySeconds = v.delaySeconds;
    }
    if (v.retryAfter !== undefined) {
        if (typeof v.retryAfter !== "number" || !Number.isInteger(v.retryAfter) || v.retryAfter < 0) {
            throw new TypeError("retryAfter must be an integer >= 0");
        }
        config.retryAfter = v.retryAfter;
    }
    return config;
}

/** The current setting, shared by the devops service and the admin API of one emulator. */
export class DevOpsRateLimit {
    private config: DevOpsRateLimitConfig = { mode: null };

    /** Replaces the setting. */
    set(config: DevOpsRateLimitConfig): void {
        this.config = config;
    }

    /** The current setting. */
    get(): DevOpsRateLimitConfig {
        return { ...this.config };
    }

    /**
     * The headers to add to a successful answer (empty when off); throws the 429 in block mode. Run after
     * authentication: the service counts usage per identity.
     */
    apply(now: Date): Record<string, string> {
        const { mode } = this.config;
        if (mode === null) return {};
        const retryAfter = this.config.retryAfter ?? 30;
        const headers: Record<string, string> = {
            "x-ratelimit-resource": RATE_LIMIT_RESOURCE,
            "x-ratelimit-limit": String(LIMIT_TSTUS),
            "x-ratelimit-remaining": "0",
            "x-ratelimit-reset": String(Math.floor(now.getTime() / 1000) + retryAfter),
        };
        if (mode === "block")
            throw new DevOpsFailure(429, "RequestBlockedException", BLOCKED_MESSAGE, { ...headers, "retry-after": String(retryAfter) });
        return { ...headers, "x-ratelimit-delay": (this.config.delaySeconds ?? 0.5).toFixed(3) };
    }
}
