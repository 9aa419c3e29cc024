import { strict as assert } from "node:assert";
import { checkUsage, QuotaUsageError } from "../../provider/quota/check";
import { resourceLimits, limitById } from "../../provider/quota/limits";
import { Tally } from "../../provider/quota/tally";
import type { PlannedUsage } from "../../provider/quota/types";

const numeric = resourceLimits.filter((l) => l.limit.kind === "number");

describe("quota.checkUsage", () => {
    it("writes the message a person can act on: planned, existing, limit, fixed, how far over", () => {
        const [f] = checkUsage([{ limit: "sql-warehouses/total-number/workspace", scope: "prod", planned: 12 }], {
            existing: { "sql-warehouses/total-number/workspace": { prod: 995 } },
        });
        assert.equal(f.status, "exceeded");
        assert.equal(f.over, 7);
        assert.equal(f.raisable, false);
        assert.match(f.message, /^12 SQL warehouses planned in workspace prod, 995 exist, limit 1000 \(fixed\): 7 over\./);
        assert.match(f.message, /remove 7 from the plan/);
    });

    // One row of each scope kind would do; every numeric row is as cheap and catches a wrong value anywhere.
    for (const limit of numeric) {
        const max = (limit.limit as { value: number }).value;
        it(`${limit.id}: exactly ${max} passes, ${max + 1} is exceeded by 1`, () => {
            const existing = Math.floor(max / 2);
            const at = checkUsage([{ limit: limit.id, scope: "s1", planned: max - existing }], { existing: { [limit.id]: { s1: existing } } });
            assert.equal(at.length, 1);
            assert.equal(at[0].status, "warning", "at the limit is at or above the warning share, not exceeded");
            assert.equal(at[0].total, max);
            const over = checkUsage([{ limit: limit.id, scope: "s1", planned: max - existing + 1 }], { existing: { [limit.id]: { s1: existing } } });
            assert.equal(over[0].status, "exceeded");
            assert.equal(over[0].over, 1);
            assert.equal(over[0].raisable, !limit.fixed);
            assert.match(over[0].message, limit.fixed ? /\(fixed\)/ : /can be raised through the account team/);
        });
    }

    it("covers every scope kind of the table in the loop above", () => {
        const kinds = new Set(numeric.map((l) => l.scope));
        for (const kind of [
            "Account",
            "Workspace",
            "Metastore",
            "Share",
            "Schema",
            "Catalog",
            "Endpoint",
            "Index",
            "Subscription",
            "Per region per subscription",
            "Region",
            "NCC",
        ]) {
            assert.ok(kinds.has(kind), `no numeric row with scope ${kind}`);
        }
    });

    it("reports ok below warnAt, warning from warnAt, in one run for every scope", () => {
        const id = "secrets/scopes/workspace";
        const findings = checkUsage([
            { limit: id, scope: "a", planned: 799 },
            { limit: id, scope: "b", planned: 800 },
            { limit: id, scope: "c", planned: 1001 },
        ]);
        assert.deepEqual(
            findings.map((f) => [f.scope, f.status]),
            [
                ["c", "exceeded"],
                ["b", "warning"],
                ["a", "ok"],
            ],
        );
        assert.equal(checkUsage([{ limit: id, scope: "b", planned: 800 }], { warnAt: 0.9 })[0].status, "ok");
    });

    it("counts usage whose scope is unknown until apply against the fullest scope, and says so", () => {
        const id = "vector-search/indexes/endpoint";
        const findings = checkUsage([
            { limit: id, scope: "vs1", planned: 45 },
            { limit: id, scope: "vs2", planned: 10 },
            { limit: id, scope: null, planned: 6 },
        ]);
        const vs1 = findings.find((f) => f.scope === "vs1");
        assert.equal(vs1?.status, "exceeded");
        assert.equal(vs1?.total, 51);
        assert.match(vs1?.message ?? "", /6 more whose endpoint is not known until apply \(counted here as the worst case\)/);
        assert.match(vs1?.message ?? "", /Make the endpoint known at preview/);
        assert.equal(findings.find((f) => f.scope === "vs2")?.status, "ok");
    });

    it("applies existing counts given for '*' to every scope, and to scopes with only existing objects", () => {
        const id = "apps/app/workspace";
        const findings = checkUsage([{ limit: id, scope: null, planned: 3 }], { existing: { [id]: { "*": 10, prod: 98 } } });
        const prod = findings.find((f) => f.scope === "prod");
        assert.equal(prod?.status, "exceeded");
        assert.equal(prod?.total, 101);
    });

    it("refuses an unknown limit id, a reference limit and a bad warnAt, naming them", () => {
        assert.throws(
            () => checkUsage([{ limit: "no/such/limit", scope: "x", planned: 1 }]),
            (e: Error) => e instanceof QuotaUsageError && /no\/such\/limit/.test(e.message),
        );
        const reference = resourceLimits.find((l) => l.limit.kind === "reference");
        assert.ok(reference);
        assert.throws(() => checkUsage([{ limit: reference.id, scope: "x", planned: 1 }]), /is not a number/);
        assert.throws(() => checkUsage([], { warnAt: 1.5 }), /warnAt/);
        assert.throws(() => checkUsage([{ limit: "apps/app/workspace", scope: "x", planned: -1 }]), /non-negative/);
    });
});

