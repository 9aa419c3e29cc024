/**
 * What a service module is. Each emulated service (the Entra token endpoint, Graph, later Power BI and
 * Azure DevOps) owns a path prefix, a router for the paths below it, and its own error body shape, which
 * the dispatcher also uses for unknown routes, injected `status` faults and throttling.
 */
import type { Reply, RequestContext } from "./http";
import type { Router } from "./router";

/** The emulated services, each under `/{name}` (see DESIGN.md, "Emulator"). */
export const SERVICE_NAMES = ["login", "graph", "powerbi", "devops"] as const;
/** One of {@link SERVICE_NAMES}. */
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** An error to render in a service's own shape. */
export interface ErrorSpec {
    readonly status: number;
    /** The service's error code; a default per status is used when absent. */
    readonly code?: string;
    readonly message?: string;
    readonly headers?: Readonly<Record<string, string>>;
}

/** One emulated service. */
export interface ServiceModule {
    readonly name: ServiceName;
    /** `/graph`, `/login`, ...: requests whose path starts with it belong to this service. */
    readonly prefix: string;
    /** Routes relative to {@link prefix}. */
    readonly router: Router;
    /** Media type of this service's JSON bodies (used for injected bodies too). */
    readonly jsonContentType: string;
    /** Renders an error the way this service does (Graph `{error:{code,message,innerError}}`, ...). */
    errorReply(ctx: RequestContext, spec: ErrorSpec): Reply;
    /** Headers this service puts on every response, errors and faults included (Graph's request ids). */
    commonHeaders(ctx: RequestContext): Record<string, string>;
}

/** True if `value` names a service. */
export function isServiceName(value: unknown): value is ServiceName {
    return typeof value === "string" && (SERVICE_NAMES as readonly string[]).includes(value);
}

/** The module whose prefix the raw path starts with. */
export function serviceForPath(services: readonly ServiceModule[], rawPath: string): ServiceModule | undefined {
    const lower = rawPath.toLowerCase();
    return services.find((s) => lower === s.prefix || lower.startsWith(`${s.prefix}/`));
}

/** The standard reason phrase, for messages of generic errors. */
export function reasonPhrase(status: number): string {
    return REASONS[status] ?? `HTTP ${status}`;
}

const REASONS: Record<number, string> = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    408: "Request Timeout",
    409: "Conflict",
    412: "Precondition Failed",
    429: "Too Many Requests",
    500: "Internal Server Error",
    501: "Not Implemented",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
};
