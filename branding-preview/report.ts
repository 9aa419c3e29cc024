/** The one HTML page of a preview run: per tenant and locale, the page as applied beside the page as declared. */
import type { Side } from "./assets";
import type { Notice } from "./model";
import { escapeHtml } from "./page";

/** A rendered page, as the report lists it. */
export interface ReportEntry {
    readonly tenant: string;
    readonly locale: string;
    readonly side: Side;
    readonly file: string;
    /** Above the picture: which side it is and where it came from. */
    readonly caption: string;
    readonly notices: readonly Notice[];
}

function figure(e: ReportEntry): string {
    const notices = e.notices.length ? `<ul class="notices">${e.notices.map((n) => `<li>${escapeHtml(n.message)}</li>`).join("")}</ul>` : "";
    return `<figure><figcaption>${escapeHtml(e.caption)}</figcaption><a href="${escapeHtml(e.file)}"><img src="${escapeHtml(e.file)}" alt="${escapeHtml(`${e.locale} sign-in page, ${e.side}`)}"></a>${notices}</figure>`;
}

/** The report page; images are the PNG files beside it. `caveats` say why pages may differ from what users see. */
export function reportHtml(entries: readonly ReportEntry[], source: string, caveats: readonly string[]): string {
    const sections: string[] = [];
    const tenants = [...new Set(entries.map((e) => e.tenant))];
    for (const tenant of tenants) {
        const mine = entries.filter((e) => e.tenant === tenant);
        if (tenant !== "") sections.push(`<h2>Tenant ${escapeHtml(tenant)}</h2>`);
        for (const locale of [...new Set(mine.map((e) => e.locale))]) {
            const pair = mine.filter((e) => e.locale === locale).sort((a, b) => (a.side !== "declared" ? -1 : b.side !== "declared" ? 1 : 0));
            sections.push(
                `<section><h3>${escapeHtml(locale === "default" ? "Default branding" : locale)}</h3><div class="pair">${pair.map(figure).join("")}</div></section>`,
            );
        }
    }
    const problems = entries.reduce((n, e) => n + e.notices.length, 0);
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign-in branding preview</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1b1b1b}.pair{display:flex;gap:16px;flex-wrap:wrap}figure{margin:0;flex:1;min-width:360px;max-width:900px}img{width:100%;border:1px solid #c8c6c4}figcaption{font-weight:600;margin-bottom:4px}.notices{color:#a4262c}</style>
</head><body>
<h1>Sign-in branding preview</h1>
<p>From ${escapeHtml(source)}. Each picture is tenantkit's approximation of the Microsoft Entra sign-in page, not Microsoft's page: see tenantkit's docs/branding-preview.md for what differs. ${caveats.map((c) => `<strong>Not what users see yet</strong>: ${escapeHtml(c)}. `).join("")}${problems === 0 ? "No problems found." : `${problems} problem${problems === 1 ? "" : "s"} found: listed under the pages.`}</p>
${sections.join("\n")}
</body></html>
`;
}
