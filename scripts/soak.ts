/**
 * `npm run soak [-- --operations 5000 --seed 42 --fault-rate 0.1 --throttle 30]`: thousands of mixed operations on
 * every tenantkit resource (the default branding, localizations, push datasets in My workspace and in a named
 * workspace, TAP and git push lookups: creates, updates, replacements, refreshes, deletes) through the engine harness,
 * against the emulator with random faults on ~10% of the API requests (429 with Retry-After, 5xx, resets, malformed
 * bodies; some of them after the service acted) and its throttle on.
 *
 * The promise it checks: a failure is a clean error that the next `up` repairs, and after every successful `up` the
 * emulator holds exactly what the state file records: no orphan (an object no state records), no duplicate, nothing
 * missing, the managed branding values applied. At the end, `destroy` gives the tenant back as it was, images byte for
 * byte. Randomness is seeded (the seed is printed); results go to soak-results.json at the repo root.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { AdminBranding, AdminBrandingEntry, FaultRule, RequestLogEntry } from "../emulator/client";
import { startEmulator, type RunningEmulator } from "../emulator/server";
import { DEFAULT_SEED_IDS as IDS } from "../emulator/seeds/default";
import { LifecycleRunner, type RunResult, type StackConfig } from "../harness/lifecycle";
import type { ResourceState } from "../harness/state";
import { secret } from "../harness/wire";
import { png } from "../harness/images";

const ROOT = path.resolve(__dirname, "..");
const PROGRAM = path.join(ROOT, "test", "fixtures", "programs", "soak", "index.ts");
const T = "pulumi-nodejs:dynamic/tenantkit:";
const TYPES = {
    branding: `${T}OrganizationalBranding`,
    localization: `${T}OrganizationalBrandingLocalization`,
    dataset: `${T}PushDataset`,
    tap: `${T}TemporaryAccessPassMethods`,
    push: `${T}GitPush`,
};
/** Steps that call the services: these are the soak's operations ("same" steps only run Check and Diff). */
const COUNTED = new Set(["create", "update", "replace", "delete", "delete-replaced", "refresh:same", "refresh:update", "refresh:deleted", "read"]);
/** Signs of a crash in the provider rather than a clean error about a request. */
const UNCLEAN = /TypeError|ReferenceError|SyntaxError|Cannot read propert|is not a function|is not defined|code must be a string|Unexpected struct/;

export interface SoakOptions {
    /** Operations to run (at least; the run ends with a successful up). */
    readonly operations: number;
    readonly seed: number;
    /** Share of API requests (Graph, Power BI, Azure DevOps) answered by a fault. */
    readonly faultRate: number;
    /** The emulator's throttle: requests per second per client, and its Retry-After. */
    readonly throttlePerSecond: number;
    readonly throttleRetryAfter: string;
    /** The provider's per-attempt timeout (tenantkit:requestTimeoutSeconds), also how long it waits for a late write. */
    readonly requestTimeoutSeconds: number;
    /** Datasets the first up creates (default 6); a larger start makes each round do more. */
    readonly initialDatasets?: number;
    /** Share of rounds that are a refresh rather than an up with changes (default 0.2). */
    readonly refreshShare?: number;
    /** Scratch folder: the program's folder for the provider host (journals), image files, the state file. */
    readonly workDir: string;
    readonly log: (line: string) => void;
}

export interface SoakResults {
    seed: number;
    operations: number;
    operationsByKind: Record<string, number>;
    rounds: { up: number; refresh: number; destroy: number };
    requests: number;
    faultsInjected: number;
    faultsByKind: Record<string, number>;
    /** Faults answered after the service acted (`served` rules). */
    faultsAfterServing: number;
    throttled: number;
    /** Requests that repeat an earlier attempt (same client-request-id) in the emulator's log. */
    retries: number;
    /** Rounds that ended with errors. */
    failures: number;
    failureMessages: { message: string; count: number }[];
    /** Failures that look like a crash of the provider rather than a clean error. */
    uncleanFailures: string[];
    /** Rounds in a row that failed before the next one repaired them: the longest such run. */
    longestRepair: number;
    /** Failures not repaired within the repair budget (faults were then paused for one round). */
    unrepaired: number;
    orphans: string[];
    duplicates: string[];
    missing: string[];
    mismatched: string[];
    /** After the final destroy: the tenant's branding, localizations and datasets as before the soak. */
    restored: boolean;
    restoreProblems: string[];
    wallTimeMs: number;
    settings: Omit<SoakOptions, "log" | "workDir">;
}

