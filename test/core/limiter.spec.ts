import { strict as assert } from "node:assert";
import { serviceLimiterFor, ServiceLimiter, type Clock } from "../../provider/core/http/limiter";
import { Operation, OperationStopped } from "../../provider/core/http/operation";

/** A clock whose sleep records the wait and moves time forward at once. */
function fakeClock(start = 1_000_000): Clock & { sleeps: number[]; advance(ms: number): void } {
    let t = start;
    const sleeps: number[] = [];
    return {
        sleeps,
        now: () => t,
        sleep: async (ms) => {
            sleeps.push(ms);
            t += ms;
        },
        advance: (ms) => {
            t += ms;
        },
    };
}

/** Let pending promise callbacks run. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe("ServiceLimiter", () => {
    it("is one limiter per service and base URL for the whole process", () => {
        const a = serviceLimiterFor("graph", "https://limiter-test.example/");
        assert.equal(serviceLimiterFor("graph", "https://LIMITER-TEST.example"), a);
        assert.notEqual(serviceLimiterFor("powerbi", "https://limiter-test.example"), a);
        assert.notEqual(serviceLimiterFor("graph", "https://other-limiter-test.example"), a);
    });

    it("is one limiter per tenant and identity within a service and base URL", () => {
        const base = "https://limiter-scope-test.example";
        const a = serviceLimiterFor("graph", base, undefined, { tenant: "Contoso.onmicrosoft.com", identity: "client-secret:app-1" });
        assert.equal(serviceLimiterFor("graph", base, undefined, { tenant: "contoso.onmicrosoft.com", identity: "client-secret:app-1" }), a);
        assert.notEqual(serviceLimiterFor("graph", base, undefined, { tenant: "fabrikam.onmicrosoft.com", identity: "client-secret:app-1" }), a);
        assert.notEqual(serviceLimiterFor("graph", base, undefined, { tenant: "contoso.onmicrosoft.com", identity: "client-secret:app-2" }), a);
        assert.notEqual(serviceLimiterFor("graph", base), a);
    });

    it("lets at most maxConcurrent requests run and starts the next when one finishes", async () => {
        const limiter = new ServiceLimiter({ maxConcurrent: 2, clock: fakeClock() });
        const releases = [await limiter.acquire(), await limiter.acquire()];
        let thirdStarted = false;
        const third = limiter.acquire().then((release) => {
            thirdStarted = true;
            return release;
        });
        await settle();
        assert.equal(thirdStarted, false);
        assert.equal(limiter.queued, 1);
        releases[0]!();
        releases[0]!(); // a second call must not free a second slot
        (await third)();
        assert.equal(thirdStarted, true);
        assert.equal(limiter.inFlight, 1);
    });

    it("defaults to 8 concurrent requests", () => {
        assert.equal(new ServiceLimiter().maxConcurrent, 8);
        assert.throws(() => new ServiceLimiter({ maxConcurrent: 0 }), /maxConcurrent must be an integer >= 1/);
    });

    it("makes every request wait until the block set after a 429 has passed", async () => {
        const clock = fakeClock();
        const limiter = new ServiceLimiter({ clock });
        limiter.blockFor(2128);
        limiter.blockFor(500); // a shorter block never shortens the current one
        assert.equal(limiter.blockedUntil, clock.now() + 2128);
        const end = limiter.blockedUntil;
        const startedAt = await Promise.all([limiter.run(async () => clock.now()), limiter.run(async () => clock.now())]);
        assert.ok(
            startedAt.every((t) => t >= end),
            `started at ${startedAt.join(", ")}, block ends at ${end}`,
        );
        assert.equal(clock.sleeps[0], 2128);
    });

    // Issue 49, item 6 ("every wait ends on Cancel"): `run` waited for its slot whatever the operation's cancellation.
    it("run's wait for a slot ends when the operation it serves is cancelled, and runs nothing", async () => {
        const limiter = new ServiceLimiter({ maxConcurrent: 1 });
        let release!: () => void;
        const holder = limiter.run(() => new Promise<void>((resolve) => (release = resolve)));
        const cancelled = new AbortController();
        let ran = false;
        const waiting = limiter.run(async () => void (ran = true), undefined, new Operation({ signal: cancelled.signal }));
        await settle();
        cancelled.abort();
        await assert.rejects(waiting, OperationStopped);
        release();
        await holder;
        assert.equal(ran, false);
        assert.equal(limiter.inFlight, 0);
    });

    it("does not wait once the block is over", async () => {
        const clock = fakeClock();
        const limiter = new ServiceLimiter({ clock });
        limiter.blockFor(1000);
        clock.advance(1500);
        await limiter.run(async () => undefined);
        assert.deepEqual(clock.sleeps, []);
    });

    it("waits longer when a 429 extends the block during the wait", async () => {
        const clock = fakeClock();
        const limiter = new ServiceLimiter({ clock });
        limiter.blockFor(1000);
        let extended = false;
        const waiting: Clock = {
            now: clock.now,
            sleep: async (ms) => {
                await clock.sleep(ms);
                if (!extended) {
                    extended = true;
                    limiter.blockFor(3000, clock);
                }
            },
        };
        await limiter.run(async () => undefined, waiting);
        assert.deepEqual(clock.sleeps, [1000, 3000]);
    });

    it("pauses the service for Azure DevOps' X-RateLimit-Delay", async () => {
        const clock = fakeClock();
        const limiter = new ServiceLimiter({ clock });
        limiter.noteResponse({ "X-RateLimit-Delay": "1.5", "X-RateLimit-Resource": "Core" }, 200);
        await limiter.run(async () => undefined);
        assert.deepEqual(clock.sleeps, [1500]);
    });

    it("honours a Retry-After on a successful response up to maxPauseMs, and leaves an error's to the retry", () => {
        const clock = fakeClock();
        const limiter = new ServiceLimiter({ clock, maxPauseMs: 10_000 });
        limiter.noteResponse({ "retry-after": "60" }, 429);
        assert.equal(limiter.blockedUntil, 0);
        limiter.noteResponse({ "retry-after": "60" }, 200);
        assert.equal(limiter.blockedUntil, clock.now() + 10_000);
    });

    it("goes one request at a time while X-RateLimit-Remaining is under a tenth of the limit, and recovers", async () => {
        const limiter = new ServiceLimiter({ maxConcurrent: 4, clock: fakeClock() });
        limiter.noteResponse({ "x-ratelimit-limit": "200", "x-ratelimit-remaining": "12" }, 200);
        assert.equal(limiter.effectiveConcurrency, 1);
        const first = await limiter.acquire();
        let secondStarted = false;
        const second = limiter.acquire().then((release) => {
            secondStarted = true;
            return release;
        });
        await settle();
        assert.equal(secondStarted, false);
        limiter.noteResponse({ "x-ratelimit-limit": "200", "x-ratelimit-remaining": "150" }, 200);
        await settle();
        assert.equal(secondStarted, true);
        assert.equal(limiter.effectiveConcurrency, 4);
        first();
        (await second)();
        assert.equal(limiter.inFlight, 0);
    });

    it("goes one at a time when X-RateLimit-Remaining is 0 without a limit header", () => {
        const limiter = new ServiceLimiter({ clock: fakeClock() });
        limiter.noteResponse({ "x-ratelimit-remaining": "0" }, 200);
        assert.equal(limiter.effectiveConcurrency, 1);
        limiter.noteResponse({ "content-type": "application/json" }, 200);
        assert.equal(limiter.effectiveConcurrency, 1, "a response without the header changes nothing");
    });
});
