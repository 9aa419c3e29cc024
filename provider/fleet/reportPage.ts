/**
 * The page of `tenantkit-fleet report`: a table of the fleet (a row per tenant: its status, its changes pending, what
 * was changed by hand, its error), then a section per tenant with the same and its sign-in pages before and after,
 * the PNG files beside the page. Plain data in, HTML out: every text is escaped, and nothing here reads a secret.
 */
import { errorHeadline } from "./errorText";
import type { FleetResult, TenantRow } from "./run";

/** One picture of a tenant's page, as the renderer made it (branding-preview/fleet.ts). */
export interface ReportPicture {
    readonly locale: string;
    /** `before`: what the tenant shows now (or what its stack applied); `after`: the fleet's branding over it. */
    readonly side: "before" | "after";
    /** The PNG's file name, beside the page. */
    readonly file: string;
    /** What the picture is, from the renderer. */
    readonly caption: string;
    /** What the renderer could not show on it. */
    readonly notices: readonly string[];
}

/** One tenant of the page: its row of the run, its pictures, and why its "before" is not live when it is not. */
export interface ReportTenant {
    readonly row: TenantRow;
    readonly pictures: readonly ReportPicture[];
    readonly caveat?: string;
}

export interface FleetReportPage {
    readonly project: string;
    /** The fleet file's name, as the command was given it. */
    readonly file: string;
    readonly result: FleetResult;
    /** The tenants in the order of the run's rows. */
    readonly tenants: readonly ReportTenant[];
    /** When the report was made (ISO 8601). */
    readonly generated: string;
}

export function escapeHtml(text: string): string {
    return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const COUNTED = ["create", "update", "replace", "delete"] as const;

/**
 * A row's status as the page words it: `converged`, `changes pending (update 1)`, `drifted, changes pending (update
 * 1)`, `error`.
 */
export function statusText(row: TenantRow): string {
    const counts = COUNTED.filter((c) => row.changes[c] > 0).map((c) => `${c} ${row.changes[c]}`);
    const pending = `changes pending (${counts.join(", ")})`;
    if (row.status === "changes") return pending;
    if (row.status === "drifted" && counts.length > 0) return `drifted, ${pending}`;
    return row.status;
}

/** What was changed by hand, a line per resource: `branding (tenantkit:entra:OrganizationalBranding) update: signInPageText`. */
function driftList(row: TenantRow): string {
    const drift = row.drift ?? [];
    if (drift.length === 0) return "";
    return `<ul class="drift">${drift
        .map(
            (d) =>
                `<li><span class="resource">${escapeHtml(d.resource)}</span> (${escapeHtml(d.type)}) ${escapeHtml(d.op === "delete" ? "deleted by hand" : d.op)}: <span class="properties">${escapeHtml(d.properties.join(", ") || "-")}</span></li>`,
        )
        .join("")}</ul>`;
}

const anchor = (stack: string): string => `tenant-${stack.replace(/[^A-Za-z0-9_-]/g, "_")}`;

function tableRow(t: ReportTenant): string {
    const r = t.row;
    const firstError = r.error === undefined ? "" : errorHeadline(r.error);
    return `<tr data-stack="${escapeHtml(r.stack)}" data-status="${r.status}"><td><a href="#${anchor(r.stack)}">${escapeHtml(r.stack)}</a></td><td>${escapeHtml(r.tenant)}</td><td class="status ${r.status}">${escapeHtml(statusText(r))}</td><td>${driftList(r)}${firstError !== "" ? `<span class="error">${escapeHtml(firstError)}</span>` : ""}</td></tr>`;
}

function figure(p: ReportPicture): string {
    const notices = p.notices.length > 0 ? `<ul class="notices">${p.notices.map((n) => `<li>${escapeHtml(n)}</li>`).join("")}</ul>` : "";
    return `<figure data-side="${p.side}" data-locale="${escapeHtml(p.locale)}"><figcaption>${escapeHtml(p.caption)}</figcaption><a href="${escapeHtml(p.file)}"><img src="${escapeHtml(p.file)}" alt="${escapeHtml(`${p.locale} sign-in page, ${p.side}`)}"></a>${notices}</figure>`;
}

function section(t: ReportTenant): string {
    const r = t.row;
    const locales = [...new Set(t.pictures.map((p) => p.locale))];
    const pairs = locales.map((locale) => {
        const pair = t.pictures.filter((p) => p.locale === locale).sort((a, b) => (a.side === b.side ? 0 : a.side === "before" ? -1 : 1));
        return `<h4>${escapeHtml(locale === "default" ? "Default branding" : locale)}</h4><div class="pair">${pair.map(figure).join("")}</div>`;
    });
    const pictures =
        t.pictures.length > 0
            ? pairs.join("")
            : `<p class="none">No sign-in page: the tenant's resources declare no OrganizationalBranding or localization.</p>`;
    return `<section id="${anchor(r.stack)}" data-stack="${escapeHtml(r.stack)}"><h2>${escapeHtml(r.stack)} <small>${escapeHtml(r.tenant)}</small></h2>
<p class="status ${r.status}">Status: ${escapeHtml(statusText(r))}</p>${r.error !== undefined ? `<pre class="error">${escapeHtml(r.error)}</pre>` : ""}${
        (r.drift ?? []).length > 0 ? `<p>Changed by hand since the last up:</p>${driftList(r)}` : ""
    }${t.caveat !== undefined ? `<p class="caveat"><strong>Before is not what users see now</strong>: ${escapeHtml(t.caveat)}.</p>` : ""}
${pictures}</section>`;
}

/** The report page. */
export function fleetReportHtml(page: FleetReportPage): string {
    const rows = page.result.rows;
    const count = (s: TenantRow["status"]) => rows.filter((r) => r.status === s).length;
    const summary = `${rows.length} tenant${rows.length === 1 ? "" : "s"}: ${count("converged")} converged, ${count("changes")} with changes pending, ${count("drifted")} drifted, ${count("error")} failed`;
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fleet report: ${escapeHtml(page.project)}</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1b1b1b}table{border-collapse:collapse}td,th{border-bottom:1px solid #e1dfdd;padding:4px 8px;text-align:left;vertical-align:top}.converged{color:#107c10}.changes,.drifted{color:#8a6100}.error{color:#a4262c}pre.error{white-space:pre-wrap;background:#fdf3f4;padding:8px}ul.drift{margin:0;padding-left:16px}.pair{display:flex;gap:16px;flex-wrap:wrap}figure{margin:0;flex:1;min-width:320px;max-width:640px}img{width:100%;border:1px solid #c8c6c4}figcaption{font-weight:600;margin-bottom:4px}.notices,.caveat{color:#8a6100}section{margin-top:32px}</style>
</head><body>
<h1>Fleet report: ${escapeHtml(page.project)}</h1>
<p id="summary">${escapeHtml(summary)}. ${page.result.converged ? "The fleet has converged." : "The fleet has not converged."} From ${escapeHtml(page.file)}, ${escapeHtml(page.generated)}. Each picture is tenantkit's approximation of the Microsoft Entra sign-in page, not Microsoft's page.</p>
<table id="tenants"><thead><tr><th>stack</th><th>tenant</th><th>status</th><th>changed by hand, or the error</th></tr></thead><tbody>
${page.tenants.map(tableRow).join("\n")}
</tbody></table>
${page.tenants.map(section).join("\n")}
</body></html>
`;
}
