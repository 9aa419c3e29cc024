/**
 * The table of the emulator's default seed in emulator/README.md, rendered from the seed itself so the two cannot
 * disagree, and the table of the generated tenants' settings, rendered from fleetTenant: `npm run readme:seed`
 * rewrites both between their markers, and test/readme/readme.spec.ts fails when the page's tables are not what this
 * renders.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { defaultSeed } from "../emulator/seeds/default";
import { FLEET_MAX, fleetTenant, type FleetTenant } from "../emulator/seeds/fleet";
import type { BrandingEntry } from "../emulator/store/branding/model";
import type { Seed, TemporaryAccessPass } from "../emulator/store/state";

/** The page that shows the table. */
export const SEED_PAGE = path.resolve(__dirname, "..", "emulator", "README.md");
export const BEGIN = "<!-- seed table: generated from emulator/seeds/default.ts by `npm run readme:seed`; do not edit by hand -->";
export const END = "<!-- /seed table -->";
export const FLEET_BEGIN = "<!-- fleet table: generated from emulator/seeds/fleet.ts by `npm run readme:seed`; do not edit by hand -->";
export const FLEET_END = "<!-- /fleet table -->";

const MINUTE = 60_000;

/** When a pass is usable, relative to the emulator's start (the seed's times are). */
function passState(pass: TemporaryAccessPass | null, start: Date): string {
    if (pass === null) return "no TAP method";
    const from = Math.round((Date.parse(pass.startDateTime) - start.getTime()) / MINUTE);
    const until = from + pass.lifetimeInMinutes;
    const once = pass.isUsableOnce ? ", usable once" : "";
    if (from <= 0 && until > 0) return `a TAP method, usable for ${until} minutes after the emulator starts${once}`;
    if (from > 0)
        return `a TAP method, not usable yet: valid from ${from} minutes after the emulator starts, for ${pass.lifetimeInMinutes} minutes${once}`;
    return "a TAP method that has expired";
}

/** The texts a branding entry sets, and its images. */
function describeEntry(entry: BrandingEntry): string {
    const texts = Object.entries(entry)
        .filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== "")
        .map(([k, v]) => `${k} "${v}"`);
    return [...texts, ...Object.keys(entry.streams)].join(", ");
}

function code(values: readonly (string | number)[]): string {
    return values.map((v) => `\`${v}\``).join(", ");
}

/** The seed as markdown table rows: one per tenant, application, user, workspace, organization, repository and PAT. */
export function seedTable(seed: Seed, start: Date): string {
    const rows: string[] = ["| what | name | id | what it holds |", "|---|---|---|---|"];
    for (const t of seed.tenants) {
        const branding = t.branding === null ? "no branding yet" : `a default branding (${describeEntry(t.branding.default)})`;
        const license = t.premium ? "licensed for custom branding" : "not licensed for custom branding (its branding calls get 403)";
        rows.push(`| tenant | ${code(t.domains)} (${t.displayName}) | \`${t.id}\` | ${license}; ${branding} |`);
        const names = new Map<string, string>();
        for (const c of t.clients) {
            names.set(c.clientId, `the application ${c.displayName}`);
            const p = c.permissions;
            const granted = [
                p.graph.length > 0 ? `Graph ${p.graph.join(", ")}` : "",
                p.powerbi.length > 0 ? `Power BI ${p.powerbi.join(", ")}` : "",
                p.devops.length > 0 ? `Azure DevOps ${p.devops.join(", ")}` : "",
            ].filter((s) => s !== "");
            rows.push(
                `| application | ${c.displayName} | \`${c.clientId}\` | secret \`${c.secret}\`; ${granted.length > 0 ? granted.join("; ") : "no permissions"} |`,
            );
        }
        for (const u of t.users) {
            names.set(u.id, u.userPrincipalName);
            rows.push(`| user | \`${u.userPrincipalName}\` (${u.displayName}) | \`${u.id}\` | ${passState(u.temporaryAccessPass, start)} |`);
        }
        for (const w of t.powerbi?.workspaces ?? []) {
            const members = w.members.map((m) => names.get(m) ?? m).join(", ");
            rows.push(`| Power BI workspace | "${w.name}" | \`${w.id}\` | members: ${members} (only they may use it) |`);
        }
        for (const o of t.devops?.organizations ?? []) {
            rows.push(`| Azure DevOps organization | \`${o.name}\` | | in ${t.domains[0]}'s tenant |`);
            for (const p of o.projects) {
                for (const r of p.repositories) {
                    const pushes = r.pushes.map((x) => x.pushId);
                    rows.push(`| repository | \`${r.name}\` in project "${p.name}" (\`${p.id}\`) | \`${r.id}\` | pushes ${code(pushes)} |`);
                }
            }
        }
        for (const pat of t.devops?.pats ?? []) {
            const expired = pat.validTo !== undefined && Date.parse(pat.validTo) < start.getTime() ? `, expired ${pat.validTo.slice(0, 10)}` : "";
            rows.push(
                `| Azure DevOps PAT | \`${pat.token}\` | | ${names.get(pat.user) ?? pat.user}'s, for ${code(pat.organizations)}, scopes ${code(pat.scopes)}${expired} |`,
            );
        }
    }
    return rows.join("\n");
}