/** mulberry32: a small seeded generator, [0, 1). */
export function seeded(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) | 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

// ---------------------------------------------------------------------------------------------------------- model

type Props = Record<string, unknown>;
interface Column {
    name: string;
    dataType: string;
}
interface Table {
    name: string;
    columns: Column[];
}
interface DatasetSpec {
    key: string;
    args: { name: string; workspaceId?: string; defaultRetentionPolicy?: string; tables: Table[] };
}
interface Model {
    branding: Props | null;
    localizations: Record<string, Props>;
    datasets: DatasetSpec[];
    taps: { key: string; user: string }[];
    pushes: { key: string; repository: string; project?: string; pushId: number; includeCommits?: number }[];
}

const LOCALES = ["fr-FR", "de-DE", "es-ES", "it-IT", "nl-NL", "pt-BR", "ja-JP", "sv-SE"];
const USERS = [IDS.aliceUpn, IDS.bobUpn, IDS.aliceId, IDS.guestUpn];
const PUSHES = [
    ...[1, 2, 3].map((pushId) => ({ repository: IDS.devopsWebRepositoryName, project: IDS.devopsWebProjectName, pushId })),
    ...[2, 3, 23].map((pushId) => ({ repository: IDS.devopsFiberRepositoryName, project: IDS.devopsFiberProjectName, pushId })),
    { repository: IDS.devopsFiberRepositoryId, pushId: 23 },
];
const TYPES_OF_COLUMNS = ["Int64", "Double", "String", "Boolean", "DateTime", "Decimal"];
const MAX_DATASETS = 36;

class Models {
    private counter = 0;
    constructor(
        private readonly rnd: () => number,
        private readonly images: { banner: string[]; square: string[] },
    ) {}

    private int(n: number): number {
        return Math.floor(this.rnd() * n);
    }
    private pick<V>(items: readonly V[]): V {
        return items[this.int(items.length)]!;
    }
    private next(): string {
        return String(++this.counter);
    }
    private color(): string {
        return `#${this.int(0xffffff).toString(16).padStart(6, "0").toUpperCase()}`;
    }
    private table(name: string): Table {
        return { name, columns: Array.from({ length: 1 + this.int(4) }, (_, i) => ({ name: `c${i}`, dataType: this.pick(TYPES_OF_COLUMNS) })) };
    }
    dataset(): DatasetSpec {
        const key = this.next();
        const args: DatasetSpec["args"] = { name: `Soak-${key}`, tables: Array.from({ length: 1 + this.int(2) }, (_, i) => this.table(`T${i}`)) };
        if (this.rnd() < 0.5) args.workspaceId = IDS.salesWorkspaceId;
        if (this.rnd() < 0.3) args.defaultRetentionPolicy = "basicFIFO";
        return { key, args };
    }
    brandingProps(): Props {
        const props: Props = { signInPageText: `Soak sign-in ${this.next()}` };
        if (this.rnd() < 0.7) props.backgroundColor = this.color();
        if (this.rnd() < 0.5) props.usernameHintText = `user${this.int(100)}@contoso.com`;
        if (this.rnd() < 0.4)
            props.loginPageTextVisibilitySettings = { hideForgotMyPassword: this.rnd() < 0.5, hideAccountResetCredentials: this.rnd() < 0.5 };
        if (this.rnd() < 0.6) props.bannerLogo = this.pick(this.images.banner);
        if (this.rnd() < 0.4) props.squareLogo = this.pick(this.images.square);
        return props;
    }
    localizationProps(): Props {
        const props: Props = { signInPageText: `Soak ${this.next()}` };
        if (this.rnd() < 0.4) props.usernameHintText = `nom${this.int(100)}@contoso.com`;
        if (this.rnd() < 0.4) props.bannerLogo = this.pick(this.images.banner);
        return props;
    }
    /** Changes one or two managed values, and sometimes what is managed. */
    change(props: Props): Props {
        const next = { ...props };
        const fresh = this.rnd() < 0.5 ? this.brandingProps() : this.localizationProps();
        const keys = Object.keys(fresh);
        for (let i = 0; i < 1 + this.int(2); i++) {
            const k = this.pick(keys);
            next[k] = fresh[k];
        }
        const managed = Object.keys(next).filter((k) => k !== "signInPageText");
        if (managed.length > 0 && this.rnd() < 0.25) delete next[this.pick(managed)];
        return next;
    }
    initial(datasets: number): Model {
        return {
            branding: this.brandingProps(),
            localizations: { [LOCALES[0]!]: this.localizationProps() },
            datasets: Array.from({ length: datasets }, () => this.dataset()),
            taps: [
                { key: this.next(), user: USERS[0]! },
                { key: this.next(), user: USERS[1]! },
            ],
            pushes: [this.push(), this.push()],
        };
    }
    private push(): Model["pushes"][number] {
        const p = this.pick(PUSHES);
        return { key: this.next(), ...p, ...(this.rnd() < 0.5 ? { includeCommits: 5 } : {}) };
    }

