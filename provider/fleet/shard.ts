/**
 * `--shard i/n`: one machine of a CI matrix takes the tenants of shard i of n, against a backend all of them share.
 * Every machine must compute the same shards from the same file, so a tenant's shard depends on nothing but its name
 * and n: not on the file's order, the other tenants, the machine or the run.
 *
 * Rendezvous (highest random weight) hashing: a tenant goes to the shard k in 1..n whose sha256 of `k:<name>` is the
 * highest. Adding or removing a tenant moves no other tenant; going from n to n + 1 shards moves only the tenants
 * the new shard wins (about 1 in n + 1), where `hash mod n` would move nearly all of them. Shards are balanced only on
 * average: with few tenants one shard may get none, which is a shard with nothing to do, not an error.
 */
import { createHash } from "node:crypto";
import type { TenantPlan } from "./plan";

/**
 * The most shards a spec may ask for: each tenant costs n hashes, and CI matrices stop well below (GitHub Actions runs
 * at most 256 jobs of one matrix).
 */
export const MAX_SHARDS = 1000;

/** A parsed `i/n`. */
export interface ShardSpec {
    /** 1-based. */
    readonly index: number;
    readonly count: number;
}

/** `i/n` with 1 <= i <= n <= MAX_SHARDS; a bad spec throws an error that names it. */
export function parseShard(spec: string): ShardSpec {
    const m = /^(\d+)\/(\d+)$/.exec(spec.trim());
    const bad = (why: string): never => {
        throw new Error(`shard ${JSON.stringify(spec)} ${why}`);
    };
    if (m === null) return bad("is not i/n, such as 1/4 (the first of four shards)");
    const index = Number(m[1]);
    const count = Number(m[2]);
    if (count < 1 || count > MAX_SHARDS) return bad(`asks for ${count} shards: n must be 1 to ${MAX_SHARDS}`);
    if (index < 1 || index > count) return bad(`has no shard ${index}: i must be 1 to ${count}`);
    return { index, count };
}

/** The shard (1 to count) a tenant's stack belongs to. */
export function shardOf(name: string, count: number): number {
    let best = 1;
    let bestWeight = -1n;
    for (let k = 1; k <= count; k++) {
        const weight = createHash("sha256").update(`${k}:${name}`).digest().readBigUInt64BE(0);
        if (weight > bestWeight) {
            best = k;
            bestWeight = weight;
        }
    }
    return best;
}

/** The tenants of shard `spec` ("i/n", 1-based), in their given order. */
export function shard(tenants: readonly TenantPlan[], spec: string): TenantPlan[] {
    const { index, count } = parseShard(spec);
    return tenants.filter((t) => shardOf(t.name, count) === index);
}
