/**
 * The benchmark table of bench/README.md, rendered from `bench/results.json` so the page cannot show figures the file no
 * longer holds: `npm run bench:readme` (and every `npm run bench` that writes the file) rewrites the table between its
 * markers, and test/bench/results.spec.ts fails when the page's table is not what this renders. Each row names the
 * commit and date its figure was measured at, so a reader sees which figures are old.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { RecordedResult } from "./lib";

/** The page that shows the table. */
export const BENCH_PAGE = path.join(__dirname, "README.md");
export const RESULTS = path.join(__dirname, "results.json");
export const BEGIN = "<!-- bench table: generated from bench/results.json by `npm run bench:readme`; do not edit by hand -->";
export const END = "<!-- /bench table -->";

const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** A quantity as a reader takes it in: long times in seconds, large counts grouped. */
export function quantity(value: number, unit: string): string {
    if (unit === "ms" && value >= 1000) return `${(value / 1000).toFixed(1)} s`;
    if ((unit === "ms" && value >= 100) || unit.startsWith("bytes")) return `${NUMBER.format(Math.round(value))} ${unit}`;
    return `${NUMBER.format(value)} ${unit}`;
}

function range(min: number, max: number, runs: number, unit: string): string {
    if (runs === 1) return "1 run";
    if (min === max) return `${runs} runs, all equal`;
    return `${quantity(min, unit)} to ${quantity(max, unit)}, ${runs} runs`;
}

/** Markdown cell text: a pipe would end the cell, and `__` would start bold text. */
function cell(text: string): string {
    return text.replace(/\|/g, "\\|").replace(/_/g, "\\_");
}

/** The entries as markdown table rows, in the file's order. */
export function benchTable(entries: readonly RecordedResult[]): string {
    const rows = [
        "| benchmark | median (spread) | measured against (same run) | ratio | goal | met | measured at |",
        "|---|---|---|---|---|---|---|",
    ];
    for (const r of entries) {
        const c = r.comparison;
        const at = `\`${r.commit.slice(0, 7)}\` ${r.date.slice(0, 10)}${r.dirty ? " (uncommitted changes)" : ""}`;
        const cells = [
            cell(r.name),
            `${quantity(r.value, r.unit)} (${range(r.spread.min, r.spread.max, r.spread.runs, r.unit)})`,
            `${quantity(c.value, c.unit)}: ${cell(c.name)}`,
            String(r.ratio),
            cell(r.goal),
            r.met ? "yes" : "**no**",
            at,
        ];
        rows.push(`| ${cells.join(" | ")} |`);
    }
    return rows.join("\n");
}

export function readResults(file = RESULTS): RecordedResult[] {
    return JSON.parse(fs.readFileSync(file, "utf8")) as RecordedResult[];
}

/** The table as the page must show it, markers included. */
export function renderedSection(entries: readonly RecordedResult[]): string {
    return `${BEGIN}\n${benchTable(entries)}\n${END}`;
}

/** The page's current section between the markers, markers included, or undefined when they are missing. */
export function readmeSection(readme: string): string | undefined {
    const from = readme.indexOf(BEGIN);
    const to = readme.indexOf(END);
    return from < 0 || to < from ? undefined : readme.slice(from, to + END.length);
}

/** Rewrites the page's table from `entries`. */
export function writeReadmeTable(entries: readonly RecordedResult[], file = BENCH_PAGE): void {
    const readme = fs.readFileSync(file, "utf8");
    const current = readmeSection(readme);
    if (current === undefined) throw new Error(`${path.basename(file)} has no benchmark table markers (${BEGIN} ... ${END})`);
    fs.writeFileSync(
        file,
        readme.replace(current, () => renderedSection(entries)),
    );
}

if (require.main === module) {
    writeReadmeTable(readResults());
    console.log("bench/README.md: benchmark table rewritten from bench/results.json");
}
