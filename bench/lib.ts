/**
 * Shared shape and statistics of the benchmarks (`npm run bench`). Benchmarks measure; tests never assert
 * timings. Each figure is a median over repeated runs, with the spread (min, max, and the quartiles) beside it.
 */
import * as v8 from "node:v8";
import * as vm from "node:vm";

/** The spread of the runs behind a median. */
export interface Spread {
    runs: number;
    min: number;
    p25: number;
    p75: number;
    max: number;
}

/** What the figure is measured against, in the same run. */
export interface Comparison {
    name: string;
    value: number;
    unit: string;
    spread: Spread;
}

/** One line of `bench/results.json`. */
export interface BenchResult {
    name: string;
    value: number;
    unit: string;
    spread: Spread;
    comparison: Comparison;
    /** value / comparison.value (or the figure the goal is stated in, see `goal`). */
    ratio: number;
    /** The goal in words, as the issue states it ("p50 ratio at most 1.3"). */
    goal: string;
    met: boolean;
    /** What a reader needs to judge the figure: sizes, counts, failures, the cause of a missed goal. */
    notes?: string;
}

/** The code a figure was measured on: a stale figure is one whose commit predates the code it describes. */
export interface MeasuredAt {
    /** `git rev-parse HEAD` when the run started (40 hex digits). */
    commit: string;
    /** When the figure was measured (ISO 8601). */
    date: string;
    /** The working tree differed from `commit` (results.json aside), so the figure describes uncommitted code. */
    dirty?: boolean;
}

/**
 * One line of `bench/results.json` as the file holds it: a benchmark's result and, beside its fields, the benchmark that
 * measured it and the code it was measured on (flat, so a reader of the file sees `commit` and `date` with the figure).
 */
export interface RecordedResult extends BenchResult, MeasuredAt {
    /** The name `npm run bench -- <name>` runs it by: its declared paths decide when the figure is stale. */
    benchmark: string;
}

/** Options every benchmark gets. */
export interface BenchContext {
    /** Small sizes and few runs: proves the benchmark works (used by the smoke test), measures nothing. */
    quick: boolean;
    /**
     * `--runs N`: repetitions for benchmarks whose one run takes minutes (quota-enforce); the others keep theirs.
     * Undefined: each benchmark's default.
     */
    runs?: number;
    /** Progress lines for the console (not part of the results). */
    log(line: string): void;
}

/** A benchmark module: `bench/<name>.ts` exports `run`. */
export type Benchmark = (ctx: BenchContext) => Promise<BenchResult[]>;

/** Quantile by linear interpolation over sorted values. */
export function quantile(values: readonly number[], q: number): number {
    if (values.length === 0) throw new RangeError("no values");
    const s = [...values].sort((a, b) => a - b);
    const pos = (s.length - 1) * q;
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

/** The median of `values`. */
export function median(values: readonly number[]): number {
    return quantile(values, 0.5);
}

/** The spread of `values`. */
export function spreadOf(values: readonly number[]): Spread {
    return { runs: values.length, min: Math.min(...values), p25: quantile(values, 0.25), p75: quantile(values, 0.75), max: Math.max(...values) };
}

/** Runs `fn` `runs` times (after `warmup` unrecorded runs) and returns what each run returned. */
export async function repeat(runs: number, fn: (i: number) => Promise<number>, warmup = 0): Promise<number[]> {
    for (let i = 0; i < warmup; i++) await fn(-1 - i);
    const out: number[] = [];
    for (let i = 0; i < runs; i++) out.push(await fn(i));
    return out;
}

/**
 * The order the sides of a comparison run in on round `round`: rotated by one each round (A B, B A, A B, ... for a
 * pair), so that neither side always runs first, after the other's garbage and with the caches it warmed, and the
 * machine's drift over a run hits every side alike.
 */
export function inTurn<S>(round: number, sides: readonly S[]): S[] {
    const k = round % sides.length;
    return [...sides.slice(k), ...sides.slice(0, k)];
}

/** Milliseconds an async function takes. */
export async function timeMs(fn: () => Promise<unknown>): Promise<number> {
    const start = process.hrtime.bigint();
    await fn();
    return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Builds a result from the runs of the figure and of its comparison. */
export function result(r: {
    name: string;
    unit: string;
    values: readonly number[];
    comparison: { name: string; unit?: string; values: readonly number[] };
    goal: string;
    /** From the figure's median, its comparison's median and their ratio: was the goal met? */
    met(value: number, comparison: number, ratio: number): boolean;
    notes?: string;
}): BenchResult {
    const value = median(r.values);
    const base = median(r.comparison.values);
    const ratio = base === 0 ? Number.POSITIVE_INFINITY : value / base;
    return {
        name: r.name,
        value: round(value),
        unit: r.unit,
        spread: roundSpread(spreadOf(r.values)),
        comparison: {
            name: r.comparison.name,
            value: round(base),
            unit: r.comparison.unit ?? r.unit,
            spread: roundSpread(spreadOf(r.comparison.values)),
        },
        ratio: round(ratio, 3),
        goal: r.goal,
        met: r.met(value, base, ratio),
        ...(r.notes ? { notes: r.notes } : {}),
    };
}

function round(x: number, digits = 2): number {
    const f = 10 ** digits;
    return Math.round(x * f) / f;
}

function roundSpread(s: Spread): Spread {
    return { runs: s.runs, min: round(s.min), p25: round(s.p25), p75: round(s.p75), max: round(s.max) };
}

/**
 * A full garbage collection now, so a timed run does not pay for the garbage of the run before it (the other side
 * of a comparison). Node exposes `gc` only under --expose-gc; the flag is set here and the function taken from a
 * fresh context, where V8 installs it.
 */
export function collectGarbage(): void {
    v8.setFlagsFromString("--expose-gc");
    (vm.runInNewContext("gc") as () => void)();
}
