/**
 * The documentation's facts against the code they describe (the pages: ./pages.ts): every `<!-- snippet: path -->`
 * block is that file verbatim (the programs in test/readme/ run against the emulator in test/cli/readme.spec.ts, the
 * official clients' snippets in test/emulator/official-clients/), the seed table in emulator/README.md is what
 * scripts/readme-seed.ts renders from the default seed, and the ids, users and secrets the pages name are the seed's,
 * so a copied snippet or command finds what it names.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { defaultSeed, DEFAULT_SEED_IDS as IDS } from "../../emulator/seeds/default";
import { FLEET_MAX, fleetTenant, fleetTenants } from "../../emulator/seeds/fleet";
import { FLEET_BEGIN, FLEET_END, readmeSection, renderedFleetSection, renderedSection, SEED_PAGE } from "../../scripts/readme-seed";
import { ALL_PAGES, page, ROOT, USER_PAGES } from "./pages";

/** Every page's snippet markers and the fenced block after each. */
function snippetBlocks(): { page: string; file: string; block: string | undefined }[] {
    const marker = /<!-- snippet: (\S+) -->\n/g;
    return ALL_PAGES.flatMap((name) => {
        const text = page(name);
        return [...text.matchAll(marker)].map((m) => {
            const rest = text.slice((m.index ?? 0) + m[0].length);
            const block = /^```[a-z]*\n([\s\S]*?)```\n/.exec(rest);
            return { page: name, file: m[1]!, block: block?.[1] };
        });
    });
}

/** The `pulumi config set tenantkit:<key> <value>` commands of the first sh block under `heading` in `name`. */
function configCommands(name: string, heading: string): Record<string, string> {
    const text = page(name);
    const at = text.indexOf(`\n${heading}\n`);
    assert.ok(at >= 0, `${name} has no heading "${heading}"`);
    const section = text.slice(at + 1);
    const end = section.indexOf("\n## ", 1);
    const commands = [...(end < 0 ? section : section.slice(0, end)).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).join("");
    return Object.fromEntries([...commands.matchAll(/pulumi config set (?:--secret )?tenantkit:(\w+) (\S+)/g)].map((m) => [m[1], m[2]]));
}

/** Every string the default seed and the generated tenants hold, to tell seeded data from the pages' other examples. */
function seededStrings(): Set<string> {
    const found = new Set<string>();
    const walk = (v: unknown): void => {
        if (typeof v === "string") found.add(v.toLowerCase());
        else if (Array.isArray(v)) v.forEach(walk);
        else if (v !== null && typeof v === "object") Object.values(v).forEach(walk);
    };
    walk(defaultSeed(new Date()));
    walk(fleetTenants(FLEET_MAX));
    return found;
}

describe("the documentation against the code and the seed", () => {
    it("every snippet block is its file verbatim", () => {
        const blocks = snippetBlocks();
        assert.ok(blocks.length >= 10, `only ${blocks.length} snippet markers found`);
        for (const { page: name, file, block } of blocks) {
            assert.ok(block !== undefined, `${name}'s marker for ${file} is not followed by a fenced block`);
            assert.equal(block, fs.readFileSync(path.join(ROOT, file), "utf8"), `${name}'s block differs from ${file}`);
        }
    });

    it("every program in test/readme/ is shown on a page", () => {
        const shown = new Set(snippetBlocks().map((b) => b.file));
        const programs = fs
            .readdirSync(path.join(ROOT, "test", "readme"), { withFileTypes: true })
            .filter((d) => d.isDirectory())
            .flatMap((d) =>
                ["index.ts", "Pulumi.yaml"]
                    .map((f) => `test/readme/${d.name}/${f}`)
                    .filter((p) => fs.existsSync(path.join(ROOT, p)))
                    .slice(0, 1),
            );
        assert.deepEqual(
            programs.filter((p) => !shown.has(p)),
            [],
        );
    });

    it("README's first program is the YAML program in test/readme/first-program", () => {
        const files = snippetBlocks()
            .filter((b) => b.page === "README.md")
            .map((b) => b.file);
        assert.ok(files.includes("test/readme/first-program/Pulumi.yaml"), `README shows ${files.join(", ")}`);
    });

    it("the seed table in emulator/README.md is what the default seed renders (`npm run readme:seed` rewrites it)", () => {
        assert.equal(readmeSection(fs.readFileSync(SEED_PAGE, "utf8")), renderedSection());
    });

    it("the fleet table in emulator/README.md is what fleetTenant gives (`npm run readme:seed` rewrites it)", () => {
        assert.equal(readmeSection(fs.readFileSync(SEED_PAGE, "utf8"), FLEET_BEGIN, FLEET_END), renderedFleetSection());
    });

    it("the commands under emulator/README.md's 'A fleet of generated tenants' sign in as generated tenant 1's application", () => {
        const one = fleetTenant(1);
        assert.deepEqual(configCommands("emulator/README.md", "## A fleet of generated tenants"), {
            emulator: "http://127.0.0.1:8787",
            tenantId: one.domain,
            clientId: one.clientId,
            clientSecret: one.clientSecret,
        });
    });

    const quickstartSignIn = {
        emulator: "http://127.0.0.1:8787",
        tenantId: IDS.domain,
        clientId: IDS.quickstartClientId,
        clientSecret: IDS.quickstartClientSecret,
    };

    it("the commands under emulator/README.md's 'Run your own program against the emulator' sign in as the seed's quickstart application", () => {
        assert.deepEqual(configCommands("emulator/README.md", "## Run your own program against the emulator"), {
            ...quickstartSignIn,
            devopsPat: IDS.devopsPat,
        });
    });

    it("the commands of README's first program sign in as the seed's quickstart application", () => {
        assert.deepEqual(configCommands("README.md", "## A first program"), quickstartSignIn);
    });

    it("every user principal name and every id the pages name is the seed's, or one of the few they name as not seeded", () => {
        const seeded = seededStrings();
        // Not the seed's, on purpose: the Configuration example's tenant id, the Azure DevOps audience, and the
        // unknown-value marker of the Pulumi SDK.
        const others = new Set([
            "72f988bf-0000-0000-0000-000000000000",
            "499b84ac-1321-427f-aa17-267ca6975798",
            "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
        ]);
        for (const name of USER_PAGES) {
            const text = page(name);
            const guids = text.match(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi) ?? [];
            // Addresses end in a domain name (`name@pulumi-tenantkit` followed by a version is a package, not a user).
            const upns = text.match(/[\w.#-]+@[a-z][\w-]*(?:\.[\w-]+)*\.[a-z]{2,}\b/gi) ?? [];
            const unknown = [...new Set([...guids, ...upns])].filter((v) => !seeded.has(v.toLowerCase()) && !others.has(v.toLowerCase()));
            assert.deepEqual(unknown, [], name);
        }
    });
});
