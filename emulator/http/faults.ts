/**
 * Fault injection: rules set through the admin API that make the next matching request(s) fail in a
 * chosen way, so clients can be tested against 429s with Retry-After, 5xx, slow answers, reset
 * connections, malformed or cut bodies and HTML sign-in pages; after the service acted, too (`served` rules, and
 * `hold`, which keeps the answer back so a test can kill the client while it waits, as a crash would); at random,
 * with a `probability` per rule, for soak tests.
 */
import { isServiceName, type ServiceName } from "./services";

/** The kinds of fault; see {@link FaultRule}. */
export const FAULT_KINDS = ["status", "delay", "reset", "malformed", "truncated", "html", "hold"] as const;
/** One of {@link FAULT_KINDS}. */
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Which requests a rule applies to; absent fields match anything. */
export interface FaultMatch {
    service?: ServiceName;
    /** HTTP method, case-insensitive. */
    method?: string;
    /** A regular expression (source) tested against the path without the service prefix and query. */
    path?: string;
}

/**
 * A fault rule.
 * - `status`: answer `status` with the service's error body (or `body` verbatim), `headers` and `retryAfter`;
 * - `delay`: wait `delayMs`, then serve normally;
 * - `reset`: destroy the connection without a response;
 * - `malformed`: 200 with a body that is not valid JSON;
 * - `truncated`: a Content-Length larger than the body, then the connection ends;
 * - `html`: 200 (or `status`, e.g. 203) with an HTML sign-in page, as Azure DevOps does for bad credentials;
 * - `hold`: serve the request normally (its changes are made and visible to the admin API at once), then wait
 *   `delayMs` (default 1000, through the emulator's sleep) before writing the response. The log entry keeps
 *   status 0 while the response is held. Unlike `delay`, the service has acted while the client still waits:
 *   a test kills the client in that window to simulate a crash after the service accepted a write.
 */
export interface FaultRule {
    match: FaultMatch;
    kind: FaultKind;
    status?: number;
    headers?: Record<string, string>;
    /** Sent verbatim as Retry-After: "2", "2.128" or an HTTP-date. */
    retryAfter?: string;
    body?: unknown;
    delayMs?: number;
    /** How many requests the rule answers; default 1, 0 = every matching request. */
    times?: number;
    /**
     * The chance (0 to 1, default 1) that the rule answers a matching request; when it does not, the next matching
     * rule draws. Draws come from the emulator's `random` option, so a seeded source gives a repeatable sequence.
     */
    probability?: number;
    /**
     * `status`, `reset`, `malformed`, `truncated` and `html` only: serve the request first (its changes are made),
     * then answer with the fault instead of the real response, as a gateway that fails after the service acted.
     */
    served?: boolean;
}

/** A rule as stored, with what is left of it. */
export interface ActiveFault extends FaultRule {
    /** Requests it still answers; null = unlimited. */
    remaining: number | null;
    /** Requests it answered so far. */
    hits: number;
}

/** Thrown for an invalid rule; the admin API answers 400 with the problems. */
export class FaultRuleError extends Error {
    override readonly name = "FaultRuleError";
}

