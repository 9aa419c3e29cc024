/**
 * The fault matrix of issue 8 as data: every request an operation of a resource or lookup makes, against every fault
 * the emulator can inject, with the outcome each cell promises. `fault-matrix.spec.ts` runs every cell against the
 * emulator through the real provider host, and proves that `docs/fault-matrix.md` is what {@link renderFaultMatrix}
 * makes of this data. After changing the data: `npx ts-node --transpile-only test/reliability/fault-matrix.ts`.
 *
 * How an outcome is decided: a read, a PUT, a DELETE and the branding PATCH (a merge of fixed values) may be repeated,
 * so the client retries them (Retry-After for 429, backoff otherwise, one new token for a sign-in page). A POST is not
 * repeated blindly: only after a 429 or a sign-in page (the service did not act), else after looking for what it may
 * have made (a dataset by name in its workspace, a localization by its locale). A write that got no answer in time
 * (timeout, 504) may still be running: the look waits one request timeout first; a dataset is then never posted a
 * second time, since names do not make datasets unique, so that create fails saying what to check before the next up,
 * which refuses to make a second dataset of the name if the first one landed, and creates it if not.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { FaultRule } from "../../emulator/http/faults";

/** The request timeout the matrix runs with (tenantkit:requestTimeoutSeconds), and the delay of a slow answer. */
export const TIMEOUT_SECONDS = 1;
export const SLOW_MS = 1500;

/** The faults: columns of the matrix. `rule` is the emulator's rule without its `match`. */
export const FAULTS = [
    {
        id: "429-seconds",
        column: "429 (1)",
        title: "429 Retry-After: 1",
        rule: (): FaultRuleBody => ({ kind: "status", status: 429, retryAfter: "1" }),
    },
    {
        id: "429-decimal",
        column: "429 (0.2)",
        title: "429 Retry-After: 0.2",
        rule: (): FaultRuleBody => ({ kind: "status", status: 429, retryAfter: "0.2" }),
    },
    {
        id: "429-date",
        column: "429 (date)",
        title: "429 Retry-After: an HTTP-date 1 s ahead",
        // An HTTP-date has whole seconds, so the wait is up to 1 s.
        rule: (nowMs: number): FaultRuleBody => ({ kind: "status", status: 429, retryAfter: new Date(nowMs + 1000).toUTCString() }),
    },
    { id: "500", column: "500", title: "500 Internal Server Error", rule: (): FaultRuleBody => ({ kind: "status", status: 500 }) },
    { id: "502", column: "502", title: "502 Bad Gateway", rule: (): FaultRuleBody => ({ kind: "status", status: 502 }) },
    { id: "503", column: "503", title: "503 Service Unavailable", rule: (): FaultRuleBody => ({ kind: "status", status: 503 }) },
    { id: "504", column: "504", title: "504 Gateway Timeout", rule: (): FaultRuleBody => ({ kind: "status", status: 504 }) },
    { id: "reset", column: "reset", title: "connection reset", rule: (): FaultRuleBody => ({ kind: "reset" }) },
    {
        id: "slow",
        column: "slow",
        title: `served ${SLOW_MS / 1000} s late, after the ${TIMEOUT_SECONDS} s timeout`,
        rule: (): FaultRuleBody => ({ kind: "delay", delayMs: SLOW_MS }),
    },
    { id: "malformed", column: "bad JSON", title: "malformed JSON (200)", rule: (): FaultRuleBody => ({ kind: "malformed" }) },
    {
        id: "truncated",
        column: "cut body",
        title: "truncated body (200, Content-Length not reached)",
        rule: (): FaultRuleBody => ({ kind: "truncated" }),
    },
    { id: "html-200", column: "HTML 200", title: "HTML page with 200", rule: (): FaultRuleBody => ({ kind: "html", status: 200 }) },
    { id: "html-203", column: "HTML 203", title: "HTML page with 203", rule: (): FaultRuleBody => ({ kind: "html", status: 203 }) },
] as const;

export type FaultRuleBody = Omit<FaultRule, "match" | "times">;
export type FaultId = (typeof FAULTS)[number]["id"];

