/**
 * The public declarations of the package, as the packaging specs read them: the declaration files its entry point
 * (bin/index.d.ts, built from provider/) reaches through relative imports, and the packages those files import.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** The repository root. */
export const ROOT = path.resolve(__dirname, "..", "..");

/** Every declaration file the package's entry point reaches, and the packages they import. */
export function publicDeclarations(): { files: string[]; packages: Set<string> } {
    const files: string[] = [];
    const packages = new Set<string>();
    const visit = (file: string): void => {
        if (files.includes(file)) return;
        files.push(file);
        for (const m of fs.readFileSync(file, "utf8").matchAll(/(?:from|import\()\s*["']([^"']+)["']/g)) {
            const spec = m[1]!;
            if (!spec.startsWith(".")) {
                packages.add(spec);
                continue;
            }
            const base = path.resolve(path.dirname(file), spec);
            visit(fs.existsSync(`${base}.d.ts`) ? `${base}.d.ts` : path.join(base, "index.d.ts"));
        }
    };
    visit(path.join(ROOT, "bin", "index.d.ts"));
    return { files, packages };
}
