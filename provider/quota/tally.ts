/**
 * A running count of limit uses, for checks one registration at a time (`enforceQuotas`): each `add` judges
 * only the (limit, scope) pairs it touched, in constant time per use, so 100,000 registrations stay cheap.
 * The outcome equals `checkUsage` over everything added so far.
 */
import { checkExistingShape, existingOf, judge, maxOf, validWarnAt, QuotaUsageError } from "./check";
import { resourceLimits } from "./limits";
import type { ExistingCounts, Finding, LimitUse, PlannedUsage, ResourceLimit } from "./types";

interface LimitCounts {
    limit: ResourceLimit;
    max: number;
    planned: Map<string, number>;
    unknown: number;
    /** The scope with the highest planned + existing, where unknown-scope usage is judged (the worst case). */
    fullest: { scope: string | null; total: number };
    /** Existing objects by scope (own keys of the `existing` option only), and in every other scope ("*"). */
    existing: ReadonlyMap<string, number>;
    existingElsewhere: number;
}

/** Objects that exist in `scope` (null: a scope not known until apply). */
function existingIn(c: LimitCounts, scope: string | null): number {
    return (scope === null || c.existing.size === 0 ? undefined : c.existing.get(scope)) ?? c.existingElsewhere;
}

/** What a call that finds nothing returns: shared, so the common case allocates no array. */
const NONE: readonly Finding[] = Object.freeze([]);

const LEVEL: Record<Finding["status"], number> = { ok: 0, warning: 1, exceeded: 2 };

/** How many limits {@link Tally} keeps at hand: more than one registration of the usual types uses. */
const RECENT = 8;

/** Running usage of every limit with the findings each addition causes. */
export class Tally {
    private readonly counts = new Map<string, LimitCounts>();
    private readonly byId: Map<string, ResourceLimit>;
    private readonly warnAt: number;
    /** The limits of the uses being added, reused across calls (one registration's uses, a handful). */
    private readonly scratch: Array<LimitCounts | undefined> = [];
    /** Beside it, the planned sum in each use's scope after the addition. */
    private readonly scratchPlanned: number[] = [];
    /** The counts of limits used lately, looked through before the map (see limitCounts). */
    private readonly recent: LimitCounts[] = [];
    /** Their ids, side by side: the look-through reads one small array, not each counts object. */
    private readonly recentIds: string[] = [];
    private nextRecent = 0;

    constructor(
        private readonly existing: ExistingCounts = {},
        warnAt?: number,
        limits: readonly ResourceLimit[] = resourceLimits,
    ) {
        this.warnAt = validWarnAt(warnAt);
        this.byId = new Map(limits.map((l) => [l.id, l]));
        if (checkExistingShape(existing)) for (const id of Object.keys(existing)) this.limitCounts(id);
    }

    /** Adds uses; returns the finding of every (limit, scope) they touched, after the addition. */
    add(uses: readonly LimitUse[]): readonly Finding[] {
        return this.addAndJudge(uses, "ok");
    }

