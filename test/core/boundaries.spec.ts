/**
 * The folders that run outside the test suite (scripts/, bench/, harness/, provider/, emulator/) import nothing from
 * test/: product and tooling code must not depend on test code. Until the lint rules of the architecture land, this
 * reads every import and require of those folders' TypeScript and JavaScript.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");
const FOLDERS = ["scripts", "bench", "harness", "provider", "emulator"];

function sources(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) return sources(full);
        return /\.(ts|js)$/.test(e.name) ? [full] : [];
    });
}

describe("import boundaries", () => {
    for (const folder of FOLDERS) {
        it(`${folder}/ imports nothing from test/`, () => {
            const offending: string[] = [];
            for (const file of sources(path.join(ROOT, folder))) {
                const text = fs.readFileSync(file, "utf8");
                for (const m of text.matchAll(/(?:from\s+|require\(|import\()\s*["']([^"']+)["']/g)) {
                    const spec = m[1]!;
                    if (!spec.startsWith(".")) continue;
                    const target = path.resolve(path.dirname(file), spec);
                    if (target === path.join(ROOT, "test") || target.startsWith(path.join(ROOT, "test") + path.sep)) {
                        offending.push(`${path.relative(ROOT, file)} -> ${spec}`);
                    }
                }
            }
            assert.deepEqual(offending, []);
        });
    }
});
