/**
 * The README's facts against the code they describe: every `<!-- snippet: path -->` block is that file verbatim (the
 * programs in test/readme/ run against the emulator in test/cli/readme.spec.ts, the official clients' snippets in
 * test/emulator/official-clients/), the seed table is what scripts/readme-seed.ts renders from the default seed, and
 * the ids, users and secrets the README names are the seed's, so a copied snippet or command finds what it names.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { defaultSeed, DEFAULT_SEED_IDS as IDS } from "../../emulator/seeds/default";
import { readmeSection, renderedSection } from "../../scripts/readme-seed";

const ROOT = path.resolve(__dirname, "..", "..");
const README = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");

/** The README's snippet markers and the fenced block after each. */
function snippetBlocks(): { file: string; block: string | undefined }[] {
    const marker = /<!-- snippet: (\S+) -->\n/g;
    return [...README.matchAll(marker)].map((m) => {
        const rest = README.slice((m.index ?? 0) + m[0].length);
        const block = /^```[a-z]*\n([\s\S]*?)```\n/.exec(rest);
        return { file: m[1]!, block: block?.[1] };
    });
}

/** Every string the default seed holds, to tell seeded data from the README's other examples. */
function seededStrings(): Set<string> {
    const found = new Set<string>();
    const walk = (v: unknown): void => {
        if (typeof v === "string") found.add(v.toLowerCase());
        else if (Array.isArray(v)) v.forEach(walk);
        else if (v !== null && typeof v === "object") Object.values(v).forEach(walk);
    };
    walk(defaultSeed(new Date()));
    return found;
}

describe("README against the code and the seed", () => {
    it("every snippet block is its file verbatim", () => {
        const blocks = snippetBlocks();
        assert.ok(blocks.length >= 10, `only ${blocks.length} snippet markers found`);
        for (const { file, block } of blocks) {
            assert.ok(block !== undefined, `README's marker for ${file} is not followed by a fenced block`);
            assert.equal(block, fs.readFileSync(path.join(ROOT, file), "utf8"), `README's block differs from ${file}`);
        }
    });

    it("every README program in test/readme/ is shown in the README", () => {
        const shown = new Set(snippetBlocks().map((b) => b.file));
        const programs = fs
            .readdirSync(path.join(ROOT, "test", "readme"), { withFileTypes: true })
            .filter((d) => d.isDirectory())
            .map((d) => `test/readme/${d.name}/index.ts`);
        assert.deepEqual(
            programs.filter((p) => !shown.has(p)),
            [],
        );
    });

    it("the seed table is what the default seed renders (`npm run readme:seed` rewrites it)", () => {
        assert.equal(readmeSection(README), renderedSection());
    });

    it("the commands under 'Run your own program against the emulator' sign in as the seed's quickstart application", () => {
        const section = README.slice(README.indexOf("## Run your own program against the emulator"));
        const commands = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
        const set = Object.fromEntries([...commands.matchAll(/pulumi config set (?:--secret )?tenantkit:(\w+) (\S+)/g)].map((m) => [m[1], m[2]]));
        assert.deepEqual(set, {
            emulator: "http://127.0.0.1:8787",
            tenantId: IDS.domain,
            clientId: IDS.quickstartClientId,
            clientSecret: IDS.quickstartClientSecret,
            devopsPat: IDS.devopsPat,
        });
    });

    it("every user principal name and every id the README names is the seed's, or one of the few it names as not seeded", () => {
        const seeded = seededStrings();
        // Not the seed's, on purpose: the Configuration example's tenant id, the Azure DevOps audience, and the
        // unknown-value marker of the Pulumi SDK.
        const others = new Set([
            "72f988bf-0000-0000-0000-000000000000",
            "499b84ac-1321-427f-aa17-267ca6975798",
            "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
        ]);
        const guids = README.match(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi) ?? [];
        // Addresses end in a domain name (`name@pulumi-tenantkit` followed by a version is a package, not a user).
        const upns = README.match(/[\w.#-]+@[a-z][\w-]*(?:\.[\w-]+)*\.[a-z]{2,}\b/gi) ?? [];
        const unknown = [...new Set([...guids, ...upns])].filter((v) => !seeded.has(v.toLowerCase()) && !others.has(v.toLowerCase()));
        assert.deepEqual(unknown, []);
    });
});
