/**
 * The emulator's model (tenants with their app registrations and users) and its store: memory only, or a
 * JSON file written atomically after each change and reloaded when another process changed it, so that
 * separate emulator processes on one state file serve one tenant.
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { StoredBranding } from "./branding/model";
import type { DevOpsData } from "./devops/model";
import type { PowerBiData } from "./powerbi/model";
import { validateSeed } from "./seed";

/** Permissions granted to an app registration, per service (application permissions, i.e. `roles`). */
export interface Permissions {
    graph: string[];
    powerbi: string[];
    devops: string[];
}

/** An app registration that can use the client-credentials flow. */
export interface ClientApp {
    clientId: string;
    displayName: string;
    secret: string;
    permissions: Permissions;
}

/** A user's temporary access pass method as the emulator stores it; usability is computed on read. */
export interface TemporaryAccessPass {
    id: string;
    createdDateTime: string;
    startDateTime: string;
    lifetimeInMinutes: number;
    isUsableOnce: boolean;
    /** A one-time pass that was already used to sign in. */
    used?: boolean;
    /** The authentication methods policy disables TAP for this user (`DisabledByPolicy`). */
    disabledByPolicy?: boolean;
}

/** A directory user. */
export interface User {
    id: string;
    userPrincipalName: string;
    displayName: string;
    temporaryAccessPass: TemporaryAccessPass | null;
}

/** A tenant: its id, verified domains, app registrations, users, its organization's branding, its Power BI and Azure DevOps content. */
export interface Tenant {
    id: string;
    domains: string[];
    clients: ClientApp[];
    users: User[];
    /** The organization's displayName (Graph `GET /organization`). */
    displayName: string;
    /** Whether the tenant holds a license that includes custom branding (Entra ID P1/P2 or Office 365). */
    premium: boolean;
    /** The organizational branding, or null for a tenant without a default branding. */
    branding: StoredBranding | null;
    /** Power BI workspaces and push datasets; absent means none. */
    powerbi?: PowerBiData;
    /** Azure DevOps organizations (with their projects, repositories, pushes) and PATs; absent means none. */
    devops?: DevOpsData;
}

/** A seed: the directory content an emulator starts from (also what `GET /_admin/state` returns). */
export interface Seed {
    tenants: Tenant[];
}

/** A tenant as a seed may give it: displayName (from the first domain), premium (true) and branding (null) have defaults. */
export type TenantInput = Omit<Tenant, "displayName" | "premium" | "branding"> & Partial<Pick<Tenant, "displayName" | "premium" | "branding">>;

/** A seed as a client may send it (see {@link TenantInput}). */
export interface SeedInput {
    tenants: TenantInput[];
}

/** The persisted state: a seed plus the secret that signs tokens, shared by processes on one file. */
export interface EmulatorState extends Seed {
    tokenSecret: string;
}

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

    private constructor(private readonly statePath: string | undefined, initial: EmulatorState) {
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
        throw new Error(`state file ${file} is not valid JSON: ${(err as Error).message}`);
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
