/**
 * A folder built once per content and kept in a tool cache (~/.cache/pulumi-tenantkit, or beside a cached executable):
 * the virtual environment, the Node.js SDK's package, the release assets and the Go driver the suites run programs
 * over. Not a spec file.
 *
 * Several suites may need the same folder at once, each in a worker process of its own, so it is built beside its final
 * place and renamed into it: a reader never sees a half-built one, and a build that loses the race to another one of
 * the same key uses the winner's (the same inputs, so the same folder).
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

/** A hash of the files under `dir` and their names, leaving out the entries `skip` matches (build output). */
export function hashTree(dir: string, skip: RegExp = /^$/, hash = createHash("sha256")): ReturnType<typeof createHash> {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        if (skip.test(entry.name)) continue;
        const full = path.join(dir, entry.name);
        hash.update(`${entry.name}\0`);
        if (entry.isDirectory()) hashTree(full, skip, hash);
        else hash.update(fs.readFileSync(full));
    }
    return hash;
}

export interface CachedFolder {
    /** The folder the finished build is renamed to: its name holds the key of what it was built from. */
    readonly folder: string;
    /** Whether a build in `dir` is whole (a folder left by an older layout may exist and not be). */
    readonly complete: (dir: string) => boolean;
    /** Builds into the empty folder `dir`. */
    readonly build: (dir: string) => Promise<void> | void;
    /**
     * Other builds of the same kind, which a new key makes obsolete (`folder`'s name with another key): removed after a
     * build, with the leftovers of builds killed over an hour ago.
     */
    readonly obsolete?: RegExp;
}

/** `spec.folder`, built first when it is missing or incomplete. */
export async function cachedFolder(spec: CachedFolder): Promise<string> {
    const { folder, complete, build, obsolete } = spec;
    if (fs.existsSync(folder) && complete(folder)) return folder;
    const parent = path.dirname(folder);
    fs.mkdirSync(parent, { recursive: true });
    const building = fs.mkdtempSync(`${folder}.building-`);
    try {
        await build(building);
        fs.renameSync(building, folder);
    } catch (err) {
        fs.rmSync(building, { recursive: true, force: true });
        // Another suite renamed its own into place first: the same key, so use that one.
        if (!(fs.existsSync(folder) && complete(folder))) throw err;
    }
    if (obsolete) {
        const base = path.basename(folder);
        for (const old of fs.readdirSync(parent)) {
            const stale = obsolete.test(old) && old !== base;
            const abandoned =
                old.includes(".building-") &&
                obsolete.test(old.split(".building-")[0]!) &&
                Date.now() - fs.statSync(path.join(parent, old)).mtimeMs > 3_600_000;
            if (stale || abandoned) fs.rmSync(path.join(parent, old), { recursive: true, force: true });
        }
    }
    return folder;
}