    /** One random change to the desired state; returns what it did. */
    mutate(m: Model): string {
        const choices: Array<[number, () => string | undefined]> = [
            [4, () => (m.datasets.length < MAX_DATASETS ? (m.datasets.push(this.dataset()), "dataset create") : undefined)],
            [
                4,
                () =>
                    this.withDataset(m, (d) => {
                        const t = this.pick(d.args.tables);
                        if (this.rnd() < 0.5 && t.columns.length < 6)
                            t.columns.push({ name: `c${t.columns.length}`, dataType: this.pick(TYPES_OF_COLUMNS) });
                        else this.pick(t.columns).dataType = this.pick(TYPES_OF_COLUMNS.filter((x) => x !== t.columns[0]!.dataType));
                        return "dataset update";
                    }),
            ],
            [1, () => this.withDataset(m, (d) => ((d.args.name = `Soak-${this.next()}`), "dataset rename (replace)"))],
            [
                1,
                () =>
                    this.withDataset(m, (d) =>
                        d.args.tables.length < 3
                            ? (d.args.tables.push(this.table(`T${d.args.tables.length}`)), "dataset new table (replace)")
                            : undefined,
                    ),
            ],
            [2, () => (m.datasets.length > 0 ? (m.datasets.splice(this.int(m.datasets.length), 1), "dataset delete") : undefined)],
            [1, () => ((m.branding = m.branding ? null : this.brandingProps()), m.branding ? "branding create" : "branding delete")],
            [3, () => (m.branding ? ((m.branding = this.change(m.branding)), "branding update") : undefined)],
            [
                1.5,
                () => {
                    const free = LOCALES.filter((l) => !(l in m.localizations));
                    if (free.length === 0) return undefined;
                    m.localizations[this.pick(free)] = this.localizationProps();
                    return "localization create";
                },
            ],
            [
                2,
                () => {
                    const locales = Object.keys(m.localizations);
                    if (locales.length === 0) return undefined;
                    const l = this.pick(locales);
                    m.localizations[l] = this.change(m.localizations[l]!);
                    return "localization update";
                },
            ],
            [
                1,
                () => {
                    const locales = Object.keys(m.localizations);
                    if (locales.length === 0) return undefined;
                    delete m.localizations[this.pick(locales)];
                    return "localization delete";
                },
            ],
            [1, () => (m.taps.length < 4 ? (m.taps.push({ key: this.next(), user: this.pick(USERS) }), "tap create") : undefined)],
            [1, () => (m.taps.length > 0 ? ((this.pick(m.taps).user = this.pick(USERS)), "tap change (replace)") : undefined)],
            [0.7, () => (m.taps.length > 0 ? (m.taps.splice(this.int(m.taps.length), 1), "tap delete") : undefined)],
            [1, () => (m.pushes.length < 6 ? (m.pushes.push(this.push()), "push create") : undefined)],
            [
                1,
                () =>
                    m.pushes.length > 0
                        ? ((m.pushes[this.int(m.pushes.length)] = { ...this.push(), key: this.pick(m.pushes).key }), "push change (replace)")
                        : undefined,
            ],
            [0.7, () => (m.pushes.length > 0 ? (m.pushes.splice(this.int(m.pushes.length), 1), "push delete") : undefined)],
        ];
        const total = choices.reduce((s, [w]) => s + w, 0);
        for (let attempt = 0; attempt < 20; attempt++) {
            let r = this.rnd() * total;
            const choice = choices.find(([w]) => (r -= w) < 0) ?? choices[0]!;
            const did = choice[1]();
            if (did) return did;
        }
        return "nothing";
    }