    /**
     * Adds uses; returns the findings at `least` severity among the (limit, scope) pairs they touched, after the
     * addition. With "warning", a registration within its limits builds no finding at all: `enforceQuotas` runs
     * this for every registration, so the common case must allocate next to nothing.
     */
    addAndJudge(uses: readonly LimitUse[], least: Finding["status"]): readonly Finding[] {
        const n = uses.length;
        const counts = this.scratch;
        const planned = this.scratchPlanned;
        for (let i = 0; i < n; i++) {
            const u = uses[i];
            if (!(Number.isFinite(u.amount) && u.amount > 0)) {
                counts[i] = undefined;
                continue;
            }
            const c = (counts[i] = this.limitCounts(u.limit));
            const scope = u.scope;
            if (scope === null) {
                c.unknown += u.amount;
                continue;
            }
            const now = (c.planned.get(scope) ?? 0) + u.amount;
            c.planned.set(scope, now);
            // Kept for the judging below, so it needs no second lookup. When a call uses one (limit, scope) twice,
            // the first use's sum is the lower one: it may be passed over, but the last use holds the final sum, and
            // a finding is built from the counts themselves, not from this.
            planned[i] = now;
            const total = now + existingIn(c, scope);
            if (total > c.fullest.total || c.fullest.scope === null) {
                c.fullest.scope = scope;
                c.fullest.total = total;
            }
        }
        const floor = LEVEL[least];
        let out: Finding[] | undefined;
        let seen: Set<string> | undefined;
        for (let i = 0; i < n; i++) {
            const c = counts[i];
            if (c === undefined) continue;
            counts[i] = undefined;
            const own = uses[i].scope;
            // Unknown-scope usage is judged where it hurts most: in the fullest scope.
            const scope = own ?? c.fullest.scope;
            const total = (own !== null ? planned[i] : scope === null ? 0 : (c.planned.get(scope) ?? 0)) + existingIn(c, scope) + c.unknown;
            // The same comparisons as judge(): exceeded above the limit, warning from warnAt of it.
            const level = total > c.max ? 2 : total >= this.warnAt * c.max ? 1 : 0;
            if (level < floor) continue;
            if (n > 1) {
                const key = `${c.limit.id}\u0000${scope}`;
                if ((seen ??= new Set()).has(key)) continue;
                seen.add(key);
            }
            (out ??= []).push(this.judgeIn(c, scope));
        }
        return out ?? NONE;
    }

    /** Every (limit, scope) with usage so far, as `checkUsage` would report them. */
    findings(): Finding[] {
        const out: Finding[] = [];
        for (const c of this.counts.values()) {
            const scopes = new Set<string | null>(c.planned.keys());
            if (c.unknown > 0) {
                // As checkUsage: unknown-scope usage may land in any scope, also one holding only existing objects.
                for (const scope of c.existing.keys()) scopes.add(scope);
                if (scopes.size === 0) scopes.add(null);
            }
            for (const scope of scopes) out.push(this.judgeIn(c, scope));
        }
        return out;
    }

    /** The usage added so far, one entry per (limit, scope); unknown-scope usage has scope null. */
    usage(): PlannedUsage[] {
        const out: PlannedUsage[] = [];
        for (const [id, c] of this.counts) {
            for (const [scope, planned] of c.planned) out.push({ limit: id, scope, planned });
            if (c.unknown > 0) out.push({ limit: id, scope: null, planned: c.unknown });
        }
        return out;
    }

    private judgeIn(c: LimitCounts, scope: string | null): Finding {
        const planned = scope === null ? 0 : (c.planned.get(scope) ?? 0);
        return judge(c.limit, c.max, scope, planned, existingIn(c, scope), c.unknown, this.warnAt);
    }

    private limitCounts(id: string): LimitCounts {
        // The limits of the last registrations first: a program registers few types, each using a few limits, and
        // an id is the same string each time, so this is a handful of identity checks instead of a hash lookup.
        const ids = this.recentIds;
        for (let i = 0; i < ids.length; i++) if (ids[i] === id) return this.recent[i];
        let c = this.counts.get(id);
        if (c) {
            const at = ids.length < RECENT ? ids.length : (this.nextRecent = (this.nextRecent + 1) % RECENT);
            ids[at] = id;
            this.recent[at] = c;
            return c;
        }
        const limit = this.byId.get(id);
        if (!limit) throw new QuotaUsageError(`no resource limit has the id "${id}"; see quota.resourceLimits for the ids`);
        const { byScope: existing, elsewhere: existingElsewhere } = existingOf(this.existing, id);
        c = {
            limit,
            max: maxOf(limit),
            planned: new Map(),
            unknown: 0,
            fullest: { scope: null, total: existingElsewhere },
            existing,
            existingElsewhere,
        };
        // Scopes where only existing objects are can be the fullest for unknown-scope usage.
        for (const [scope, n] of existing) {
            if (n > c.fullest.total || c.fullest.scope === null) c.fullest = { scope, total: n };
        }
        this.counts.set(id, c);
        return c;
    }
}
