import { strict as assert } from "node:assert";
import type { Clock } from "../../provider/core/http/limiter";
import { defaultBurst, formatDuration, limiterFor, minimumApiTime, type PlannedCall, type RateLimit } from "../../provider/quota";
import { resetRateLimiters } from "../../provider/quota/rateLimiter";

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A clock with a timer queue: `run` fires timers in time order and moves time to each, never sleeping for real. */
function fakeClock(): Clock & { run(): Promise<void> } {
    let t = 0;
    let seq = 0;
    const timers: { at: number; seq: number; fire: () => void }[] = [];
    return {
        now: () => t,
        sleep: (ms) => new Promise<void>((fire) => timers.push({ at: t + Math.max(0, ms), seq: seq++, fire })),
        async run() {
            await settle();
            for (;;) {
                timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
                const next = timers.shift();
                if (!next) return;
                t = Math.max(t, next.at);
                next.fire();
                await settle();
            }
        },
    };
}

/** Starts `n` acquires of `acquire` and records, per call, when it was granted (in the order granted). */
function startAcquires(clock: Clock, n: number, acquire: () => Promise<void>, label = "", log: { label: string; at: number }[] = []) {
    for (let i = 0; i < n; i++) void acquire().then(() => log.push({ label: `${label}${i}`, at: clock.now() }));
    return log;
}

/** The most grants inside any window [t, t + w]. */
function mostInWindow(times: number[], w: number): number {
    const sorted = [...times].sort((a, b) => a - b);
    return Math.max(...sorted.map((start) => sorted.filter((t) => t >= start && t <= start + w).length));
}

/** A table entry for tables passed by the test (the spec's table is covered by test/quota/tables.spec.ts). */
const entry = (over: Partial<RateLimit> & Pick<RateLimit, "operation" | "limit" | "per" | "quota">): RateLimit => ({
    ...{ api: "Test API", match: "path", scope: "Workspace", fixed: true, sharing: "stated" },
    source: { api: "Test API", operation: over.operation, limit: "", scope: "Workspace", fixed: "Yes" },
    ...over,
});

describe("quota rate limits: minimum API time of a plan", () => {
    it("needs at least 250 s for 5,000 job creates at 20 per second, and says so", () => {
        const est = minimumApiTime([{ operation: "/jobs/create", scope: "prod", count: 5000 }]);
        assert.equal(est.seconds, 250);
        assert.equal(est.bottleneck?.message, "5000 calls of /jobs/create in workspace prod at 20 per second (Jobs API, fixed): at least 4 min 10 s");
        assert.deepEqual(est.unmatched, []);
    });

    it("adds up calls of /jobs/runs/output and /jobs/runs/get-output, which share one quota", () => {
        const est = minimumApiTime([
            { operation: "/jobs/runs/output", scope: "prod", count: 1000 },
            { operation: "/jobs/runs/get-output", scope: "prod", count: 1000 },
        ]);
        assert.equal(est.seconds, 100);
        assert.equal(est.byQuota.length, 1);
        assert.equal(est.byQuota[0].calls, 2000);
        assert.match(est.byQuota[0].message, /^2000 calls of \/jobs\/runs\/output, \/jobs\/runs\/get-output \(one shared budget\) in workspace prod/);
    });

    it("keeps /jobs/create and /jobs/get apart, since each has its own quota", () => {
        const est = minimumApiTime([
            { operation: "/jobs/create", scope: "prod", count: 1000 },
            { operation: "/jobs/get", scope: "prod", count: 1000 },
        ]);
        assert.equal(est.seconds, 50);
        assert.equal(est.byQuota.length, 2);
    });

    it("keeps workspaces apart: the same calls in two workspaces take no longer than in one", () => {
        const est = minimumApiTime([
            { operation: "/jobs/create", scope: "prod", count: 5000 },
            { operation: "/jobs/create", scope: "dev", count: 5000 },
        ]);
        assert.equal(est.seconds, 250);
        assert.deepEqual(est.byQuota.map((q) => q.scope).sort(), ["dev", "prod"]);
    });

    it("divides per-minute rows by 60: 70 workspace SCIM POSTs at 35 per minute take 120 s", () => {
        const est = minimumApiTime([{ api: "Workspace-level SCIM API", operation: "POST", scope: "prod", count: 70, label: "create users" }]);
        assert.equal(est.seconds, 120);
        assert.equal(
            est.bottleneck?.message,
            "70 calls of POST (create users) in workspace prod at 35 per minute (Workspace-level SCIM API, fixed): at least 2 min",
        );
    });

    it("applies both the workspace and the IP address budget to /catalog/shares; the stricter one is the bottleneck", () => {
        const one = minimumApiTime([{ operation: "/catalog/shares", scope: "prod", count: 300 }]);
        assert.deepEqual(
            one.byQuota.map((q) => [q.scope, q.seconds]),
            [
                ["prod", 45],
                ["this machine", 30],
            ],
        );
        assert.equal(one.bottleneck?.scope, "prod");
        // From one machine, the IP address budget is shared by every workspace.
        const two = minimumApiTime([
            { operation: "/catalog/shares", scope: "prod", count: 300 },
            { operation: "/catalog/shares", scope: "dev", count: 300 },
        ]);
        assert.equal(two.seconds, 60);
        assert.equal(
            two.bottleneck?.message,
            "600 calls of /catalog/shares from this machine at 10 per second (Data sharing shares API, raisable): at least 1 min",
        );
    });

    it("reports calls no rate limit row covers instead of dropping them", () => {
        const unknown: PlannedCall[] = [
            { operation: "/clusters/create", scope: "prod", count: 3 },
            { api: "Jobs API", operation: "/jobs/no-such-thing", scope: "prod", count: 1 },
        ];
        const est = minimumApiTime([...unknown, { operation: "/jobs/create", scope: "prod", count: 20 }]);
        assert.deepEqual(est.unmatched, unknown);
        assert.equal(est.seconds, 1);
        const none = minimumApiTime(unknown);
        assert.equal(none.seconds, 0);
        assert.equal(none.bottleneck, undefined);
    });

    it("uses a table passed by the caller", () => {
        const table = [entry({ operation: "/things/*", limit: 2, per: "second", quota: "things" })];
        assert.equal(minimumApiTime([{ operation: "/things/42", scope: "w", count: 10 }], table).seconds, 5);
    });

    it("formats durations for people", () => {
        assert.deepEqual([250, 0.5, 0, 12.34, 60, 3600, ((70 * 60 * 60) / 35) * 1.2].map(formatDuration), [
            "4 min 10 s",
            "0.5 s",
            "0 s",
            "12.3 s",
            "1 min",
            "1 h",
            "2 h 24 min",
        ]);
    });
});