/** Validates one rule or an array of rules from an admin request body. */
export function parseFaultRules(value: unknown): FaultRule[] {
    const items = Array.isArray(value) ? value : [value];
    const problems: string[] = [];
    const rules = items.map((item, i) => checkRule(item, Array.isArray(value) ? `[${i}]` : "$", problems));
    if (problems.length > 0) throw new FaultRuleError(`invalid fault rule:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    return rules;
}

const RULE_KEYS = new Set(["match", "kind", "status", "headers", "retryAfter", "body", "delayMs", "times", "probability", "served"]);

function isRecord(v: unknown): v is Record<string, unknown> {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Checks one rule; unknown keys are refused so a typo (`retry_after`) does not silently do nothing. */
function checkRule(v: unknown, at: string, problems: string[]): FaultRule {
    if (!isRecord(v)) {
        problems.push(`${at}: must be an object`);
        return { match: {}, kind: "status" };
    }
    for (const key of Object.keys(v)) if (!RULE_KEYS.has(key)) problems.push(`${at}.${key}: unknown property`);
    const match = v.match === undefined ? {} : v.match;
    if (!isRecord(match)) problems.push(`${at}.match: must be an object`);
    const m = isRecord(match) ? match : {};
    if (m.service !== undefined && !isServiceName(m.service)) problems.push(`${at}.match.service: must be login, graph, powerbi or devops`);
    if (m.method !== undefined && typeof m.method !== "string") problems.push(`${at}.match.method: must be a string`);
    if (m.path !== undefined) {
        try {
            if (typeof m.path !== "string") throw new Error("must be a string");
            new RegExp(m.path);
        } catch (err) {
            problems.push(`${at}.match.path: not a regular expression: ${(err as Error).message}`);
        }
    }
    if (!(FAULT_KINDS as readonly unknown[]).includes(v.kind)) problems.push(`${at}.kind: must be one of ${FAULT_KINDS.join(", ")}`);
    const ranges: Array<[string, number, number]> = [
        ["status", 100, 599],
        ["delayMs", 0, 600_000],
        ["times", 0, 1_000_000],
    ];
    for (const [key, min, max] of ranges) {
        const n = v[key];
        if (n !== undefined && !(typeof n === "number" && Number.isInteger(n) && n >= min && n <= max)) {
            problems.push(`${at}.${key}: must be an integer from ${min} to ${max}`);
        }
    }
    if (v.probability !== undefined && !(typeof v.probability === "number" && v.probability >= 0 && v.probability <= 1)) {
        problems.push(`${at}.probability: must be a number from 0 to 1`);
    }
    if (v.served !== undefined && typeof v.served !== "boolean") problems.push(`${at}.served: must be a boolean`);
    if (v.served === true && (v.kind === "delay" || v.kind === "hold"))
        problems.push(`${at}.served: ${String(v.kind)} faults always serve the request`);
    if (v.retryAfter !== undefined && typeof v.retryAfter !== "string") problems.push(`${at}.retryAfter: must be a string`);
    if (v.headers !== undefined && !(isRecord(v.headers) && Object.values(v.headers).every((h) => typeof h === "string"))) {
        problems.push(`${at}.headers: must be an object of strings`);
    }
    // Only returned when `problems` stayed empty, i.e. every field has the type FaultRule declares.
    return { ...v, match: m } as unknown as FaultRule;
}

/** The active rules, consumed in the order they were added. */
export class FaultStore {
    private rules: ActiveFault[] = [];

    /** `random` draws for rules with a probability; [0, 1). */
    constructor(private readonly random: () => number = Math.random) {}

    /** Appends rules. */
    add(rules: readonly FaultRule[]): void {
        for (const rule of rules) {
            const times = rule.times ?? 1;
            this.rules.push({ ...rule, remaining: times === 0 ? null : times, hits: 0 });
        }
    }

    /** Removes every rule. */
    clear(): void {
        this.rules = [];
    }

    /** The rules still active, as copies. */
    list(): ActiveFault[] {
        return this.rules.map((r) => structuredClone(r));
    }

    /** The first active rule matching the request (and winning its draw), counted as used; spent rules are dropped. */
    take(service: ServiceName | undefined, method: string, subPath: string): FaultRule | undefined {
        const index = this.rules.findIndex(
            (r) => matches(r.match, service, method, subPath) && (r.probability === undefined || this.random() < r.probability),
        );
        if (index < 0) return undefined;
        const rule = this.rules[index];
        rule.hits += 1;
        if (rule.remaining !== null) {
            rule.remaining -= 1;
            if (rule.remaining <= 0) this.rules.splice(index, 1);
        }
        return rule;
    }
}

function matches(match: FaultMatch, service: ServiceName | undefined, method: string, subPath: string): boolean {
    if (match.service !== undefined && match.service !== service) return false;
    if (match.method !== undefined && match.method.toUpperCase() !== method.toUpperCase()) return false;
    return match.path === undefined || new RegExp(match.path).test(subPath);
}
