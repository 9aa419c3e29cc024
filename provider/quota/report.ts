/** Findings as a text table, for `tenantkit-quota` and for programs that print their own reports. */
import type { Finding } from "./types";

/** Options of {@link formatFindings}. */
export interface FormatOptions {
    /** Include `ok` findings (default: only warnings and exceeded, with a count of the rest). */
    all?: boolean;
}

const HEADERS = ["status", "limit", "scope", "planned", "existing", "unknown scope", "total", "max", "use", "fixed"];

/** A table of findings, worst first, and a line that sums them up. */
export function formatFindings(findings: readonly Finding[], options: FormatOptions = {}): string {
    const shown = options.all ? findings : findings.filter((f) => f.status !== "ok");
    const rows = shown.map((f) => [
        f.status.toUpperCase(),
        `${f.limit.resource}: ${f.limit.metric} per ${f.limit.scope.toLowerCase()}`,
        f.scope ?? "(not known until apply)",
        String(f.planned),
        String(f.existing),
        String(f.unknownScope),
        String(f.total),
        f.limit.limitText,
        f.over > 0 ? `${f.over} over` : `${Math.floor((f.total / f.max) * 100)}%`,
        f.limit.fixed ? "yes" : "no",
    ]);
    const counts = { exceeded: 0, warning: 0, ok: 0 };
    for (const f of findings) counts[f.status] += 1;
    const summary = `${findings.length} limit checks: ${counts.exceeded} exceeded, ${counts.warning} at or above the warning share, ${counts.ok} ok`;
    const details = shown.filter((f) => f.status === "exceeded").map((f) => `- ${f.message}`);
    return [rows.length > 0 ? table(HEADERS, rows) : "", summary, ...details].filter((s) => s !== "").join("\n");
}

function table(headers: string[], rows: string[][]): string {
    const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]): string =>
        cells
            .map((c, i) => c.padEnd(widths[i]))
            .join("  ")
            .trimEnd();
    return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