    private withDataset(m: Model, f: (d: DatasetSpec) => string | undefined): string | undefined {
        return m.datasets.length > 0 ? f(this.pick(m.datasets)) : undefined;
    }
}

// --------------------------------------------------------------------------------------------------------- faults

const FAULT_MIX: Array<{ weight: number; rule: Omit<FaultRule, "match"> }> = [
    { weight: 3, rule: { kind: "status", status: 429, retryAfter: "1" } },
    { weight: 2, rule: { kind: "status", status: 429, retryAfter: "0.25" } },
    { weight: 2, rule: { kind: "status", status: 500 } },
    { weight: 1, rule: { kind: "status", status: 502 } },
    { weight: 2, rule: { kind: "status", status: 503, retryAfter: "0.5" } },
    { weight: 1, rule: { kind: "status", status: 504 } },
    { weight: 2, rule: { kind: "reset" } },
    { weight: 2, rule: { kind: "malformed" } },
    { weight: 1, rule: { kind: "status", status: 500, served: true } },
    { weight: 1, rule: { kind: "reset", served: true } },
    { weight: 1, rule: { kind: "malformed", served: true } },
];

/** Rules per API service whose chances add up to `rate` for any one request (each rule draws in turn). */
export function faultRules(rate: number): FaultRule[] {
    const total = (s: number) => 1 - FAULT_MIX.reduce((p, f) => p * (1 - Math.min(1, s * f.weight)), 1);
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 60; i++) {
        const mid = (lo + hi) / 2;
        if (total(mid) < rate) lo = mid;
        else hi = mid;
    }
    const rules: FaultRule[] = [];
    for (const service of ["graph", "powerbi", "devops"] as const) {
        for (const f of FAULT_MIX) rules.push({ ...f.rule, match: { service }, probability: Math.min(1, lo * f.weight), times: 0 });
    }
    return rules;
}

// ------------------------------------------------------------------------------------------------------ checking

interface Comparison {
    orphans: string[];
    duplicates: string[];
    missing: string[];
    mismatched: string[];
}

const stripUrls = (x: unknown) => JSON.parse(JSON.stringify(x, (k, v) => (k === "relativeUrl" ? undefined : v)));
const IMAGE_KEYS = ["backgroundImage", "bannerLogo", "squareLogo", "squareLogoDark", "headerLogo", "favicon", "customCSS"];

