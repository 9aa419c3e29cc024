/**
 * The emulator's store of its model (model.ts): memory only, or a
 * JSON file written atomically after each change and reloaded when another process changed it, so that
 * separate emulator processes on one state file serve one tenant.
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { EmulatorState, Seed } from "./model";
import { validateSeed } from "./seed";

// The model's types are imported from here by most of the emulator; they live in model.ts so that seed.ts, which
// this store calls, can read them without an import cycle.
export type { ClientApp, EmulatorState, Permissions, Seed, SeedInput, Tenant, TenantInput, TemporaryAccessPass, User } from "./model";

/** Where the state comes from and where it goes. */
export interface StoreOptions {
    /** Used when there is no state file yet (or no state path at all). */
    readonly seed: Seed;
    /** A JSON file; loaded if it exists, rewritten after each change. */
    readonly statePath?: string;
}

/** Holds the state; with a file, keeps it in sync with other processes using the same file. */
export class StateStore {
    private current: EmulatorState;
    private stamp: string | undefined;

    private constructor(
        private readonly statePath: string | undefined,
        initial: EmulatorState,
    ) {
        this.current = initial;
    }

    /** Loads the state file if there is one, else starts from the seed (and writes the file). */
    static open(options: StoreOptions): StateStore {
        const file = options.statePath === undefined ? undefined : path.resolve(options.statePath);
        if (file !== undefined && fs.existsSync(file)) {
            const store = new StateStore(file, readStateFile(file));
            store.stamp = fileStamp(file);
            return store;
        }
        const store = new StateStore(file, { ...structuredClone(options.seed), tokenSecret: newSecret() });
        store.persist();
        return store;
    }

    /** The current state. Callers must not mutate it; use {@link mutate}. */
    get state(): EmulatorState {
        return this.current;
    }

    /** Reloads the file if another process replaced it since we last read or wrote it. */
    refresh(): void {
        if (this.statePath === undefined) return;
        const stamp = fileStamp(this.statePath);
        if (stamp === undefined || stamp === this.stamp) return;
        this.current = readStateFile(this.statePath);
        this.stamp = stamp;
    }

    /**
     * Applies a change to a copy of the state, then commits and persists it. If `change` throws, nothing
     * is committed, so handlers may validate while they edit.
     */
    mutate<T>(change: (draft: EmulatorState) => T): T {
        this.refresh();
        const draft = structuredClone(this.current);
        const result = change(draft);
        this.current = draft;
        this.persist();
        return result;
    }

    /** Replaces the directory with a seed; the token secret stays, so issued tokens stay verifiable. */
    replaceWithSeed(seed: Seed): void {
        this.mutate((draft) => {
            draft.tenants = structuredClone(seed.tenants);
        });
    }

    /** A deep copy of the directory, without the token secret. */
    snapshot(): Seed {
        return { tenants: structuredClone(this.current.tenants) };
    }

    private persist(): void {
        if (this.statePath === undefined) return;
        // Write then rename: a reader in another process sees the old file or the new one, never half of one.
        const tmp = `${this.statePath}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
        fs.mkdirSync(path.dirname(this.statePath), { recursive: true });
        fs.writeFileSync(tmp, JSON.stringify(this.current, null, 2) + "\n");
        fs.renameSync(tmp, this.statePath);
        this.stamp = fileStamp(this.statePath);
    }
}

function readStateFile(file: string): EmulatorState {
    let parsed: unknown;
    try {
        parsed = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
    } catch (err) {
        throw new Error(`state file ${file} is not valid JSON: ${(err as Error).message}`, { cause: err });
    }
    const seed = validateSeed(parsed, `state file ${file}`);
    const secret = (parsed as { tokenSecret?: unknown }).tokenSecret;
    if (typeof secret !== "string" || secret.length < 16) {
        throw new Error(`state file ${file}: tokenSecret must be a string of at least 16 characters`);
    }
    return { ...seed, tokenSecret: secret };
}

/** Rename creates a new inode, so inode + mtime + size tells a replaced file from the one we wrote. */
function fileStamp(file: string): string | undefined {
    try {
        const st = fs.statSync(file);
        return `${st.ino}:${st.mtimeMs}:${st.size}`;
    } catch {
        return undefined;
    }
}

function newSecret(): string {
    return randomBytes(32).toString("base64url");
}