describe("quota rate limits: token buckets and limiters", () => {
    afterEach(() => resetRateLimiters());

    it("lets exactly `burst` calls through at once, then one per 1/rate", async () => {
        const clock = fakeClock();
        const limiter = limiterFor("/t", { clock, table: [entry({ operation: "/t", limit: 20, per: "second", quota: "t" })] });
        assert.equal(defaultBurst(20, "second"), 20);
        const log = startAcquires(clock, 24, () => limiter.acquire());
        await clock.run();
        assert.deepEqual(
            log.map((g) => g.at),
            [...Array<number>(20).fill(0), 50, 100, 150, 200],
        );
    });

    it("does not hand out a per-minute budget at once: 400 per minute starts with 7, then one per 150 ms", async () => {
        const clock = fakeClock();
        const limiter = limiterFor("/t", { clock, table: [entry({ operation: "/t", limit: 400, per: "minute", quota: "t" })] });
        assert.deepEqual([defaultBurst(400, "minute"), defaultBurst(35, "minute")], [7, 1]);
        const log = startAcquires(clock, 9, () => limiter.acquire());
        await clock.run();
        assert.deepEqual(
            log.map((g) => g.at),
            [0, 0, 0, 0, 0, 0, 0, 150, 300],
        );
    });

    it("grants in the order asked for, including across limiters of one budget", async () => {
        const clock = fakeClock();
        const a = limiterFor("/jobs/runs/repair", { clock, scope: "prod" });
        const b = limiterFor("/jobs/runs/repair", { clock, scope: "prod" });
        const log = startAcquires(clock, 7, () => a.acquire(), "a");
        startAcquires(clock, 2, () => b.acquire(), "b", log);
        // A call arriving at 250 ms, with four still queued, goes to the back.
        void clock.sleep(250).then(() => startAcquires(clock, 1, () => a.acquire(), "late", log));
        await clock.run();
        assert.deepEqual(
            log.map((g) => g.label),
            ["a0", "a1", "a2", "a3", "a4", "a5", "a6", "b0", "b1", "late0"],
        );
        assert.deepEqual(
            log.map((g) => g.at),
            [0, 0, 0, 0, 0, 200, 400, 600, 800, 1000],
        );
    });

    it("keeps two limiters of the shared runs/output quota within 20 per second together", async () => {
        const clock = fakeClock();
        const output = limiterFor("/jobs/runs/output", { clock, scope: "prod" });
        const getOutput = limiterFor("/jobs/runs/get-output", { clock, scope: "prod" });
        const log: { label: string; at: number }[] = [];
        for (let i = 0; i < 30; i++) {
            startAcquires(clock, 1, () => output.acquire(), "o", log);
            startAcquires(clock, 1, () => getOutput.acquire(), "g", log);
        }
        await clock.run();
        const times = log.map((g) => g.at);
        assert.equal(Math.max(...times), (60 - 20) * 50);
        for (const w of [0, 49, 50, 500, 1000]) assert.ok(mostInWindow(times, w) <= 20 + Math.floor((20 * w) / 1000), `window ${w} ms`);
    });

    it("gives other workspaces and unshared operations their own buckets", async () => {
        const clock = fakeClock();
        const log = startAcquires(clock, 20, () => limiterFor("/jobs/create", { clock, scope: "prod" }).acquire());
        startAcquires(clock, 20, () => limiterFor("/jobs/create", { clock, scope: "dev" }).acquire(), "", log);
        startAcquires(clock, 20, () => limiterFor("/jobs/get", { clock, scope: "prod" }).acquire(), "", log);
        await clock.run();
        assert.deepEqual([...new Set(log.map((g) => g.at))], [0]);
    });

    it("waits on both the workspace and the IP address budget of /catalog/shares, without holding other workspaces back", async () => {
        const clock = fakeClock();
        const prod = limiterFor("/catalog/shares", { clock, scope: "prod" });
        const dev = limiterFor("/catalog/shares", { clock, scope: "dev" });
        assert.deepEqual(
            prod.budgets.map((b) => b.scope),
            ["prod", "this machine"],
        );
        const log = startAcquires(clock, 20, () => prod.acquire(), "p");
        startAcquires(clock, 20, () => dev.acquire(), "d", log);
        await clock.run();
        const at = (prefix: string): number[] => log.filter((g) => g.label.startsWith(prefix)).map((g) => g.at);
        // Workspace budget: 400 per minute, 7 at once, then one per 150 ms; IP budget: 10 at once, then one per 100 ms.
        assert.deepEqual(at("p").slice(0, 9), [0, 0, 0, 0, 0, 0, 0, 150, 300]);
        // dev's calls use the IP tokens prod cannot use while it waits on its own workspace budget.
        assert.deepEqual(at("d").slice(0, 2), [0, 0]);
        for (const w of [0, 100, 150, 300, 1000, 2000]) {
            assert.ok(mostInWindow([...at("p"), ...at("d")], w) <= 10 + Math.floor((10 * w) / 1000), `IP budget, window ${w} ms`);
            for (const ws of ["p", "d"]) assert.ok(mostInWindow(at(ws), w) <= 7 + Math.floor((400 * w) / 60_000), `${ws} workspace, window ${w} ms`);
        }
    });

    it("gives a call held up by its own budget the next token of the budget it shares with busier callers", async () => {
        const clock = fakeClock();
        const table = [
            entry({ operation: "/slow", limit: 48, per: "minute", quota: "slow" }),
            entry({ operation: "/slow", limit: 10, per: "second", quota: "shared", scope: "IP address" }),
            entry({ operation: "/fast", limit: 10, per: "second", quota: "shared", scope: "IP address" }),
        ];
        const slow = limiterFor("/slow", { clock, table });
        const fast = limiterFor("/fast", { clock, table });
        const log = startAcquires(clock, 2, () => slow.acquire(), "slow");
        startAcquires(clock, 40, () => fast.acquire(), "fast", log);
        await clock.run();
        // 48 per minute is one per 1250 ms; the shared budget's ticks (every 100 ms) never fall on 1250.
        assert.deepEqual(
            log.filter((g) => g.label.startsWith("slow")).map((g) => g.at),
            [0, 1250],
        );
        assert.ok(
            mostInWindow(
                log.map((g) => g.at),
                1000,
            ) <= 20,
        );
    });

    it("runs the call only once the limiter allows it, and returns its result", async () => {
        const clock = fakeClock();
        const limiter = limiterFor("POST", { api: "Account SCIM API", clock, scope: "acme" });
        const started: number[] = [];
        const results = Array.from({ length: 7 }, (_, i) => limiter.run(async () => (started.push(clock.now()), i * 2)));
        await clock.run();
        assert.deepEqual(await Promise.all(results), [0, 2, 4, 6, 8, 10, 12]);
        assert.deepEqual(started, [0, 0, 0, 0, 0, 200, 400]);
    });

    it("starts full again after the registry is reset", async () => {
        const clock = fakeClock();
        const drain = startAcquires(clock, 5, () => limiterFor("/jobs/runs/cancel-all", { clock }).acquire());
        await clock.run();
        assert.equal(drain[4].at, 0);
        const queued = startAcquires(clock, 1, () => limiterFor("/jobs/runs/cancel-all", { clock }).acquire());
        resetRateLimiters();
        const fresh = startAcquires(clock, 1, () => limiterFor("/jobs/runs/cancel-all", { clock }).acquire());
        await clock.run();
        assert.deepEqual([queued[0].at > 0, fresh[0].at], [true, 0]);
    });

    it("refuses an operation no rate limit row matches, naming it", () => {
        assert.throws(() => limiterFor("/clusters/create"), { message: /no rate limit row matches operation "\/clusters\/create"/ });
        assert.throws(() => limiterFor("/jobs/create", { api: "Secrets API", table: [] }), /of API "Secrets API"/);
    });

    it("rejects a table row whose bucket could never grant", () => {
        for (const limit of [0, -1, Number.NaN]) {
            const table = [entry({ operation: "/t", limit, per: "second", quota: "t" })];
            assert.throws(
                () => limiterFor("/t", { table }),
                (e: Error) => e instanceof RangeError && /limit must be a number above 0/.test(e.message),
            );
        }
    });
});