describe("quota finding messages name one in the singular", () => {
    const messageFor = (id: string, planned: number): string => checkUsage([{ limit: id, scope: "w", planned }])[0]!.message;

    it("says 1 SQL warehouse, and 0 or 2 SQL warehouses", () => {
        assert.match(messageFor("sql-warehouses/total-number/workspace", 1), /^1 SQL warehouse planned in workspace w,/);
        assert.match(messageFor("sql-warehouses/total-number/workspace", 2), /^2 SQL warehouses planned in workspace w,/);
        assert.match(messageFor("sql-warehouses/total-number/workspace", 0), /^0 SQL warehouses planned/);
    });

    it("makes singular each plural word up to a qualifier, 'and' becoming 'or', and keeps units", () => {
        const one = (noun: string): string => {
            const limit = resourceLimits.find((l) => l.noun === noun && l.limit.kind === "number");
            assert.ok(limit, `no numeric limit counts ${noun}`);
            return messageFor(limit.id, 1).split(" planned ")[0]!;
        };
        assert.equal(one("users and service principals"), "1 user or service principal");
        assert.equal(one("layers of nested groups"), "1 layer of nested groups");
        assert.equal(one("files (notebooks included)"), "1 file (notebooks included)");
        assert.equal(one("vector search indexes"), "1 vector search index");
        assert.equal(one("registered model aliases"), "1 registered model alias");
        assert.equal(one("IP access CIDR entries"), "1 IP access CIDR entry");
        assert.equal(one("jobs created in one hour"), "1 job created in one hour");
    });
});

describe("quota existing counts", () => {
    const id = "sql-warehouses/total-number/workspace";

    // Regression: `existing[scope]` read Object.prototype members, so a workspace named "constructor" got the
    // Object function as its existing count and a total of text.
    it("treats scopes named like Object.prototype members as scopes, in checkUsage and in Tally", () => {
        for (const scope of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
            const existing = { [id]: { "*": 5 } };
            const [f] = checkUsage([{ limit: id, scope, planned: 1 }], { existing });
            assert.equal(f.total, 6, scope);
            assert.equal(f.existing, 5, scope);
            assert.match(f.message, new RegExp(`^1 SQL warehouse planned in workspace ${scope}, 5 exist`));
            const tally = new Tally(existing);
            const [t] = tally.add([{ limit: id, scope, amount: 1 }]);
            assert.equal(t.total, 6, scope);
        }
    });

    it("refuses counts that are not non-negative numbers, naming the limit and the scope", () => {
        const bad: Array<[unknown, RegExp]> = [
            [
                { [id]: { prod: "995" } },
                /existing count of sql-warehouses\/total-number\/workspace in "prod" must be a non-negative number, got the text "995"/,
            ],
            [{ [id]: { "*": -1 } }, /in "\*" must be a non-negative number, got -1/],
            [{ [id]: 5 }, /existing counts of sql-warehouses\/total-number\/workspace must be an object/],
            [[1, 2], /existing counts must be an object/],
        ];
        for (const [existing, message] of bad) {
            const run = (): unknown => checkUsage([{ limit: id, scope: "prod", planned: 1 }], { existing: existing as never });
            assert.throws(run, (e: Error) => e instanceof QuotaUsageError && message.test(e.message), JSON.stringify(existing));
            assert.throws(
                () => new Tally(existing as never),
                (e: Error) => e instanceof QuotaUsageError && message.test(e.message),
                JSON.stringify(existing),
            );
        }
    });
});

