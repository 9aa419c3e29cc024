/**
 * `--shard i/n` on each machine of a CI matrix: together the shards run every tenant exactly once, every machine
 * computes the same shards, and a tenant's shard does not move when other tenants come or go.
 */
import { strict as assert } from "node:assert";
import type { TenantPlan } from "../../provider/fleet/plan";
import { MAX_SHARDS, parseShard, shard, shardOf } from "../../provider/fleet/shard";

const plan = (name: string): TenantPlan => ({ name, tenant: `${name}.onmicrosoft.com`, settings: {}, secrets: {}, resources: {} });
const fleet = (count: number, prefix = "tenant"): TenantPlan[] => Array.from({ length: count }, (_, i) => plan(`${prefix}-${i}`));
const names = (tenants: readonly TenantPlan[]): string[] => tenants.map((t) => t.name);

describe("fleet: shards", () => {
    it("the shards of n hold every tenant exactly once, for every n up to 12", () => {
        const tenants = fleet(200);
        for (let n = 1; n <= 12; n++) {
            const all = Array.from({ length: n }, (_, i) => names(shard(tenants, `${i + 1}/${n}`))).flat();
            assert.deepEqual([...all].sort(), names(tenants).sort(), `n = ${n}`);
        }
    });

    it("a tenant's shard is the same on every machine and in every release: pinned for known names", () => {
        const tenants = ["fabrikam", "northwind", "contoso", "adventure-works", "tailspin", "wingtip"].map(plan);
        assert.deepEqual(
            [1, 2, 3, 4].map((i) => names(shard(tenants, `${i}/4`))),
            [["contoso"], ["northwind", "tailspin", "wingtip"], ["adventure-works"], ["fabrikam"]],
        );
    });

    it("a shard keeps the file's order of its tenants, and does not depend on it", () => {
        const tenants = fleet(50);
        const reversed = [...tenants].reverse();
        const forward = names(shard(tenants, "2/3"));
        assert.deepEqual(names(shard(reversed, "2/3")), [...forward].reverse());
    });

    it("adding and removing tenants moves no other tenant to another shard", () => {
        const before = fleet(100);
        const after = [...before.filter((_, i) => i % 7 !== 0), ...fleet(30, "new")];
        const shards = (tenants: readonly TenantPlan[]) =>
            new Map([1, 2, 3, 4, 5].flatMap((i) => names(shard(tenants, `${i}/5`)).map((n) => [n, i] as const)));
        const was = shards(before);
        const is = shards(after);
        const kept = names(after).filter((n) => n.startsWith("tenant-"));
        assert.equal(kept.length, 85);
        assert.deepEqual(
            kept.filter((n) => is.get(n) !== was.get(n)),
            [],
        );
    });

    it("going from n to n + 1 shards moves only the tenants the new shard takes, about 1 in n + 1", () => {
        const tenants = fleet(2000);
        const moved = tenants.filter((t) => shardOf(t.name, 4) !== shardOf(t.name, 5));
        assert.ok(
            moved.every((t) => shardOf(t.name, 5) === 5),
            "a tenant moved between the old shards",
        );
        assert.ok(moved.length > 300 && moved.length < 500, `${moved.length} of 2000 moved, expected about 400`);
    });

    it("shards are about the same size", () => {
        const tenants = fleet(2000);
        const sizes = [1, 2, 3, 4].map((i) => shard(tenants, `${i}/4`).length);
        assert.ok(
            sizes.every((s) => s > 400 && s < 600),
            `sizes ${sizes.join(", ")}`,
        );
    });

    it("1/1 is the whole fleet", () => {
        const tenants = fleet(20);
        assert.deepEqual(shard(tenants, "1/1"), tenants);
    });

    it(`i/n is read as 1-based, n up to ${MAX_SHARDS}`, () => {
        assert.deepEqual(parseShard("3/8"), { index: 3, count: 8 });
        assert.deepEqual(parseShard(`${MAX_SHARDS}/${MAX_SHARDS}`), { index: MAX_SHARDS, count: MAX_SHARDS });
    });

    const bad: [string, string][] = [
        ["0/3", 'shard "0/3" has no shard 0: i must be 1 to 3'],
        ["4/3", 'shard "4/3" has no shard 4: i must be 1 to 3'],
        ["1/0", 'shard "1/0" asks for 0 shards: n must be 1 to 1000'],
        ["1/1001", 'shard "1/1001" asks for 1001 shards: n must be 1 to 1000'],
        ["2", 'shard "2" is not i/n, such as 1/4 (the first of four shards)'],
        ["1/2.5", 'shard "1/2.5" is not i/n, such as 1/4 (the first of four shards)'],
        ["-1/2", 'shard "-1/2" is not i/n, such as 1/4 (the first of four shards)'],
    ];
    for (const [spec, message] of bad) {
        it(`"${spec}" is refused, naming it`, () => {
            assert.throws(() => shard(fleet(3), spec), { message });
        });
    }
});
