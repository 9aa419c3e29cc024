/**
 * Which datasets the creates running now have taken, across the plugin processes of one deployment. Two explicit
 * providers with the same settings on one workspace are two processes, each with its own directory (directory.ts), so
 * a claim in memory does not stop the other from adopting the same dataset by name. Two records in the program's
 * folder (the engine starts every provider process there, as core/runtime/holders.ts relies on) do:
 *
 * - `.tenantkit/claims/name-<hash>.lock/`: a create holds its workspace and name while it looks for a dataset and
 *   takes or POSTs one (mkdir is atomic across processes; in a process, creates of one name queue in memory first).
 *   A lock whose process is gone, or older than `LOCK_STALE_MS`, is broken.
 * - `.tenantkit/claims/dataset-<id>.json`: when a create took the dataset (created or adopted), and under which engine.
 *   A dataset taken since this process started, under the same engine, was taken by a create running alongside this
 *   one, in this process or another, and is never adopted: the create posts its own. One taken before was taken in an earlier deployment: adopting it is how an `up`
 *   converges after a lost create, and how a create-first replacement takes over the dataset of the resource it
 *   replaces (core/runtime/holders.ts keeps that resource's delete from deleting it).
 *
 * Their limit is the holder records': the folder of one machine. Two programs (or stacks in two folders) creating a
 * dataset of one name in one workspace at once are not seen.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { writeJsonAtomically } from "../../core/runtime/atomicFile";

/** A lock held longer than this is taken to be left by a process that hung: a create is one listing and one POST. */
export const LOCK_STALE_MS = 10 * 60_000;
/** How often a create waiting for a name looks again. */
const POLL_MS = 20;

/** When this process started (epoch ms): a take recorded since was made by a create running alongside. */
const PROCESS_START = performance.timeOrigin;

interface TakeRecord {
    readonly version: 1;
    readonly id: string;
    /** Epoch ms. */
    readonly takenAt: number;
    readonly pid: number;
    /**
     * The process that started the taking one (the engine's, `process.ppid` when the record was written): the plugin
     * processes of one deployment share it. A plugin left running by a killed `pulumi up` has lost its parent by then.
     */
    readonly engine?: number;
}

const claimsDir = (cwd: string) => path.join(cwd, ".tenantkit", "claims");
const safe = (id: string) => id.toLowerCase().replace(/[^a-z0-9.-]+/g, "_");
const recordPath = (cwd: string, id: string) => path.join(claimsDir(cwd), `dataset-${safe(id)}.json`);

/** Records that a create took dataset `id` (created or adopted) now. */
export function recordTaken(cwd: string, id: string): void {
    const record: TakeRecord = { version: 1, id, takenAt: Date.now(), pid: process.pid, engine: process.ppid };
    writeJsonAtomically(recordPath(cwd, id), record);
}

/**
 * Whether a create running alongside this process (in it, or in another plugin process of the same engine) took
 * dataset `id`: it is not to be adopted. A take by a plugin that a killed `pulumi up` left finishing its POST is not
 * alongside, however late it landed: the next `up` adopts what it made, as after any lost create.
 */
export function takenAlongside(cwd: string, id: string): boolean {
    try {
        const r = JSON.parse(fs.readFileSync(recordPath(cwd, id), "utf8")) as Partial<TakeRecord>;
        return typeof r.takenAt === "number" && r.takenAt >= PROCESS_START && r.engine === process.ppid;
    } catch {
        return false;
    }
}

/** After the dataset was deleted: its record goes. */
export function forgetTaken(cwd: string, id: string): void {
    fs.rmSync(recordPath(cwd, id), { force: true });
}

const alive = (pid: number): boolean => {
    try {
        process.kill(pid, 0);
        return true;
    } catch (err) {
        return (err as NodeJS.ErrnoException).code === "EPERM";
    }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the lock directory, waiting while a live process holds it; breaks one whose holder is gone. */
async function lockDir(dir: string): Promise<void> {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    for (;;) {
        try {
            fs.mkdirSync(dir);
            fs.writeFileSync(path.join(dir, "owner.json"), `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`);
            return;
        } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
        }
        let stale = false;
        try {
            const owner = JSON.parse(fs.readFileSync(path.join(dir, "owner.json"), "utf8")) as { pid?: number };
            stale = typeof owner.pid === "number" && !alive(owner.pid);
        } catch {
            // Being written, or removed: look at its age only.
        }
        try {
            stale ||= Date.now() - fs.statSync(dir).mtimeMs > LOCK_STALE_MS;
        } catch {
            continue; // released meanwhile
        }
        if (stale) fs.rmSync(dir, { recursive: true, force: true });
        else await sleep(POLL_MS);
    }
}

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `fn` holding the name `name` in `workspace` (`""` for My workspace): no other create of this name in this
 * folder, in this process or another, looks for or takes a dataset meanwhile.
 */
export async function withNameHeld<T>(cwd: string, workspace: string, name: string, fn: () => Promise<T>): Promise<T> {
    const key = createHash("sha256").update(`${workspace.toLowerCase()}\n${name}`).digest("hex").slice(0, 32);
    const dir = path.join(claimsDir(cwd), `name-${key}.lock`);
    const queueKey = `${path.resolve(cwd)}\n${key}`;
    const before = queues.get(queueKey) ?? Promise.resolve();
    const run = before.then(
        () => held(dir, fn),
        () => held(dir, fn),
    );
    const settled = run.catch(() => undefined);
    queues.set(queueKey, settled);
    try {
        return await run;
    } finally {
        if (queues.get(queueKey) === settled) queues.delete(queueKey);
    }
}

async function held<T>(dir: string, fn: () => Promise<T>): Promise<T> {
    await lockDir(dir);
    try {
        return await fn();
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}
