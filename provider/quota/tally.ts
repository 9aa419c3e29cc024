/**
 * A running count of limit uses, for checks one registration at a time (`enforceQuotas`): each `add` judges
 * only the (limit, scope) pairs it touched, in constant time per use, so 100,000 registrations stay cheap.
 * The outcome equals `checkUsage` over everything added so far.
 */
import { judge, maxOf, validWarnAt, QuotaUsageError } from "./check";
import { resourceLimits } from "./limits";
import type { ExistingCounts, Finding, LimitUse, PlannedUsage, ResourceLimit } from "./types";

interface LimitCounts {
    limit: ResourceLimit;
    max: number;
    planned: Map<string, number>;
    unknown: number;
    /** The scope with the highest planned + existing, where unknown-scope usage is judged (the worst case). */
    fullest: { scope: string | null; total: number };
}

/** Running usage of every limit with the findings each addition causes. */
export class Tally {
    private readonly counts = new Map<string, LimitCounts>();
    private readonly byId: Map<string, ResourceLimit>;
    private readonly warnAt: number;

    constructor(private readonly existing: ExistingCounts = {}, warnAt?: number, limits: readonly ResourceLimit[] = resourceLimits) {
        this.warnAt = validWarnAt(warnAt);
        this.byId = new Map(limits.map((l) => [l.id, l]));
        for (const id of Object.keys(existing)) this.limitCounts(id);
    }

    /** Adds uses; returns the finding of every (limit, scope) they touched, after the addition. */
    add(uses: readonly LimitUse[]): Finding[] {
        const touched = new Map<string, { c: LimitCounts; scope: string | null }>();
        for (const u of uses) {
            if (!(Number.isFinite(u.amount) && u.amount > 0)) continue;
            const c = this.limitCounts(u.limit);
            if (u.scope === null) {
                c.unknown += u.amount;
            } else {
                const planned = (c.planned.get(u.scope) ?? 0) + u.amount;
                c.planned.set(u.scope, planned);
                const total = planned + this.existingIn(u.limit, u.scope);
                if (total > c.fullest.total || c.fullest.scope === null) c.fullest = { scope: u.scope, total };
            }
            // Unknown-scope usage is judged where it hurts most: in the fullest scope.
            const scope = u.scope ?? c.fullest.scope;
            touched.set(`${u.limit}\u0000${scope}`, { c, scope });
        }
        return [...touched.values()].map(({ c, scope }) => this.judgeIn(c, scope));
    }

    /** Every (limit, scope) with usage so far, as `checkUsage` would report them. */
    findings(): Finding[] {
        const out: Finding[] = [];
        for (const c of this.counts.values()) {
            const scopes = new Set<string | null>(c.planned.keys());
            if (c.unknown > 0) {
                // As checkUsage: unknown-scope usage may land in any scope, also one holding only existing objects.
                for (const scope of Object.keys(this.existing[c.limit.id] ?? {})) if (scope !== "*") scopes.add(scope);
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
        const planned = scope === null ? 0 : c.planned.get(scope) ?? 0;
        return judge(c.limit, c.max, scope, planned, this.existingIn(c.limit.id, scope), c.unknown, this.warnAt);
    }

    private existingIn(limit: string, scope: string | null): number {
        const e = this.existing[limit];
        return (scope !== null ? e?.[scope] : undefined) ?? e?.["*"] ?? 0;
    }

    private limitCounts(id: string): LimitCounts {
        let c = this.counts.get(id);
        if (c) return c;
        const limit = this.byId.get(id);
        if (!limit) throw new QuotaUsageError(`no resource limit has the id "${id}"; see quota.resourceLimits for the ids`);
        c = { limit, max: maxOf(limit), planned: new Map(), unknown: 0, fullest: { scope: null, total: this.existingIn(id, null) } };
        // Scopes where only existing objects are can be the fullest for unknown-scope usage.
        for (const [scope, n] of Object.entries(this.existing[id] ?? {})) {
            if (scope !== "*" && (n > c.fullest.total || c.fullest.scope === null)) c.fullest = { scope, total: n };
        }
        this.counts.set(id, c);
        return c;
    }
}