/**
 * The faults a POST meets again after the service carried it out (the emulator's `served` rules: a gateway that fails
 * after the service acted). The write happened; the recovery must find it instead of sending it a second time.
 */
export const SERVED_FAULT_IDS = ["500", "502", "503", "504", "reset", "malformed", "truncated", "html-200"] as const satisfies readonly FaultId[];
export type ServedFaultId = (typeof SERVED_FAULT_IDS)[number];

/** How a cell that succeeds got there. */
export const RECOVERIES = {
    "retry-after": "waits the Retry-After the service sent, then sends the request again",
    backoff: "backs off (full jitter from 0.5 s) and sends the request again",
    timeout: `gives up the attempt after ${TIMEOUT_SECONDS} s (requestTimeoutSeconds), backs off and sends it again`,
    "new-token": "takes the page for a refused credential: gets a new token and sends the request once more",
    "relist-post": "the POST may have acted: lists the workspace, finds no dataset of the name, POSTs once more",
    "wait-find": "no answer: waits one request timeout, lists the workspace and takes the dataset the late POST made (no second POST)",
    "lookup-post": "the POST may have acted: GETs the localization (its locale is its key), finds none, POSTs once more",
    "wait-lookup":
        "no answer: waits one request timeout, then GETs the localization and goes on with it once it shows (POSTs once more if not; a 409 means it landed)",
    "relist-find": "the POST may have acted: lists the workspace and takes the dataset of the name the POST made (no second POST)",
    "lookup-found": "the POST may have acted: GETs the localization, finds the one the POST made and goes on with it (no second POST)",
} as const;
export type Recovery = keyof typeof RECOVERIES;

/** Short cell text of each recovery in the markdown table. */
const RECOVERY_CELLS: Readonly<Record<Recovery, string>> = {
    "retry-after": "Retry-After",
    backoff: "backoff",
    timeout: "timeout",
    "new-token": "new token",
    "relist-post": "list, POST",
    "wait-find": "wait, find",
    "lookup-post": "GET, POST",
    "wait-lookup": "wait, GET",
    "relist-find": "list, find",
    "lookup-found": "GET, found",
};

/**
 * - `retried`: the operation succeeds, its outputs are those of a run without the fault, and the object exists exactly
 *   once as the program declares it;
 * - `fails`: the operation fails with a message holding each of `message` (the operation, the status, the next step),
 *   nothing is duplicated, and running the operation again (`then`) converges on exactly one object.
 */
export type Outcome =
    { readonly result: "retried"; readonly how: Recovery } | { readonly result: "fails"; readonly message: readonly string[]; readonly then: string };

export type ResourceName =
    | "OrganizationalBranding"
    | "OrganizationalBrandingLocalization"
    | "TemporaryAccessPassMethods"
    | "getTemporaryAccessPassMethods"
    | "PushDataset"
    | "GitPush"
    | "getGitPush";
export type Operation = "create" | "read" | "update" | "delete" | "invoke";

/** One request kind of one operation: a row of the matrix. */
export interface MatrixRow {
    readonly resource: ResourceName;
    readonly operation: Operation;
    /** Which state the operation starts from, when a resource has more than one (`the tenant has no branding`). */
    readonly scenario?: string;
    readonly service: "graph" | "powerbi" | "devops";
    readonly method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
    /** The path after the service's prefix, with `{placeholders}` for ids (`{org}`, `{locale}`, `{workspace}`...). */
    readonly path: string;
    readonly outcomes: Readonly<Record<FaultId, Outcome>>;
    /** POSTs only: the outcome of each {@link SERVED_FAULT_IDS} fault answered after the service carried the POST out. */
    readonly served?: Readonly<Record<ServedFaultId, Outcome>>;
    /**
     * Why the request is sent only by the first operation of a provider host (a session), when it is: each cell of
     * the row (and the case's run without a fault) then runs on a provider host of its own, where it is the first.
     */
    readonly oncePerSession?: string;
}

