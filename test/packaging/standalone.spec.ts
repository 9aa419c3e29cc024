/**
 * The repository stands alone: a clone from the project's git host has nothing beside it, so no file may read or
 * cite the research folder the project started from. What the code relies on is in the repository instead: the
 * official payloads in test/fixtures/conformance/ (each with its row in SOURCES.md there), the spec's limits
 * tables in test/fixtures/spec/, the service and engine facts in docs/.
 */
import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");

// Built from parts so that this file does not match itself. At least as strict as the project's before-stop check
// (a sibling "shared" folder or one of its documents by path), and also the documents' bare names, which a
// comment cites without a path.
const OUTSIDE = "sh" + "ared";
const DOCS = ["API" + "-FACTS", "ENGINE" + "-HARNESS"];
const REFERENCE = new RegExp(
    [
        String.raw`\.\.[\\/]` + OUTSIDE + String.raw`\b`,
        String.raw`\b` + OUTSIDE + String.raw`[\\/](conformance|spec|hooks|poc|` + DOCS.join("|") + ")",
        String.raw`\b(` + DOCS.join("|") + String.raw`)\b`,
    ].join("|"),
);

/** Every file git would commit: tracked ones still present, and untracked ones not ignored. */
function repositoryFiles(): string[] {
    const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" });
    return [...new Set(out.split("\0").filter(Boolean))].filter((f) => fs.existsSync(path.join(ROOT, f)) && fs.statSync(path.join(ROOT, f)).isFile());
}

describe("the repository stands alone", () => {
    it("has no file that refers to a folder or document outside it (a CHANGELOG may tell history)", () => {
        const found: string[] = [];
        for (const file of repositoryFiles()) {
            if (/^CHANGELOG/.test(file)) continue;
            const bytes = fs.readFileSync(path.join(ROOT, file));
            if (bytes.includes(0)) continue;
            bytes
                .toString("utf8")
                .split(/\r?\n/)
                .forEach((line, i) => {
                    const m = REFERENCE.exec(line);
                    if (m) found.push(`${file}:${i + 1}: "${m[0]}"`);
                });
        }
        assert.deepEqual(found, [], "bring what these need into the repository (test/fixtures/, docs/) and refer to that");
    });

    it("lists every conformance payload in SOURCES.md, and keeps every payload SOURCES.md lists", () => {
        const dir = path.join(ROOT, "test", "fixtures", "conformance");
        const sources = fs.readFileSync(path.join(dir, "SOURCES.md"), "utf8");
        const files = fs.readdirSync(dir).filter((f) => f !== "SOURCES.md");
        // A table row names its files in its first cell; "a / b" and "x(-in-group).y" rows name several.
        const listed = [...sources.matchAll(/^\| ([a-z0-9][^|]*?) \|/gm)].flatMap((m) => expandRowNames(m[1]));
        assert.deepEqual(
            files.filter((f) => !listed.includes(f)),
            [],
            "payloads without a source",
        );
        assert.deepEqual(
            listed.filter((f) => !files.includes(f)),
            [],
            "SOURCES.md rows without their payload",
        );
    });
});

/** The file names of one SOURCES.md row's first cell. */
function expandRowNames(cell: string): string[] {
    if (cell.startsWith("(none)")) return [];
    const [first, ...rest] = cell.split(" / ").map((s) => s.trim());
    const stem = first.replace(/\.[a-z]+\.json$/, "");
    const names = [first, ...rest.map((r) => (r.startsWith(".") ? stem + r : r))];
    return names.flatMap((n) => {
        const optional = /^(.*)\(([^)]+)\)(.*)$/.exec(n);
        if (!optional) return [n];
        const [, before, inner, after] = optional;
        const alt = inner.startsWith(".") ? "-" + inner.slice(1) : inner;
        return [before + after, before + alt + after];
    });
}
