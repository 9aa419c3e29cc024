/**
 * The official example payloads in `test/fixtures/conformance/`, copied verbatim from Microsoft's docs and specs
 * (SOURCES.md there says where each came from and at which commit). Tests feed them to the provider and the
 * emulator as they are, quirks included, so the code meets what the docs show rather than a tidied copy.
 */
import * as fs from "node:fs";
import * as path from "node:path";

export const CONFORMANCE_DIR = path.resolve(__dirname, "..", "fixtures", "conformance");

/** The raw text of one conformance file. */
export function conformanceText(name: string): string {
    const file = path.join(CONFORMANCE_DIR, name);
    if (!fs.existsSync(file)) {
        throw new Error(`conformance payload ${name} not found in ${CONFORMANCE_DIR}: copy it there with its row of SOURCES.md`);
    }
    return fs.readFileSync(file, "utf8");
}

/** One conformance file parsed as JSON. */
export function conformance<T = unknown>(name: string): T {
    return JSON.parse(conformanceText(name)) as T;
}