/** The outcome of every fault for a request the client may repeat. */
function repeatable(service: MatrixRow["service"]): Record<FaultId, Outcome> {
    const retried = (how: Recovery): Outcome => ({ result: "retried", how });
    return {
        "429-seconds": retried("retry-after"),
        "429-decimal": retried("retry-after"),
        "429-date": retried("retry-after"),
        500: retried("backoff"),
        502: retried("backoff"),
        503: retried("backoff"),
        504: retried("backoff"),
        reset: retried("backoff"),
        slow: retried("timeout"),
        malformed: retried("backoff"),
        truncated: retried("backoff"),
        // Azure DevOps answers a refused credential with a sign-in page (docs/api-facts.md D); elsewhere a page is a proxy's.
        "html-200": retried(service === "devops" ? "new-token" : "backoff"),
        "html-203": retried("new-token"),
    };
}

/** A POST: repeated at once only where the service did not act (429, a sign-in page), else after looking. */
function post(service: MatrixRow["service"], acted: Recovery, noAnswer: { "504": Outcome; slow: Outcome }): Record<FaultId, Outcome> {
    const retried = (how: Recovery): Outcome => ({ result: "retried", how });
    return {
        ...repeatable(service),
        500: retried(acted),
        502: retried(acted),
        503: retried(acted),
        reset: retried(acted),
        malformed: retried(acted),
        truncated: retried(acted),
        "html-200": retried(acted),
        ...noAnswer,
    };
}

/** The POST carried out, then a fault: found by what identifies it, never sent again. */
function served(acted: Recovery, noAnswer: Recovery): Record<ServedFaultId, Outcome> {
    return Object.fromEntries(SERVED_FAULT_IDS.map((id) => [id, { result: "retried", how: id === "504" ? noAnswer : acted }])) as Record<
        ServedFaultId,
        Outcome
    >;
}

const row = (
    resource: ResourceName,
    operation: Operation,
    service: MatrixRow["service"],
    method: MatrixRow["method"],
    path: string,
    outcomes: Record<FaultId, Outcome> = repeatable(service),
    scenario?: string,
    afterServed?: Record<ServedFaultId, Outcome>,
): MatrixRow => ({
    resource,
    operation,
    service,
    method,
    path,
    outcomes,
    ...(scenario ? { scenario } : {}),
    ...(afterServed ? { served: afterServed } : {}),
});

const BRANDING = "/v1.0/organization/{org}/branding";
const BANNER = `${BRANDING}/localizations/0/bannerLogo`;
const LOCALIZATION = `${BRANDING}/localizations/{locale}`;
const DATASETS = "/v1.0/myorg/groups/{workspace}/datasets";
const TAP = "/v1.0/users/{user}/authentication/temporaryAccessPassMethods";
const PUSH = "/{organization}/{project}/_apis/git/repositories/{repository}/pushes/{pushId}";

const NO_BRANDING = "the tenant has no branding yet";
const EXISTING = "the tenant has a branding with a banner logo";
const localizationPost = post("graph", "lookup-post", {
    504: { result: "retried", how: "wait-lookup" },
    slow: { result: "retried", how: "wait-lookup" },
});

