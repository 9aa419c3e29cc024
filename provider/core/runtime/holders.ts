/**
 * Which resource holds a service object that two resources can reach: a branding (one per organization and locale,
 * whoever declares it) and a push dataset a create adopted by name. The engine replaces create-first: the
 * replacement's create takes the object over, and the replaced resource's delete comes after, in another plugin
 * process when the provider changed, or in the next `up` when the first one stopped in between. That delete must not
 * remove or restore over what the replacement now holds.
 *
 * So a create that takes an object over writes a claim for it, a random holder id, both into its own state
 * (`__holder`, an output no schema declares, carried through updates and refreshes) and into a record in the program's
 * folder, `.tenantkit/holders/<kind>-<key>.json` (the engine starts every provider process there), written atomically.
 * A delete whose state holds another holder id than the record (or none) was overtaken: the object is left to its new
 * holder. A delete of the holder itself, or of an object nobody claimed, goes ahead and removes the record.
 *
 * What each side knows is on disk or in the engine's state, never in one process's memory, so it holds across the
 * processes of one deployment and across a crash between the create and the delete. Its limit is the journal's: the
 * record lives on the machine and in the folder where the create ran; keep `.tenantkit/` with the program (a CI cache)
 * when deployments move between machines.
 */
import { randomUUID } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { writeJsonAtomically } from "./atomicFile";

/** The output that carries a resource's holder id. */
export const HOLDER_KEY = "__holder";

/** A service object that more than one resource can reach: its kind and its key within the kind. */
export interface HeldObject {
    readonly kind: "branding" | "dataset";
    readonly key: string;
}

interface HolderRecord {
    readonly version: 1;
    readonly kind: string;
    readonly key: string;
    readonly holder: string;
    /** When it was claimed (ISO 8601), for people reading the file. */
    readonly claimedAt: string;
}

function recordPath(cwd: string, o: HeldObject): string {
    const safe = o.key.toLowerCase().replace(/[^a-z0-9.-]+/g, "_");
    return path.join(cwd, ".tenantkit", "holders", `${o.kind}-${safe}.json`);
}

function readRecord(cwd: string, o: HeldObject): HolderRecord | undefined {
    try {
        const r = JSON.parse(fs.readFileSync(recordPath(cwd, o), "utf8")) as Partial<HolderRecord>;
        return typeof r.holder === "string" && r.key?.toLowerCase() === o.key.toLowerCase() ? (r as HolderRecord) : undefined;
    } catch {
        return undefined;
    }
}

/** A resource's holder id, from its state. */
export function holderOf(state: object): string | undefined {
    const v = (state as Record<string, unknown>)[HOLDER_KEY];
    return typeof v === "string" ? v : undefined;
}

/** Claims `o` for a create: records a new holder id and returns it, for the create's state. */
export function claimObject(cwd: string, o: HeldObject): string {
    const holder = randomUUID();
    const record: HolderRecord = { version: 1, kind: o.kind, key: o.key, holder, claimedAt: new Date().toISOString() };
    writeJsonAtomically(recordPath(cwd, o), record);
    return holder;
}

/** Whether a later create took `o` over from the resource whose state is `state`: its delete must leave `o` alone. */
export function overtaken(cwd: string, o: HeldObject, state: object): boolean {
    const record = readRecord(cwd, o);
    return record !== undefined && record.holder !== holderOf(state);
}

/** After the holder's own delete: the record goes too. */
export function releaseObject(cwd: string, o: HeldObject, state: object): void {
    const record = readRecord(cwd, o);
    if (record !== undefined && record.holder === holderOf(state)) fs.rmSync(recordPath(cwd, o), { force: true });
}

/** `outs` with a new claim on `o`, for a create that took `o` over. */
export function withClaim<T extends object>(outs: T, cwd: string, o: HeldObject): T {
    return { ...outs, [HOLDER_KEY]: claimObject(cwd, o) };
}

/** `outs` with the holder id `state` carries, for an update's or a refresh's outputs. */
export function keepHolder<T extends object>(outs: T, state: object): T {
    const holder = holderOf(state);
    return holder === undefined || HOLDER_KEY in outs ? outs : { ...outs, [HOLDER_KEY]: holder };
}