/** The table as the page must show it, markers included. */
export function renderedSection(): string {
    const start = new Date();
    return `${BEGIN}\n${seedTable(defaultSeed(start), start)}\n${END}`;
}

/** Each setting of a generated tenant, with its rule in words (the values beside it come from fleetTenant). */
const FLEET_ROWS: readonly [keyof FleetTenant, string, string][] = [
    ["tenantId", "tenant id", "`f1ee7000-0000-4000-8000-` and *i* in 12 digits"],
    ["domain", "domain (`tenantkit:tenantId` takes it too)", "`tenant-` and *i* in 4 digits, `.onmicrosoft.com`"],
    ["displayName", "organization's name", "`Tenant ` and *i* in 4 digits"],
    ["clientId", "application `tenantkit-fleet`: client id", "`f1ee7001-0000-4000-8000-` and *i* in 12 digits"],
    ["clientSecret", "its client secret (emulator only)", "`tenant-` and *i* in 4 digits, `-secret-not-for-production`"],
    ["workspaceId", "Power BI workspace id", "`f1ee7002-0000-4000-8000-` and *i* in 12 digits"],
    ["workspaceName", "the workspace's name", "`Reports` in every tenant"],
];

/** The settings of generated tenants as a table: the rule, tenant 1, tenant 2 and the last one the emulator makes. */
export function fleetTable(): string {
    const shown = [1, 2, FLEET_MAX].map(fleetTenant);
    const rows = [
        `| setting | scheme (tenant *i*) | ${shown.map((t) => `tenant ${t.index}`).join(" | ")} |`,
        `|---|---|${"---|".repeat(shown.length)}`,
    ];
    for (const [key, what, rule] of FLEET_ROWS) rows.push(`| ${what} | ${rule} | ${shown.map((t) => `\`${String(t[key])}\``).join(" | ")} |`);
    return rows.join("\n");
}

/** The fleet table as the page must show it, markers included. */
export function renderedFleetSection(): string {
    return `${FLEET_BEGIN}\n${fleetTable()}\n${FLEET_END}`;
}

/** The page's current section between `begin` and `end`, markers included, or undefined when they are missing. */
export function readmeSection(readme: string, begin = BEGIN, end = END): string | undefined {
    const from = readme.indexOf(begin);
    const to = readme.indexOf(end);
    return from < 0 || to < from ? undefined : readme.slice(from, to + end.length);
}

if (require.main === module) {
    let text = fs.readFileSync(SEED_PAGE, "utf8");
    for (const [begin, end, rendered] of [
        [BEGIN, END, renderedSection()],
        [FLEET_BEGIN, FLEET_END, renderedFleetSection()],
    ]) {
        const current = readmeSection(text, begin, end);
        if (current === undefined) throw new Error(`emulator/README.md has no table markers (${begin} ... ${end})`);
        text = text.replace(current, rendered);
    }
    fs.writeFileSync(SEED_PAGE, text);
    console.log("emulator/README.md: seed table and fleet table rewritten from emulator/seeds/default.ts and emulator/seeds/fleet.ts");
}