/** Every cell. */
export const MATRIX: readonly MatrixRow[] = [
    {
        ...row("OrganizationalBranding", "create", "graph", "GET", "/v1.0/organization", undefined, EXISTING),
        oncePerSession: "a create without organizationId asks for it once per tenant and provider host; the later ones reuse the answer",
    },
    row("OrganizationalBranding", "create", "graph", "GET", BRANDING, undefined, EXISTING),
    row("OrganizationalBranding", "create", "graph", "GET", BANNER, undefined, EXISTING),
    row("OrganizationalBranding", "create", "graph", "PATCH", BRANDING, undefined, EXISTING),
    row("OrganizationalBranding", "create", "graph", "PUT", BANNER, undefined, EXISTING),
    row(
        "OrganizationalBranding",
        "create",
        "graph",
        "POST",
        `${BRANDING}/localizations`,
        localizationPost,
        NO_BRANDING,
        served("lookup-found", "wait-lookup"),
    ),
    row("OrganizationalBranding", "create", "graph", "DELETE", `${BRANDING}/localizations/en-US`, undefined, NO_BRANDING),
    row("OrganizationalBranding", "read", "graph", "GET", BRANDING),
    row("OrganizationalBranding", "update", "graph", "GET", BRANDING),
    row("OrganizationalBranding", "update", "graph", "PATCH", BRANDING),
    row("OrganizationalBranding", "update", "graph", "PUT", BANNER),
    row("OrganizationalBranding", "delete", "graph", "GET", BRANDING, undefined, EXISTING),
    row("OrganizationalBranding", "delete", "graph", "PATCH", BRANDING, undefined, EXISTING),
    row("OrganizationalBranding", "delete", "graph", "PUT", BANNER, undefined, EXISTING),
    row("OrganizationalBranding", "delete", "graph", "DELETE", BANNER, undefined, NO_BRANDING),
    row("OrganizationalBranding", "delete", "graph", "DELETE", BRANDING, undefined, NO_BRANDING),

    row("OrganizationalBrandingLocalization", "create", "graph", "GET", LOCALIZATION),
    row(
        "OrganizationalBrandingLocalization",
        "create",
        "graph",
        "POST",
        `${BRANDING}/localizations`,
        localizationPost,
        undefined,
        served("lookup-found", "wait-lookup"),
    ),
    row("OrganizationalBrandingLocalization", "read", "graph", "GET", LOCALIZATION),
    row("OrganizationalBrandingLocalization", "update", "graph", "GET", LOCALIZATION),
    row("OrganizationalBrandingLocalization", "update", "graph", "PATCH", LOCALIZATION),
    row("OrganizationalBrandingLocalization", "delete", "graph", "GET", LOCALIZATION),
    row("OrganizationalBrandingLocalization", "delete", "graph", "DELETE", LOCALIZATION),

    row("TemporaryAccessPassMethods", "create", "graph", "GET", TAP),
    row("TemporaryAccessPassMethods", "read", "graph", "GET", TAP),
    row("getTemporaryAccessPassMethods", "invoke", "graph", "GET", TAP),

    row("PushDataset", "create", "powerbi", "GET", DATASETS),
    row(
        "PushDataset",
        "create",
        "powerbi",
        "POST",
        DATASETS,
        post("powerbi", "relist-post", {
            slow: { result: "retried", how: "wait-find" },
            504: {
                result: "fails",
                message: [
                    "pulumi-nodejs:dynamic/tenantkit:PushDataset",
                    "(create)",
                    "POST",
                    "504",
                    "was not posted a second time",
                    "Before the next `pulumi up`",
                ],
                then: "waits one request timeout and lists the workspace: no dataset, so no second POST; the next create lists afresh and POSTs once",
            },
        }),
        undefined,
        served("relist-find", "wait-find"),
    ),
    row("PushDataset", "read", "powerbi", "GET", `${DATASETS}/{dataset}`),
    row("PushDataset", "read", "powerbi", "GET", `${DATASETS}/{dataset}/tables`),
    row("PushDataset", "update", "powerbi", "PUT", `${DATASETS}/{dataset}/tables/{table}`),
    row("PushDataset", "delete", "powerbi", "DELETE", `${DATASETS}/{dataset}`),

    row("GitPush", "create", "devops", "GET", PUSH),
    row("GitPush", "read", "devops", "GET", PUSH),
    row("getGitPush", "invoke", "devops", "GET", PUSH),
];

/**
 * When the fault does not go away: the first request of each operation that the client repeats (a GET where there is
 * one) answers 503 on every attempt, with `Retry-After: 0` so that no attempt waits. The operation gives up after the
 * client's five attempts with a message holding each of `message`, and the service holds what it held before.
 */
export const GIVE_UP = {
    title: "503 on every attempt (Retry-After: 0)",
    attempts: 5,
    rule: { kind: "status", status: 503, retryAfter: "0" } satisfies FaultRuleBody,
} as const;

export interface GiveUpRow {
    readonly row: MatrixRow;
    readonly message: readonly string[];
}