/** Differences between the managed values state records and what the emulator shows for one branding. */
function brandingDiffs(where: string, r: ResourceState, live: AdminBrandingEntry | undefined): string[] {
    if (!live) return [`${where}: in state, not in the emulator`];
    const out: string[] = [];
    const record = live as unknown as Record<string, unknown>;
    for (const p of (r.outputs.managed as string[] | undefined) ?? []) {
        const want = r.outputs[p];
        const have = record[p];
        if (IMAGE_KEYS.includes(p)) {
            const w = (want as { sha256?: string } | null)?.sha256 ?? null;
            const h = (have as { sha256?: string } | null)?.sha256 ?? null;
            if (w !== h) out.push(`${where}.${p}: state ${w}, emulator ${h}`);
        } else if (want !== null && typeof want === "object") {
            for (const [k, v] of Object.entries(want)) {
                if ((have as Record<string, unknown> | null)?.[k] !== v)
                    out.push(
                        `${where}.${p}.${k}: state ${JSON.stringify(v)}, emulator ${JSON.stringify((have as Record<string, unknown> | null)?.[k])}`,
                    );
            }
        } else if (want !== have) out.push(`${where}.${p}: state ${JSON.stringify(want)}, emulator ${JSON.stringify(have)}`);
    }
    return out;
}

