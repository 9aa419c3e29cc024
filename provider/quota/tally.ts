/**
 * A running count of limit uses, for checks one registration at a time (`enforceQuotas`): each `add` judges only
 * the (limit, scope) pairs it touched, so the cost of a registration does not grow with the plan. Counting and
 * judging are `checkUsage`'s own (check.ts), so the outcome equals `checkUsage` over everything added so far.
 */
import { addTo, checkExistingShape, countsOf, judge, judgeEvery, statusOf, totalIn, validWarnAt } from "./check";
import type { LimitCounts } from "./check";
import { resourceLimits } from "./limits";
import type { ExistingCounts, Finding, LimitUse, PlannedUsage, ResourceLimit } from "./types";

/** A limit's counts and, for usage whose scope is unknown, its fullest scope: where such usage is judged. */
interface RunningCounts extends LimitCounts {
    /** The scope with the highest planned + existing (null while there is none). */
    fullest: string | null;
    fullestTotal: number;
}

const RANK: Record<Finding["status"], number> = { ok: 0, warning: 1, exceeded: 2 };

/** Running usage of every limit with the findings each addition causes. */
export class Tally {
    private readonly counts = new Map<string, RunningCounts>();
    private readonly byId: Map<string, ResourceLimit>;
    private readonly warnAt: number;

    constructor(
        private readonly existing: ExistingCounts = {},
        warnAt?: number,
        limits: readonly ResourceLimit[] = resourceLimits,
    ) {
        this.warnAt = validWarnAt(warnAt);
        this.byId = new Map(limits.map((l) => [l.id, l]));
        // Existing counts are checked now, so a mistake in them fails the program before its first resource.
        if (checkExistingShape(existing)) for (const id of Object.keys(existing)) this.countsFor(id);
    }

    /**
     * Adds uses (those of one registration; a non-positive amount is dropped), then returns the finding of every
     * (limit, scope) they touched at `least` severity or above, after the whole addition. Usage whose scope is
     * unknown is judged in the fullest scope of its limit, the worst case.
     */
    add(uses: readonly LimitUse[], least: Finding["status"] = "ok"): Finding[] {
        for (const u of uses) if (counts(u)) this.addOne(this.countsFor(u.limit), u.scope, u.amount);
        const out: Finding[] = [];
        for (const u of uses) {
            if (!counts(u)) continue;
            const c = this.countsFor(u.limit);
            const scope = u.scope ?? c.fullest;
            if (RANK[statusOf(totalIn(c, scope), c.max, this.warnAt)] < RANK[least]) continue;
            if (!out.some((f) => f.limit === c.limit && f.scope === scope)) out.push(judge(c, scope, this.warnAt));
        }
        return out;
    }

    /** Every (limit, scope) with usage so far, as `checkUsage` would report them (unsorted). */
    findings(): Finding[] {
        return [...this.counts.values()].flatMap((c) => (c.planned.size > 0 || c.unknown > 0 ? judgeEvery(c, this.warnAt) : []));
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

    private addOne(c: RunningCounts, scope: string | null, amount: number): void {
        addTo(c, scope, amount);
        if (scope === null) return;
        const total = totalIn(c, scope) - c.unknown;
        if (c.fullest === null || total > c.fullestTotal) {
            c.fullest = scope;
            c.fullestTotal = total;
        }
    }

    private countsFor(id: string): RunningCounts {
        let c = this.counts.get(id);
        if (c) return c;
        c = { ...countsOf(this.byId, id, this.existing), fullest: null, fullestTotal: 0 };
        c.fullestTotal = c.existing.elsewhere;
        // Scopes where only existing objects are can be the fullest for unknown-scope usage.
        for (const [scope, n] of c.existing.byScope) {
            if (c.fullest === null || n > c.fullestTotal) {
                c.fullest = scope;
                c.fullestTotal = n;
            }
        }
        this.counts.set(id, c);
        return c;
    }
}

/** Whether a use counts: amounts of 0 or less (or not numbers) are dropped. */
function counts(u: LimitUse): boolean {
    return Number.isFinite(u.amount) && u.amount > 0;
}