/** How errors name each resource's operation: handlers by type and operation, functions by their name and arguments. */
const NAMED_BY: Readonly<Record<ResourceName, (operation: Operation | "check") => readonly string[]>> = {
    OrganizationalBranding: (op) => ["pulumi-nodejs:dynamic/tenantkit:OrganizationalBranding (default branding of organization", `(${op})`],
    OrganizationalBrandingLocalization: (op) => [
        'pulumi-nodejs:dynamic/tenantkit:OrganizationalBrandingLocalization (branding of locale "fr-FR")',
        `(${op})`,
    ],
    TemporaryAccessPassMethods: (op) => [
        'pulumi-nodejs:dynamic/tenantkit:TemporaryAccessPassMethods (user "alice@contoso.onmicrosoft.com")',
        `(${op})`,
    ],
    getTemporaryAccessPassMethods: () => ['getTemporaryAccessPassMethods (user "alice@contoso.onmicrosoft.com")'],
    PushDataset: (op) => ['pulumi-nodejs:dynamic/tenantkit:PushDataset (dataset "FaultMatrix" in workspace', `(${op})`],
    GitPush: (op) => ['pulumi-nodejs:dynamic/tenantkit:GitPush (push 2 of repository "web" in organization "fabrikam")', `(${op})`],
    getGitPush: () => ['getGitPush (push 2 of repository "web" in organization "fabrikam")'],
};

/** One give-up check per resource and operation. */
export const GIVE_UPS: readonly GiveUpRow[] = [...new Set(MATRIX.map((r) => `${r.resource} ${r.operation}`))].map((key) => {
    const rows = MATRIX.filter((r) => `${r.resource} ${r.operation}` === key);
    const row = rows.find((r) => r.method === "GET") ?? rows.find((r) => r.method !== "POST")!;
    // A dataset's check lists its named workspace first (the preview fails on what the up would), and the create
    // shares that listing: a listing that never succeeds fails the check.
    const failsIn = row.resource === "PushDataset" && row.operation === "create" && row.path === DATASETS ? "check" : row.operation;
    return {
        row,
        message: [
            ...NAMED_BY[row.resource](failsIn),
            `failed after ${GIVE_UP.attempts} attempts: 503`,
            "Gave up: no attempts left",
            "Next: run again later",
        ],
    };
});

/** A stable name of a row, for test titles. */
export function rowTitle(r: MatrixRow): string {
    return `${r.resource} ${r.operation}${r.scenario ? ` (${r.scenario})` : ""}: ${r.method} ${r.path}`;
}

function cell(o: Outcome, failures: Map<string, number>): string {
    if (o.result === "retried") return RECOVERY_CELLS[o.how];
    const key = JSON.stringify(o);
    if (!failures.has(key)) failures.set(key, failures.size + 1);
    return `**fails** [${failures.get(key)}](#failure-${failures.get(key)})`;
}

function servedSummary(posts: readonly MatrixRow[]): string {
    const outcomes = posts.flatMap((r) => SERVED_FAULT_IDS.map((id) => r.served![id]));
    const failing = outcomes.filter((o) => o.result === "fails").length;
    return `${outcomes.length} cells: ${outcomes.length - failing} retried and succeeded, ${failing} failed with a message.`;
}

