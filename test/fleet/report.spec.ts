/**
 * The page of `tenantkit-fleet report` as a user reads it (provider/fleet/reportPage.ts, report.ts reportPageOf): a
 * row per tenant with its status, what was changed by hand and its error's line; a section per tenant with the whole
 * error and its pictures before and after; every text escaped; no credential anywhere, even where a message quoted
 * one. And the command line's `report` and `--out`, a report without a browser, and the error lines a row keeps out
 * of the Automation API's error.
 */
import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseFleetArgs } from "../../provider/fleet/cli";
import { errorHeadline, errorText } from "../../provider/fleet/errorText";
import { reportPageOf, type RenderedTenant } from "../../provider/fleet/report";
import { statusText } from "../../provider/fleet/reportPage";
import type { ChangeCounts, FleetResult, TenantRow } from "../../provider/fleet/run";

const NONE: ChangeCounts = { create: 0, update: 0, replace: 0, delete: 0, same: 3 };
const SECRET = "s3cr3t-value-of-fabrikam";

function row(stack: string, status: TenantRow["status"], more: Partial<TenantRow> = {}): TenantRow {
    return { tenant: `${stack}.onmicrosoft.com`, stack, status, changes: NONE, started: "2026-11-29T12:00:00.000Z", seconds: 1, ...more };
}

function result(rows: TenantRow[]): FleetResult {
    return {
        command: "status",
        rows,
        totals: { ...NONE, tenants: rows.length, errors: rows.filter((r) => r.status === "error").length },
        converged: rows.every((r) => r.status === "converged"),
    };
}

const pages = (name: string, ...locales: string[]): RenderedTenant => ({
    name,
    pages: locales.flatMap((locale) => [
        {
            locale,
            side: "declared",
            file: `${name}.${locale}.png`,
            caption: "After: the program's branding over the tenant's live branding",
            notices: [],
        },
        { locale, side: "live", file: `${name}.${locale}.before.png`, caption: "Before: what the tenant shows now (its live branding)", notices: [] },
    ]),
});

const page = (rows: TenantRow[], rendered: RenderedTenant[] = [], secrets: string[] = []) =>
    reportPageOf({ fleet: { project: "contoso-fleet", file: "/work/fleet.yaml" }, result: result(rows), rendered, secrets, now: new Date(0) });

/** The table row of one stack, as the page has it. */
function tableRow(html: string, stack: string): string {
    const m = new RegExp(`<tr data-stack="${stack}"[^>]*>[\\s\\S]*?</tr>`).exec(html);
    assert.ok(m, `no row for ${stack}`);
    return m[0];
}

/** The section of one stack. */
function section(html: string, stack: string): string {
    const m = new RegExp(`<section id="tenant-${stack}"[\\s\\S]*?</section>`).exec(html);
    assert.ok(m, `no section for ${stack}`);
    return m[0];
}

