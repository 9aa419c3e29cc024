/**
 * The official example payloads in `../shared/conformance/` (beside the checkout, as in CI). Tests read them
 * from there, never from copies, so a payload that the docs change is met as it is.
 */
import * as fs from "node:fs";
import * as path from "node:path";

export const CONFORMANCE_DIR = path.resolve(__dirname, "..", "..", "..", "shared", "conformance");

/** The raw text of one conformance file. */
export function conformanceText(name: string): string {
    const file = path.join(CONFORMANCE_DIR, name);
    if (!fs.existsSync(file)) {
        throw new Error(`conformance payload ${name} not found in ${CONFORMANCE_DIR}: the tests expect shared/ beside the checkout`);
    }
    return fs.readFileSync(file, "utf8");
}

/** One conformance file parsed as JSON. */
export function conformance<T = unknown>(name: string): T {
    return JSON.parse(conformanceText(name)) as T;
}