/** The markdown of docs/fault-matrix.md. */
export function renderFaultMatrix(): string {
    const failures = new Map<string, number>();
    const failed: Outcome[] = [];
    const lines: string[] = [
        "# Fault matrix",
        "",
        "<!-- Generated from test/reliability/fault-matrix.ts by `npx ts-node --transpile-only test/reliability/fault-matrix.ts`; do not edit. -->",
        "",
        "Every request each operation of each resource and lookup makes, against every fault the emulator injects (once, on",
        "that request), and what tenantkit does. `test/reliability/fault-matrix.spec.ts` runs every cell through the real",
        `provider host with \`tenantkit:requestTimeoutSeconds\` ${TIMEOUT_SECONDS}, and checks the outcome the cell states:`,
        "",
        "- **retried**: the operation succeeds with the outputs of a run without the fault, and the object exists exactly once",
        "  as declared (lookups write nothing); no POST the service carried out is sent again;",
        "- **fails**: the operation fails with a message that names the operation, the status and the next step; nothing is",
        "  duplicated, and running the operation again converges on exactly one object.",
        "",
        "The faults, injected once on the first request of the row's method and path:",
        "",
        ...FAULTS.map((f) => `- ${f.column}: ${f.title}.`),
        "",
        "A cell names how the operation was retried and succeeded, or links to how it fails:",
        "",
        ...Object.entries(RECOVERIES).map(([k, v]) => `- ${RECOVERY_CELLS[k as Recovery]}: ${v}.`),
        "",
    ];
    const resources = [...new Set(MATRIX.map((r) => r.resource))];
    for (const resource of resources) {
        lines.push(`## ${resource}`, "");
        lines.push(`| operation | request | ${FAULTS.map((f) => f.column).join(" | ")} |`);
        lines.push(`|---|---|${FAULTS.map(() => "---").join("|")}|`);
        for (const r of MATRIX.filter((x) => x.resource === resource)) {
            const op = r.scenario ? `${r.operation} (${r.scenario})` : r.operation;
            const cells = FAULTS.map((f) => {
                const o = r.outcomes[f.id];
                if (o.result === "fails" && !failed.includes(o)) failed.push(o);
                return cell(o, failures);
            });
            lines.push(`| ${op} | \`${r.method} ${r.path}\`${r.oncePerSession ? " ¹" : ""} | ${cells.join(" | ")} |`);
        }
        lines.push("");
        for (const r of MATRIX.filter((x) => x.resource === resource && x.oncePerSession)) {
            lines.push(
                `¹ Sent by the first ${r.operation} of a provider host only (${r.oncePerSession}): each cell of`,
                `\`${r.method} ${r.path}\`, and the run without a fault it is checked against, runs on a provider host of its own,`,
                "where it is the first, so the faulted request is sent.",
                "",
            );
        }
    }
    const total = MATRIX.length * FAULTS.length;
    const failing = MATRIX.reduce((n, r) => n + FAULTS.filter((f) => r.outcomes[f.id].result === "fails").length, 0);
    lines.push("## Failures", "");
    for (const o of failed) {
        if (o.result !== "fails") continue;
        const n = failures.get(JSON.stringify(o));
        lines.push(`<a id="failure-${n}"></a>${n}. The message holds ${o.message.map((m) => `\`${m}\``).join(", ")}. Then: ${o.then}.`);
    }
    lines.push("", `${total} cells: ${total - failing} retried and succeeded, ${failing} failed with a message.`, "");
    const posts = MATRIX.filter((r) => r.served !== undefined);
    const servedFaults = FAULTS.filter((f) => (SERVED_FAULT_IDS as readonly string[]).includes(f.id));
    lines.push(
        "## POSTs the service carried out before the fault",
        "",
        "The same faults, answered after the service made what the POST asked for (a gateway failing after the service",
        "acted). The operation finds what the POST made and goes on without a second POST.",
        "",
        `| resource | operation | request | ${servedFaults.map((f) => f.column).join(" | ")} |`,
        `|---|---|---|${servedFaults.map(() => "---").join("|")}|`,
        ...posts.map((r) => {
            const op = r.scenario ? `${r.operation} (${r.scenario})` : r.operation;
            return `| ${r.resource} | ${op} | \`${r.method} ${r.path}\` | ${SERVED_FAULT_IDS.map((id) => cell(r.served![id], failures)).join(" | ")} |`;
        }),
        "",
        servedSummary(posts),
        "",
    );
    lines.push(
        "## When the fault persists",
        "",
        `The first request each operation repeats answers ${GIVE_UP.title}. Every operation gives up after ${GIVE_UP.attempts}`,
        "attempts, the service holds what it held before, and the message holds:",
        "",
        "| resource | operation | request | the message holds |",
        "|---|---|---|---|",
        ...GIVE_UPS.map(
            (g) => `| ${g.row.resource} | ${g.row.operation} | \`${g.row.method} ${g.row.path}\` | ${g.message.map((m) => `\`${m}\``).join(", ")} |`,
        ),
        "",
    );
    return lines.join("\n");
}

/** Where the generated table lives. */
export const DOC_PATH = path.resolve(__dirname, "..", "..", "docs", "fault-matrix.md");

if (require.main === module) {
    fs.mkdirSync(path.dirname(DOC_PATH), { recursive: true });
    fs.writeFileSync(DOC_PATH, renderFaultMatrix());
    process.stdout.write(`wrote ${path.relative(process.cwd(), DOC_PATH)}\n`);
}
