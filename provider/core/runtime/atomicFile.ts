/**
 * A JSON record in the program's folder (`.tenantkit/`: the branding journal, holder records, dataset claims), written
 * whole or not at all: to a temporary file of a name no other writer uses, then renamed over the record, so a reader in
 * another process, or after a crash, never sees half of one.
 */
import { randomUUID } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

/** Writes `value` as JSON to `file`, creating its folder. */
export function writeJsonAtomically(file: string, value: unknown): void {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
    fs.renameSync(tmp, file);
}
