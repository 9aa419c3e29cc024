/**
 * The commands a page gives a user to type, for the tests that run them: the fenced block after a
 * `<!-- command: <name> -->` marker, one command a line, a trailing `# comment` dropped. A test that runs a page's
 * commands through this runs what the page says, so the page cannot drift from what is tested. Not a spec file.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");

/** The commands of the block marked `<!-- command: <name> -->` in `page` (a path from the repository's root). */
export function pageCommands(page: string, name: string): string[] {
    const text = fs.readFileSync(path.join(ROOT, page), "utf8");
    const marker = `<!-- command: ${name} -->\n`;
    const at = text.indexOf(marker);
    assert.ok(at >= 0, `${page} has no block marked ${marker.trim()}`);
    assert.equal(text.indexOf(marker, at + 1), -1, `${page} marks two blocks ${marker.trim()}`);
    const block = /^```\w*\n([\s\S]*?)```\n/.exec(text.slice(at + marker.length));
    assert.ok(block, `${page}'s marker ${marker.trim()} is not followed by a fenced block`);
    return block[1]!
        .split("\n")
        .map((line) => line.replace(/\s+#\s.*$/, "").trim())
        .filter((line) => line !== "");
}

/** A command's words, split at spaces (the pages' commands quote nothing). */
export function words(command: string): string[] {
    assert.doesNotMatch(command, /["'`$\\|&;<>]/, `${command}: a command with quoting or shell syntax, which a test cannot run word by word`);
    return command.split(/\s+/);
}
