/**
 * The documentation pages whose facts the tests in test/readme/ check: README.md, CONTRIBUTING.md, the pages under
 * docs/ and the READMEs of the emulator and the benchmarks. Not a spec file.
 */
import * as fs from "node:fs";
import * as path from "node:path";

export const ROOT = path.resolve(__dirname, "..", "..");

/** The pages written for users and contributors (docs/'s notes that the code's comments cite are listed apart). */
export const USER_PAGES: readonly string[] = [
    "README.md",
    "CONTRIBUTING.md",
    "emulator/README.md",
    "bench/README.md",
    ...fs
        .readdirSync(path.join(ROOT, "docs"))
        .filter((n) => n.endsWith(".md") && !["api-facts.md", "engine-notes.md", "fault-matrix.md"].includes(n))
        .sort()
        .map((n) => `docs/${n}`),
];

/** Every page of the documentation, the service and engine notes under docs/ included. */
export const ALL_PAGES: readonly string[] = [
    ...USER_PAGES,
    ...["docs/api-facts.md", "docs/engine-notes.md", "docs/fault-matrix.md"].filter((p) => fs.existsSync(path.join(ROOT, p))),
];

/** A page's text, by its path from the repository's root. */
export function page(rel: string): string {
    return fs.readFileSync(path.join(ROOT, rel), "utf8");
}
