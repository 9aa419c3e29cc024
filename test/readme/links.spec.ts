/**
 * Every relative link of the documentation (./pages.ts) leads somewhere: the file exists, and a `#fragment` names a
 * heading of the page it points at, as GitHub renders anchors. A page moved or a heading renamed fails here, not in a
 * reader's browser.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { page, ROOT, USER_PAGES } from "./pages";

/** The text outside fenced code blocks and inline code spans, where a link is a link. */
function prose(markdown: string): string {
    return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
    return heading
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-");
}

/** The anchors of a page's headings; a repeated heading gets `-1`, `-2`, ... as on GitHub. */
function anchors(markdown: string): Set<string> {
    const seen = new Map<string, number>();
    const found = new Set<string>();
    const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
    for (const m of withoutFences.matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
        const base = slug(m[1]!);
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        found.add(n === 0 ? base : `${base}-${n}`);
    }
    return found;
}

/** The relative targets a page links to: markdown links and images, and HTML `src`/`href` attributes. */
function relativeLinks(markdown: string): string[] {
    const text = prose(markdown);
    const targets = [
        ...[...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
        ...[...text.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!),
    ];
    return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

/** What is wrong with each relative link of `name`, as "page: target: problem". */
function brokenLinks(name: string): string[] {
    const problems: string[] = [];
    for (const target of relativeLinks(page(name))) {
        const [file, fragment] = target.split("#", 2) as [string, string | undefined];
        const resolved = file === "" ? path.join(ROOT, name) : path.resolve(path.dirname(path.join(ROOT, name)), decodeURIComponent(file));
        if (!fs.existsSync(resolved)) {
            problems.push(`${name}: ${target}: no such file`);
            continue;
        }
        if (fragment !== undefined && resolved.endsWith(".md") && !anchors(fs.readFileSync(resolved, "utf8")).has(fragment)) {
            problems.push(`${name}: ${target}: ${path.relative(ROOT, resolved)} has no heading with that anchor`);
        }
    }
    return problems;
}

describe("the documentation's relative links", () => {
    it("each page links only to files that exist, and to headings those pages have", () => {
        assert.ok(USER_PAGES.includes("docs/installation-configuration.md") && USER_PAGES.includes("CONTRIBUTING.md"));
        assert.deepEqual(USER_PAGES.flatMap(brokenLinks), []);
    });

    it("takes a heading's anchor as GitHub does", () => {
        assert.equal(slug("The Pulumi CLI, built from Go modules"), "the-pulumi-cli-built-from-go-modules");
        assert.equal(slug("`tenantkit:entra:OrganizationalBranding`"), "tenantkitentraorganizationalbranding");
        assert.equal(
            slug("What Microsoft announced: new push semantic models until October 31, 2027"),
            "what-microsoft-announced-new-push-semantic-models-until-october-31-2027",
        );
        assert.deepEqual([...anchors("# A\n```\n# not a heading\n```\n## A\n")], ["a", "a-1"]);
    });
});