async function compare(emu: RunningEmulator, resources: readonly ResourceState[], original: AdminBranding | null): Promise<Comparison> {
    const c: Comparison = { orphans: [], duplicates: [], missing: [], mismatched: [] };
    const datasets = (await emu.admin.powerBi(IDS.tenantId)).datasets;
    const recorded = resources.filter((r) => r.type === TYPES.dataset);
    const ids = new Set(recorded.map((r) => String(r.outputs.datasetId).toLowerCase()));
    const seen = new Map<string, number>();
    for (const d of datasets) {
        const key = `${d.workspaceId ?? "My workspace"}/${d.name}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
        if (!ids.has(d.id.toLowerCase())) c.orphans.push(`dataset ${d.id} "${d.name}" in ${d.workspaceId ?? "My workspace"}`);
    }
    for (const [key, n] of seen) if (n > 1) c.duplicates.push(`${n} datasets ${key}`);
    for (const r of recorded) {
        const live = datasets.find((d) => d.id.toLowerCase() === String(r.outputs.datasetId).toLowerCase());
        if (!live) {
            c.missing.push(`dataset ${String(r.outputs.datasetId)} (${r.urn})`);
            continue;
        }
        const wantTables = ((r.outputs.tables as unknown as Table[] | undefined) ?? [])
            .map((t) => `${t.name}:${t.columns.map((x) => `${x.name}=${x.dataType}`).join(",")}`)
            .sort();
        const haveTables = live.tables.map((t) => `${t.name}:${t.columns.map((x) => `${x.name}=${x.dataType}`).join(",")}`).sort();
        if (
            live.name !== r.outputs.name ||
            (live.workspaceId ?? null) !== ((r.outputs.workspaceId as string | undefined)?.toLowerCase() ?? null) ||
            wantTables.join("|") !== haveTables.join("|")
        ) {
            c.mismatched.push(
                `dataset ${live.id}: state ${String(r.outputs.name)} [${wantTables.join("; ")}], emulator ${live.name} [${haveTables.join("; ")}]`,
            );
        }
    }
    const branding = await emu.admin.branding(IDS.tenantId);
    const defaultResource = resources.find((r) => r.type === TYPES.branding);
    if (defaultResource) c.mismatched.push(...brandingDiffs("branding", defaultResource, branding?.default));
    else if (JSON.stringify(stripUrls(branding?.default ?? null)) !== JSON.stringify(stripUrls(original?.default ?? null))) {
        c.mismatched.push("branding: no resource in state, but the default branding is not the tenant's original");
    }
    const locales = resources.filter((r) => r.type === TYPES.localization);
    const recordedLocales = new Set(locales.map((r) => String(r.outputs.locale)));
    for (const l of Object.keys(branding?.localizations ?? {})) if (!recordedLocales.has(l)) c.orphans.push(`localization ${l}`);
    for (const r of locales)
        c.mismatched.push(...brandingDiffs(`localization ${String(r.outputs.locale)}`, r, branding?.localizations[String(r.outputs.locale)]));
    return c;
}

// ---------------------------------------------------------------------------------------------------------- run

class LogStats {
    requests = 0;
    faults = 0;
    served = 0;
    throttled = 0;
    retries = 0;
    readonly byKind: Record<string, number> = {};
    private readonly ids = new Set<string>();
    private since = 0;

    async collect(emu: RunningEmulator): Promise<number> {
        const entries: RequestLogEntry[] = await emu.admin.requests({ since: this.since });
        let faults = 0;
        for (const e of entries) {
            this.since = Math.max(this.since, e.seq);
            if (e.service === "login" || e.service === "unknown") continue;
            this.requests++;
            const id = e.headers["client-request-id"];
            if (id !== undefined) {
                if (this.ids.has(id)) this.retries++;
                else this.ids.add(id);
            }
            if (e.fault === "throttle") this.throttled++;
            else if (e.fault !== undefined) {
                faults++;
                if (e.served) this.served++;
                const kind = `${e.fault}${e.fault === "status" ? ` ${e.status}` : ""}${e.served ? " (after serving)" : ""}`;
                this.byKind[kind] = (this.byKind[kind] ?? 0) + 1;
            }
        }
        this.faults += faults;
        await emu.admin.clearRequests();
        return faults;
    }
}

function normalized(message: string): string {
    return message
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<id>")
        .replace(/Soak[- ][^"' ]*/g, "<name>")
        .replace(/\d+ ms/g, "<n> ms")
        .slice(0, 400);
}

/** Runs the soak; everything it needs (emulator, images, state) lives in `workDir`, which it empties first. */
export async function runSoak(o: SoakOptions): Promise<SoakResults> {
    const started = performance.now();
    fs.rmSync(o.workDir, { recursive: true, force: true });
    fs.mkdirSync(o.workDir, { recursive: true });
    const images = {
        banner: [
            [200, 30],
            [180, 30],
            [240, 36],
        ].map(([w, h], i) => writeImage(o.workDir, `banner-${i}.png`, png(w!, h!))),
        square: [
            [100, 100],
            [120, 120],
            [200, 200],
        ].map(([w, h], i) => writeImage(o.workDir, `square-${i}.png`, png(w!, h!))),
    };
    const models = new Models(seeded(o.seed), images);
    const emu = await startEmulator({ random: seeded(o.seed ^ 0x9e3779b9) });
    const stats = new LogStats();
    const failureCounts = new Map<string, number>();
    const results: SoakResults = {
        seed: o.seed,
        operations: 0,
        operationsByKind: {},
        rounds: { up: 0, refresh: 0, destroy: 0 },
        requests: 0,
        faultsInjected: 0,
        faultsByKind: {},
        faultsAfterServing: 0,
        throttled: 0,
        retries: 0,
        failures: 0,
        failureMessages: [],
        uncleanFailures: [],
        longestRepair: 0,
        unrepaired: 0,
        orphans: [],
        duplicates: [],
        missing: [],
        mismatched: [],
        restored: false,
        restoreProblems: [],
        wallTimeMs: 0,
        settings: {
            operations: o.operations,
            seed: o.seed,
            faultRate: o.faultRate,
            throttlePerSecond: o.throttlePerSecond,
            throttleRetryAfter: o.throttleRetryAfter,
            requestTimeoutSeconds: o.requestTimeoutSeconds,
            initialDatasets: o.initialDatasets ?? 6,
            refreshShare: o.refreshShare ?? 0.2,
        },
    };
    try {
        const original = await emu.admin.branding(IDS.tenantId);
        const model = models.initial(o.initialDatasets ?? 6);
        const statePath = path.join(o.workDir, "state.json");
        const config = (): StackConfig => ({
            "tenantkit:emulator": emu.url,
            "tenantkit:tenantId": IDS.domain,
            "tenantkit:clientId": IDS.quickstartClientId,
            "tenantkit:clientSecret": secret(IDS.quickstartClientSecret),
            "tenantkit:devopsPat": secret(IDS.devopsPat),
            "tenantkit:requestTimeoutSeconds": String(o.requestTimeoutSeconds),
            "soak:model": JSON.stringify(model),
        });
        const runner = () => new LifecycleRunner({ programPath: PROGRAM, cwd: o.workDir, statePath, project: "soak", config: config() });
        const faultsOn = async () => {
            await emu.admin.clearFaults();
            if (o.faultRate > 0) await emu.admin.setFaults(faultRules(o.faultRate));
        };
        await faultsOn();
        if (o.throttlePerSecond > 0) await emu.admin.throttle({ perSecond: o.throttlePerSecond, retryAfter: o.throttleRetryAfter });

        let failedInARow = 0;
        let round = 0;
        /** One round; returns whether it succeeded. */
        const play = async (kind: "up" | "refresh" | "destroy", what: string): Promise<boolean> => {
            round++;
            results.rounds[kind]++;
            const r: RunResult = await runner()[kind]();
            let ops = 0;
            for (const s of r.steps) {
                if (s.type === "pulumi:pulumi:Stack" || !COUNTED.has(s.op)) continue;
                ops++;
                const k = `${s.op} ${s.type.slice(T.length)}`;
                results.operationsByKind[k] = (results.operationsByKind[k] ?? 0) + 1;
            }
            results.operations += ops;
            const faults = await stats.collect(emu);
            for (const e of r.errors) {
                const m = normalized(e.message);
                failureCounts.set(m, (failureCounts.get(m) ?? 0) + 1);
                if (UNCLEAN.test(e.message)) results.uncleanFailures.push(e.message);
            }
            const ok = r.errors.length === 0;
            o.log(
                `round ${round} ${kind}${what ? ` (${what})` : ""}: ${ops} operations, ${faults} faults, ${(r.ms / 1000).toFixed(1)} s, ${ok ? "ok" : `FAILED: ${r.errors[0]!.message.slice(0, 300)}`} [${results.operations}/${o.operations}]`,
            );
            if (!ok) {
                results.failures++;
                failedInARow++;
                return false;
            }
            results.longestRepair = Math.max(results.longestRepair, failedInARow);
            failedInARow = 0;
            return true;
        };
        const check = async (when: string) => {
            const c = await compare(emu, runner().state().resources, original);
            for (const key of ["orphans", "duplicates", "missing", "mismatched"] as const) {
                for (const item of c[key]) {
                    results[key].push(`${when}: ${item}`);
                    o.log(`  ${key}: ${item}`);
                }
            }
        };
        /** Repeats `kind` until it succeeds: a failure must be repaired by the next run of the same program. */
        const untilOk = async (kind: "up" | "destroy", first?: string) => {
            if (first !== undefined && (await play(kind, first))) return;
            for (let attempt = 1; !(await play(kind, `repair ${attempt}`)); attempt++) {
                if (attempt === 8) {
                    results.unrepaired++;
                    await emu.admin.clearFaults();
                    const ok = await play(kind, "repair without faults");
                    await faultsOn();
                    if (ok) return;
                }
            }
        };

        await untilOk("up", "initial");
        await check(`round ${round}`);
        while (results.operations < o.operations) {
            const rnd = seeded(o.seed + round)();
            if (rnd < (o.refreshShare ?? 0.2)) {
                if (!(await play("refresh", ""))) await untilOk("up");
            } else {
                const n = 4 + (Math.floor(rnd * 1000) % 17);
                const did = Array.from({ length: n }, () => models.mutate(model));
                if (!(await play("up", `${n} changes: ${summary(did)}`))) await untilOk("up");
            }
            await check(`round ${round}`);
        }
        await untilOk("destroy", "");
        const after = await emu.admin.branding(IDS.tenantId);
        if (JSON.stringify(stripUrls(after?.default ?? null)) !== JSON.stringify(stripUrls(original?.default ?? null))) {
            results.restoreProblems.push(`default branding after destroy: ${JSON.stringify(stripUrls(after?.default))}`);
        }
        if (Object.keys(after?.localizations ?? {}).length > 0)
            results.restoreProblems.push(`localizations left: ${Object.keys(after!.localizations).join(", ")}`);
        const left = (await emu.admin.powerBi(IDS.tenantId)).datasets;
        if (left.length > 0) results.restoreProblems.push(`datasets left: ${left.map((d) => `${d.name} (${d.id})`).join(", ")}`);
        results.restored = results.restoreProblems.length === 0;
    } finally {
        await emu.close();
    }
    results.requests = stats.requests;
    results.faultsInjected = stats.faults;
    results.faultsByKind = stats.byKind;
    results.faultsAfterServing = stats.served;
    results.throttled = stats.throttled;
    results.retries = stats.retries;
    results.failureMessages = [...failureCounts].map(([message, count]) => ({ message, count })).sort((a, b) => b.count - a.count);
    results.wallTimeMs = Math.round(performance.now() - started);
    return results;
}

function summary(did: string[]): string {
    const counts = new Map<string, number>();
    for (const d of did) counts.set(d, (counts.get(d) ?? 0) + 1);
    return [...counts].map(([d, n]) => (n > 1 ? `${n}x ${d}` : d)).join(", ");
}

function writeImage(dir: string, name: string, bytes: Buffer): string {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return file;
}

// ----------------------------------------------------------------------------------------------------------- CLI

function flag(args: string[], name: string): string | undefined {
    const i = args.indexOf(`--${name}`);
    if (i >= 0) return args[i + 1];
    const eq = args.find((a) => a.startsWith(`--${name}=`));
    return eq?.slice(name.length + 3);
}

async function main(): Promise<void> {
    const args = process.argv.slice(2);
    const number = (name: string, fallback: number): number => {
        const v = flag(args, name);
        if (v === undefined) return fallback;
        const n = Number(v);
        if (!Number.isFinite(n)) throw new Error(`--${name} must be a number, got ${v}`);
        return n;
    };
    const seed = number("seed", Math.floor(Math.random() * 2 ** 31));
    const out = path.resolve(ROOT, flag(args, "out") ?? "soak-results.json");
    const options: SoakOptions = {
        operations: number("operations", 5000),
        seed,
        faultRate: number("fault-rate", 0.1),
        throttlePerSecond: number("throttle", 10),
        throttleRetryAfter: flag(args, "throttle-retry-after") ?? "0.5",
        requestTimeoutSeconds: number("request-timeout", 5),
        initialDatasets: number("initial-datasets", 12),
        workDir: path.join(ROOT, ".tenantkit", `soak-${process.pid}`),
        log: (line) => console.log(line),
    };
    console.log(
        `soak: seed ${seed} (repeat with --seed ${seed}), ${options.operations} operations, faults on ${options.faultRate * 100}% of API requests, throttle ${options.throttlePerSecond}/s`,
    );
    const results = await runSoak(options);
    fs.rmSync(options.workDir, { recursive: true, force: true });
    fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    const problems =
        results.orphans.length +
        results.duplicates.length +
        results.missing.length +
        results.mismatched.length +
        results.uncleanFailures.length +
        results.restoreProblems.length;
    console.log(
        `soak: seed ${seed}: ${results.operations} operations in ${results.rounds.up + results.rounds.refresh + results.rounds.destroy} rounds, ${results.requests} requests, ` +
            `${results.faultsInjected} faults injected (${results.faultsAfterServing} after serving), ${results.throttled} throttled, ${results.retries} retries, ` +
            `${results.failures} failed rounds (longest repair ${results.longestRepair}, unrepaired ${results.unrepaired}), ${results.orphans.length} orphans, ` +
            `${results.duplicates.length} duplicates, ${results.missing.length} missing, ${results.mismatched.length} mismatched, restored: ${results.restored}, ` +
            `${(results.wallTimeMs / 1000).toFixed(1)} s. Results: ${path.relative(ROOT, out)}`,
    );
    process.exitCode = problems > 0 || results.unrepaired > 0 ? 1 : 0;
}

if (require.main === module) {
    main().catch((err: unknown) => {
        console.error(err);
        process.exitCode = 1;
    });
}