describe("quota Tally (one registration at a time)", () => {
    it("ends with the same findings as checkUsage over the same usage", () => {
        const usage: PlannedUsage[] = [];
        const ids = ["data-catalog/table/schema", "apps/app/workspace", "vector-search/indexes/endpoint"];
        let seed = 7;
        const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
        for (let i = 0; i < 3000; i++) {
            const limit = ids[next(ids.length)];
            usage.push({ limit, scope: next(10) === 0 ? null : `s${next(4)}`, planned: 1 + next(3) });
        }
        const existing = { "apps/app/workspace": { s1: 40, "*": 5 } };
        const tally = new Tally(existing);
        for (const u of usage) tally.add([{ limit: u.limit, scope: u.scope, amount: u.planned }]);
        const key = (f: { limit: { id: string }; scope: string | null; total: number; status: string }): string =>
            `${f.limit.id} ${f.scope} ${f.total} ${f.status}`;
        assert.deepEqual(tally.findings().map(key).sort(), checkUsage(usage, { existing }).map(key).sort());
    });

    it("ends with checkUsage's findings when registrations use many limits, several at a time", () => {
        const ids = numeric.slice(0, 20).map((l) => l.id);
        const usage: PlannedUsage[] = [];
        let seed = 3;
        // The high bits: the low ones of this generator repeat with a short period.
        const next = (n: number): number => Math.floor(((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * n);
        const tally = new Tally();
        for (let i = 0; i < 2000; i++) {
            const uses = Array.from({ length: 1 + next(4) }, () => ({ limit: ids[next(ids.length)], scope: `s${next(3)}`, amount: 1 + next(5) }));
            tally.add(uses);
            for (const u of uses) usage.push({ limit: u.limit, scope: u.scope, planned: u.amount });
        }
        const key = (f: { limit: { id: string }; scope: string | null; total: number; status: string }): string =>
            `${f.limit.id} ${f.scope} ${f.total} ${f.status}`;
        assert.deepEqual(tally.findings().map(key).sort(), checkUsage(usage).map(key).sort());
        assert.equal(new Set(tally.findings().map((f) => f.limit.id)).size, 20);
    });

    it("add with a least severity returns exactly the findings of add at or above it", () => {
        const ids = ["data-catalog/table/schema", "apps/app/workspace", "secrets/scopes/workspace"];
        const existing = { "apps/app/workspace": { s1: 40, "*": 5 } };
        const all = new Tally(existing);
        const some = new Tally(existing);
        let seed = 11;
        const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
        let flagged = 0;
        for (let i = 0; i < 4000; i++) {
            // Several uses per call, the same (limit, scope) twice now and then, a scope unknown until apply too.
            const uses = Array.from({ length: 1 + next(3) }, () => ({
                limit: ids[next(ids.length)],
                scope: next(8) === 0 ? null : `s${next(3)}`,
                amount: 1 + next(40),
            }));
            const key = (f: { limit: { id: string }; scope: string | null; total: number; status: string; message: string }): string =>
                `${f.limit.id} ${f.scope} ${f.total} ${f.status} ${f.message}`;
            const expected = all
                .add(uses)
                .filter((f) => f.status !== "ok")
                .map(key);
            const got = some.add(uses, "warning").map(key);
            assert.deepEqual(got, expected, `call ${i}`);
            flagged += got.length;
        }
        assert.ok(flagged > 100, "the random usage crosses the warning share and the limits");
    });

    it("reports every touched (limit, scope) at warning or above with its total after the whole call, also one touched twice", () => {
        const ids = ["data-catalog/table/schema", "apps/app/workspace", "secrets/scopes/workspace"];
        const existing = { "apps/app/workspace": { s1: 40, "*": 5 } };
        const tally = new Tally(existing);
        let seed = 5;
        const next = (n: number): number => Math.floor(((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * n);
        let twice = 0;
        let reported = 0;
        for (let i = 0; i < 600; i++) {
            const uses = Array.from({ length: 1 + next(4) }, () => ({
                limit: ids[next(ids.length)],
                scope: next(8) === 0 ? null : `s${next(2)}`,
                amount: 1 + next(30),
            }));
            const known = uses.filter((u) => u.scope !== null).map((u) => `${u.limit} ${u.scope}`);
            if (new Set(known).size < known.length) twice += 1;
            const got = tally.add(uses, "warning");
            // What the tally holds once the call is done: every finding of the call must show it, none may be missing.
            const after = new Map(tally.findings().map((f) => [`${f.limit.id} ${f.scope}`, f]));
            const gotKnown = got.filter((f) => f.scope !== null);
            for (const f of gotKnown) assert.equal(f.total, after.get(`${f.limit.id} ${f.scope}`)?.total, `call ${i}: ${f.limit.id} in ${f.scope}`);
            // A use whose scope is unknown is judged in the fullest scope: those findings come on top.
            const gotKeys = new Set(gotKnown.map((f) => `${f.limit.id} ${f.scope}`));
            for (const k of new Set(known))
                if (after.get(k)?.status !== "ok") assert.ok(gotKeys.has(k), `call ${i}: ${k} is ${after.get(k)?.status} but not reported`);
            reported += gotKnown.length;
        }
        assert.ok(twice > 50, "calls that touch the same (limit, scope) twice are common in this sequence");
        assert.ok(reported > 100, "the sequence crosses the warning share");
    });

    it("returns the finding of each touched scope as it crosses the limit", () => {
        const tally = new Tally({}, 0.8);
        const id = limitById("secrets/scopes/workspace").id;
        let last = tally.add([{ limit: id, scope: "w", amount: 1000 }]);
        assert.equal(last[0].status, "warning");
        last = tally.add([{ limit: id, scope: "w", amount: 1 }]);
        assert.equal(last[0].status, "exceeded");
        assert.equal(last[0].over, 1);
    });
});
