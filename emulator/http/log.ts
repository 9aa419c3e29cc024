/**
 * The request log: every request to an emulated service (admin calls excluded), so tests can assert the
 * exact sequence of calls and that nothing unexpected was called. Headers are kept as sent, Authorization
 * included: this is a local test double and tests need to see which token was used.
 */
import { createHash } from "node:crypto";
import type { FaultKind } from "./faults";
import type { ServiceName } from "./services";

/** One logged request. */
export interface RequestLogEntry {
    /** 1, 2, 3... in arrival order; never reused, even after a clear. */
    seq: number;
    /** Arrival time on the emulator clock (ISO 8601). */
    time: string;
    method: string;
    /** The path as sent (percent-encoding kept), without the query. */
    path: string;
    query: Record<string, string>;
    /** Lower-case names; repeated headers joined with ", ". */
    headers: Record<string, string>;
    /** The body when it is UTF-8 text (empty string for no body)... */
    bodyText?: string;
    /** ...else the hex SHA-256 of its bytes (images). */
    bodySha256?: string;
    /** The status sent; 0 while the request is pending, or when the connection was reset. */
    status: number;
    /** The service whose prefix matched, or "unknown". */
    service: ServiceName | "unknown";
    /** The injected fault that answered, "throttle", or "lostResponse" (admin `lose-next-post-response`). */
    fault?: FaultKind | "throttle" | "lostResponse";
    /** True when the fault answered after the request was served (`served` rules): the service acted. */
    served?: boolean;
}

/** Criteria for {@link RequestLog.list}; all optional, combined with AND. */
export interface RequestFilter {
    service?: string;
    /** Case-insensitive. */
    method?: string;
    /** A regular expression (source) tested against the path. */
    path?: string;
    /** Only entries with `seq` greater than this. */
    since?: number;
}

/** Oldest entries are dropped past this, so a long-running emulator does not grow without bound. */
const MAX_ENTRIES = 10_000;

/** The in-memory request log. */
export class RequestLog {
    private seq = 0;
    private entries: RequestLogEntry[] = [];

    /** Appends an entry and returns it, so the dispatcher can fill in the status once it is known. */
    record(init: Omit<RequestLogEntry, "seq" | "bodyText" | "bodySha256" | "status">, body: Buffer): RequestLogEntry {
        const entry: RequestLogEntry = { seq: ++this.seq, ...init, ...describeBody(body), status: 0 };
        this.entries.push(entry);
        if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
        return entry;
    }

    /** Matching entries, oldest first, as copies. */
    list(filter: RequestFilter = {}): RequestLogEntry[] {
        const path = filter.path === undefined ? undefined : new RegExp(filter.path);
        return this.entries
            .filter((e) => filter.service === undefined || e.service === filter.service)
            .filter((e) => filter.method === undefined || e.method.toUpperCase() === filter.method.toUpperCase())
            .filter((e) => path === undefined || path.test(e.path))
            .filter((e) => filter.since === undefined || e.seq > filter.since)
            .map((e) => structuredClone(e));
    }

    /** Forgets every entry (sequence numbers keep counting). */
    clear(): void {
        this.entries = [];
    }
}

/** Reads a filter from `GET /_admin/requests?service=&method=&path=&since=`; throws on a bad regex or number. */
export function filterFromQuery(query: URLSearchParams): RequestFilter {
    const filter: RequestFilter = {};
    const service = query.get("service");
    const method = query.get("method");
    const path = query.get("path");
    const since = query.get("since");
    if (service !== null) filter.service = service;
    if (method !== null) filter.method = method;
    if (path !== null) {
        new RegExp(path); // throws SyntaxError with the reason
        filter.path = path;
    }
    if (since !== null) {
        if (!/^\d+$/.test(since)) throw new SyntaxError(`since must be a sequence number, got "${since}"`);
        filter.since = Number(since);
    }
    return filter;
}

function describeBody(body: Buffer): { bodyText: string } | { bodySha256: string } {
    try {
        const text = new TextDecoder("utf-8", { fatal: true }).decode(body);
        if (!text.includes("\u0000")) return { bodyText: text };
    } catch {
        // not UTF-8: fall through to the hash
    }
    return { bodySha256: createHash("sha256").update(body).digest("hex") };
}