describe("tenantkit-fleet report's page", () => {
    it("has a row per tenant, in the run's order, each with its status: converged, changes pending with counts, drifted, error", () => {
        const { html } = page([
            row("contoso", "converged"),
            row("fabrikam", "changes", { changes: { ...NONE, create: 2, update: 1 } }),
            row("northwind", "drifted"),
            row("tailspin", "error", { error: "error: the tenant refused the sign-in" }),
        ]);
        const stacks = [...html.matchAll(/<tr data-stack="([^"]+)" data-status="([^"]+)"/g)].map((m) => [m[1], m[2]]);
        assert.deepEqual(stacks, [
            ["contoso", "converged"],
            ["fabrikam", "changes"],
            ["northwind", "drifted"],
            ["tailspin", "error"],
        ]);
        assert.match(tableRow(html, "fabrikam"), />changes pending \(create 2, update 1\)</);
        assert.match(html, /4 tenants: 1 converged, 1 with changes pending, 1 drifted, 1 failed\. The fleet has not converged\./);
        assert.equal(statusText(row("contoso", "converged")), "converged");
    });

    it("says a tenant changed by hand is drifted, with the update that would undo it counted", () => {
        const drift = [{ resource: "branding", type: "tenantkit:entra:OrganizationalBranding", op: "update", properties: ["backgroundColor"] }];
        const { html } = page([row("northwind", "drifted", { drift, changes: { ...NONE, update: 1 } })]);
        assert.match(tableRow(html, "northwind"), />drifted, changes pending \(update 1\)</);
        assert.match(section(html, "northwind"), /Status: drifted, changes pending \(update 1\)/);
        assert.match(html, /1 tenant: 0 converged, 0 with changes pending, 1 drifted, 0 failed\./);
    });

    it("lists what was changed by hand: each resource, its type and the properties, in the row and the tenant's section", () => {
        const drift = [
            { resource: "branding", type: "tenantkit:entra:OrganizationalBranding", op: "update", properties: ["signInPageText", "backgroundColor"] },
            { resource: "sales", type: "tenantkit:powerbi:PushDataset", op: "delete", properties: [] },
        ];
        const { html } = page([row("northwind", "drifted", { drift })]);
        for (const where of [tableRow(html, "northwind"), section(html, "northwind")]) {
            assert.match(
                where,
                /<span class="resource">branding<\/span> \(tenantkit:entra:OrganizationalBranding\) update: <span class="properties">signInPageText, backgroundColor<\/span>/,
            );
            assert.match(where, /sales<\/span> \(tenantkit:powerbi:PushDataset\) deleted by hand: <span class="properties">-<\/span>/);
        }
    });

    it("shows a failed tenant's error line in its row and the whole error in its section, and the other tenants' pictures", () => {
        const error =
            "tenantkit:entra:OrganizationalBranding (branding):\n  error: login failed: 401 invalid_client/AADSTS7000215\nNext: fix the secret";
        const { html } = page([row("contoso", "converged"), row("fabrikam", "error", { error })], [pages("contoso", "default")]);
        assert.match(tableRow(html, "fabrikam"), /<span class="error">login failed: 401 invalid_client\/AADSTS7000215<\/span>/);
        assert.match(
            section(html, "fabrikam"),
            /<pre class="error">tenantkit:entra:OrganizationalBranding \(branding\):\n {2}error: login failed[^<]*Next: fix the secret<\/pre>/,
        );
        assert.match(section(html, "fabrikam"), /No sign-in page/);
        assert.match(section(html, "contoso"), /<img src="contoso.default.before.png"/);
    });

    it("puts each locale's before picture first, then after, with the renderer's captions, and says why a before is not live", () => {
        const rendered = { ...pages("contoso", "default", "fr-FR"), caveat: "the live branding of tenant contoso is not read (no access)" };
        const { html, pictures } = page([row("contoso", "converged")], [rendered]);
        const s = section(html, "contoso");
        const order = [...s.matchAll(/<figure data-side="(\w+)" data-locale="([^"]+)">/g)].map((m) => `${m[2]}:${m[1]}`);
        assert.deepEqual(order, ["default:before", "default:after", "fr-FR:before", "fr-FR:after"]);
        assert.match(s, /<h4>Default branding<\/h4>[\s\S]*<h4>fr-FR<\/h4>/);
        assert.match(s, /<figcaption>Before: what the tenant shows now \(its live branding\)<\/figcaption>/);
        assert.match(s, /Before is not what users see now<\/strong>: the live branding of tenant contoso is not read \(no access\)/);
        assert.deepEqual(pictures.contoso, ["contoso.default.png", "contoso.default.before.png", "contoso.fr-FR.png", "contoso.fr-FR.before.png"]);
    });

    it("escapes what it shows: markup in an error, a property name or a notice is text on the page", () => {
        const drift = [{ resource: "branding", type: "t", op: "update", properties: ["<img src=x onerror=alert(1)>"] }];
        const rendered: RenderedTenant = {
            name: "contoso",
            pages: [
                { locale: "default", side: "declared", file: "contoso.default.png", caption: "After", notices: [{ message: 'bannerLogo: "<b>"' }] },
            ],
        };
        const { html } = page(
            [row("contoso", "drifted", { drift }), row("fabrikam", "error", { error: "error: <script>alert('x')</script> & more" })],
            [rendered],
        );
        assert.ok(!html.includes("<script>alert"), "a script tag got through");
        assert.ok(!html.includes("<img src=x"), "an img tag got through");
        assert.match(html, /&lt;script&gt;alert\(&#39;x&#39;\)&lt;\/script&gt; &amp; more/);
        assert.match(html, /<li>bannerLogo: &quot;&lt;b&gt;&quot;<\/li>/);
    });

    it("holds no credential the run read, though an error, a caveat or a notice quoted one (plain, base64 or URL-encoded)", () => {
        const rendered: RenderedTenant = {
            name: "contoso",
            pages: [{ locale: "default", side: "declared", file: "contoso.default.png", caption: "After", notices: [{ message: `echo ${SECRET}` }] }],
            caveat: `could not read with ${encodeURIComponent(SECRET)}`,
        };
        const error = `error: the service said client_secret=${SECRET} & ${Buffer.from(SECRET).toString("base64")}`;
        const { html, rows } = page([row("contoso", "converged"), row("fabrikam", "error", { error })], [rendered], [SECRET]);
        for (const form of [SECRET, Buffer.from(SECRET).toString("base64"), encodeURIComponent(SECRET)]) {
            assert.ok(!html.includes(form), `the page shows ${form}`);
            assert.ok(!JSON.stringify(rows).includes(form), `the rows show ${form}`);
        }
        assert.match(section(html, "fabrikam"), /client_secret=\*\*\*/);
    });
});

describe("tenantkit-fleet report's command line and a row's error", () => {
    it("takes report with --out, and refuses --out for another command", () => {
        assert.deepEqual(parseFleetArgs(["report", "--out", "site", "--json"]), { command: "report", file: "fleet.yaml", json: true, out: "site" });
        assert.throws(() => parseFleetArgs(["preview", "--out", "site"]), /--out is an option of report, not of preview/);
        assert.throws(() => parseFleetArgs(["status"]), /unknown command status: one of preview, up, drift, destroy, report/);
    });

    it("keeps the engine's diagnostics of a failed stack, without the command line and its ports, and its line says the error", () => {
        const stderr = [
            "Command failed with exit code 1: pulumi preview --client=127.0.0.1:41761 --exec-kind auto.inline --stack t1 --non-interactive",
            "Previewing update (t1):",
            "    tenantkit:entra:OrganizationalBranding branding  error: login failed",
            "Diagnostics:",
            "  pulumi:pulumi:Stack (fleet-t1):",
            "    error: preview failed",
            "  tenantkit:entra:OrganizationalBranding (branding):",
            "    error: login POST /t/oauth2/v2.0/token failed: 401 invalid_client",
            "",
            "Resources:",
            "    1 errored",
            "",
        ].join("\n");
        const err = new Error(`code: -2\n stdout: \n stderr: ${stderr}\n err?: Error: Command failed with exit code 1: pulumi preview\n`);
        const text = errorText(err);
        assert.equal(
            text,
            "pulumi:pulumi:Stack (fleet-t1):\n  error: preview failed\ntenantkit:entra:OrganizationalBranding (branding):\n  error: login POST /t/oauth2/v2.0/token failed: 401 invalid_client",
        );
        assert.equal(errorHeadline(text), "login POST /t/oauth2/v2.0/token failed: 401 invalid_client");
        assert.equal(errorText(new Error("tenant t1: clientSecret not set")), "tenant t1: clientSecret not set");
    });

    it("without a Chromium that starts, report says so and what to set, exits 2, and runs no stack and writes nothing", async function () {
        this.timeout(30_000);
        const root = path.join(__dirname, "..", "..");
        const out = fs.mkdtempSync(path.join(os.tmpdir(), "tk-fleet-report-"));
        try {
            const r = await new Promise<{ code: number; stderr: string }>((resolve) =>
                execFile(
                    process.execPath,
                    [
                        path.join(root, "bin", "fleet", "cli.js"),
                        "report",
                        "--file",
                        path.join(__dirname, "fixtures", "contoso", "fleet.yaml"),
                        "--out",
                        out,
                    ],
                    { env: { ...process.env, TENANTKIT_CHROMIUM: path.join(out, "no-chromium-here") }, encoding: "utf8" },
                    (err, _stdout, stderr) => resolve({ code: err ? Number(err.code) : 0, stderr }),
                ),
            );
            assert.equal(r.code, 2, r.stderr);
            assert.match(r.stderr, /could not start .*no-chromium-here.*; set TENANTKIT_CHROMIUM to another Chromium or Chrome/);
            assert.doesNotMatch(r.stderr, /^tenant-|fabrikam:|contoso:/m, "a stack ran");
            assert.deepEqual(fs.readdirSync(out), []);
        } finally {
            fs.rmSync(out, { recursive: true, force: true });
        }
    });
});
