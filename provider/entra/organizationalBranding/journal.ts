/**
 * The branding journal: the prior values of a branding, written to disk before tenantkit's first write to it, so that
 * a provider host killed after the service accepted a write (and before the engine recorded the state) cannot make
 * the next `up` read tenantkit's own values as "prior", after which destroy would "restore" them and the tenant's
 * original branding would be lost.
 *
 * - Where: `<program folder>/.tenantkit/journal/branding-<organizationId>-<locale>.json` (the provider host's working
 *   directory is the program's folder). Written atomically (temporary file, then rename) before the first write of a
 *   create, or of an update that takes over new properties; removed once the operation returned to the engine, which
 *   then holds the prior in state (also after a partial failure, which the engine records).
 * - What: the prior (JSON values, images with their bytes as base64, whether the branding existed) and what the
 *   operation was about to write (JSON values, images by SHA-256).
 * - Recovery is per property: the journal's prior replaces the live value only where the live value is the one the
 *   crashed operation was writing. Where the branding shows anything else, someone changed it since, and the live
 *   value is the truth to restore. So a journal left behind for longer than any crash window (the next `up` ran on
 *   another machine, the program stopped managing the branding, the folder was copied) never overrides later changes,
 *   whatever its age; its age alone says nothing, since the next `up` after a crash may come days later.
 * - Limits: the journal lives on the machine that crashed. An `up` on another machine (a fresh CI checkout) does not
 *   see it and records the values the crashed run wrote as prior, as it would without a journal; keep
 *   `.tenantkit/journal/` with the program (a CI cache) or run the next `up` where the crash happened. A value the
 *   service rewrites beyond case and surrounding spaces, or an image it re-encodes, no longer looks written, so the
 *   live value is taken for it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { writeJsonAtomically } from "../../core/runtime/atomicFile";
import type { JsonValue } from "../../core/model/json";
import {
    isImageProperty,
    sameJson,
    type BrandingProperty,
    type ImageDescriptor,
    type ImageProperty,
    type JsonProperty,
    type Prior,
    type PriorImage,
} from "./state";

/** What was about to be written: JSON values, and images by SHA-256 (null: the image is deleted). */
export interface Intended {
    readonly values: Partial<Record<JsonProperty, JsonValue>>;
    readonly images: Partial<Record<ImageProperty, string | null>>;
}

export interface Journal {
    readonly version: 1;
    readonly organizationId: string;
    readonly locale: string;
    /** When the operation began (ISO 8601), for people reading the file. */
    readonly startedAt: string;
    readonly prior: Prior;
    readonly intended: Intended;
}

/** One branding: the default (locale `0`) or one localization of an organization. */
export interface BrandingRef {
    readonly organizationId: string;
    readonly locale: string;
}

/** Where the journal of one branding lives; ids are reduced to safe file-name characters. */
export function journalPath(cwd: string, organizationId: string, locale: string): string {
    const safe = (s: string) => s.replace(/[^A-Za-z0-9-]/g, "_");
    return path.join(cwd, ".tenantkit", "journal", `branding-${safe(organizationId)}-${safe(locale)}.json`);
}

/** The journal of a branding, or undefined when there is none. A file that cannot be read fails loudly: it may hold the only copy of the prior. */
export function readJournal(cwd: string, organizationId: string, locale: string): Journal | undefined {
    const file = journalPath(cwd, organizationId, locale);
    let text: string;
    try {
        text = fs.readFileSync(file, "utf8");
    } catch (err) {
        // No such file, or a path component that is no folder: there is no journal.
        const code = (err as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR") return undefined;
        throw new Error(`cannot read the branding journal ${file}: ${(err as Error).message}`, { cause: err });
    }
    let parsed: unknown;
    try {
        parsed = JSON.parse(text);
    } catch {
        parsed = undefined;
    }
    const j = parsed as Partial<Journal> | undefined;
    if (!j || j.version !== 1 || j.organizationId !== organizationId || j.locale !== locale || !j.prior || !j.intended) {
        throw new Error(
            `the branding journal ${file} is not one tenantkit can read: it holds the branding's values from before an interrupted run; ` +
                `restore them by hand if needed, then delete the file and run again`,
        );
    }
    return j as Journal;
}

/** Writes the journal before the first write to the branding; refuses to go on without it. */
export function writeJournal(cwd: string, journal: Journal): void {
    const file = journalPath(cwd, journal.organizationId, journal.locale);
    try {
        writeJsonAtomically(file, journal);
    } catch (err) {
        throw new Error(
            `cannot write the branding journal ${file} (${(err as Error).message}); nothing was changed. tenantkit records the ` +
                `branding's prior values there before changing it, so that a crash cannot lose them: make the program's folder writable`,
            { cause: err },
        );
    }
}

/** Removes the journal once the engine holds the prior in state. A journal that stays is harmless (see the file comment). */
export function removeJournal(cwd: string, organizationId: string, locale: string): void {
    try {
        fs.rmSync(journalPath(cwd, organizationId, locale), { force: true });
    } catch {
        // Left behind, it is judged against the live branding property by property and never overrides later changes.
    }
}

/** What the program is about to write for `managed`: its JSON values and its images' hashes. */
export function intendedOf(inputs: Partial<Record<BrandingProperty, unknown>>, managed: readonly BrandingProperty[]): Intended {
    const values: Partial<Record<JsonProperty, JsonValue>> = {};
    const images: Partial<Record<ImageProperty, string | null>> = {};
    for (const p of managed) {
        if (isImageProperty(p)) images[p] = (inputs[p] as ImageDescriptor | undefined)?.sha256 ?? null;
        else values[p] = inputs[p] as JsonValue;
    }
    return { values, images };
}

/** The properties a journal covers. */
export function journaled(journal: Journal): BrandingProperty[] {
    return [...Object.keys(journal.prior.values), ...Object.keys(journal.prior.images)] as BrandingProperty[];
}

/** Is `live` what was being written? Strings up to case and surrounding spaces; complex values by the members written (Graph merges them). */
function wasWritten(live: JsonValue | undefined, intended: JsonValue | undefined): boolean {
    if (intended === undefined) return false;
    if (typeof live === "string" && typeof intended === "string") return live.trim().toLowerCase() === intended.trim().toLowerCase();
    if (intended !== null && typeof intended === "object" && !Array.isArray(intended)) {
        if (live === null || live === undefined || typeof live !== "object" || Array.isArray(live)) return false;
        return Object.entries(intended).every(([k, v]) => wasWritten((live as Record<string, JsonValue>)[k], v));
    }
    return sameJson(live ?? null, intended);
}

function imageWritten(live: PriorImage | null | undefined, intended: string | null | undefined): boolean {
    return intended !== undefined && (live?.sha256 ?? null) === intended;
}

/** A property the journal shows half-written that the program no longer manages: it is given back, as destroy would. */
export interface Revert {
    readonly property: BrandingProperty;
    readonly prior: Prior;
    readonly intended: Intended;
}

export interface Recovery {
    readonly journal: Journal | undefined;
    /** The snapshot of the live branding for the managed properties and every journaled one. */
    readonly live: Prior;
    /** The properties whose prior is wanted. */
    readonly managed: readonly BrandingProperty[];
    /** The properties that stay tenantkit's (managed by the program or already by state); `managed` unless given. */
    readonly kept?: readonly BrandingProperty[];
}

/**
 * The prior to record, from the live snapshot and the journal: the journal's value wherever the live one is what the
 * crashed operation was writing. `existed` stays false only when every journaled property is at its prior or written
 * value. Written properties that are not kept are to be given back.
 */
export function recoverPrior({ journal, live, managed, kept = managed }: Recovery): { prior: Prior; revert: Revert[] } {
    if (!journal || !live.existed) return { prior: only(live, managed), revert: [] };
    const values = { ...live.values };
    const images = { ...live.images };
    const written: BrandingProperty[] = [];
    let consistent = true;
    for (const p of journaled(journal)) {
        if (isImageProperty(p)) {
            if (imageWritten(live.images[p], journal.intended.images[p])) {
                images[p] = journal.prior.images[p] ?? null;
                written.push(p);
            } else if ((live.images[p]?.sha256 ?? null) !== (journal.prior.images[p]?.sha256 ?? null)) consistent = false;
        } else if (wasWritten(live.values[p], journal.intended.values[p])) {
            values[p] = journal.prior.values[p];
            written.push(p);
        } else if (!sameJson(live.values[p], journal.prior.values[p])) consistent = false;
    }
    const existed = journal.prior.existed || !consistent;
    const full: Prior = { existed, values, images };
    const revert = written.filter((p) => !kept.includes(p)).map((p) => ({ property: p, prior: full, intended: journal.intended }));
    return { prior: only(full, managed), revert };
}

/** The prior restricted to `props`. */
export function only(prior: Prior, props: readonly BrandingProperty[]): Prior {
    const keep = (o: object) => Object.fromEntries(Object.entries(o).filter(([p]) => props.includes(p as BrandingProperty)));
    return { existed: prior.existed, values: keep(prior.values), images: keep(prior.images) };
}

export interface JournalEntry extends BrandingRef {
    /** The prior of the properties the operation takes over. */
    readonly prior: Prior;
    /** What it is about to write to them. */
    readonly intended: Intended;
    /** What it gives back (recoverPrior), journaled so that a crash repeats the giving back. */
    readonly revert?: readonly Revert[];
    /** When the operation began; now unless given. */
    readonly now?: Date;
}

/** The journal of an operation taking over properties (and giving back `revert`), so that a crash repeats the recovery. */
export function journalOf({ organizationId, locale, prior, intended, revert = [], now = new Date() }: JournalEntry): Journal {
    const values = { ...prior.values };
    const images = { ...prior.images };
    const iValues = { ...intended.values };
    const iImages = { ...intended.images };
    for (const r of revert) {
        // Still to give back if the live value stays the one the earlier run wrote.
        if (isImageProperty(r.property)) {
            images[r.property] = r.prior.images[r.property] ?? null;
            iImages[r.property] = r.intended.images[r.property];
        } else {
            values[r.property] = r.prior.values[r.property];
            iValues[r.property] = r.intended.values[r.property];
        }
    }
    return {
        version: 1,
        organizationId,
        locale,
        startedAt: now.toISOString(),
        prior: { existed: prior.existed, values, images },
        intended: { values: iValues, images: iImages },
    };
}

/** The recorded prior, corrected by the journal where the recorded value is what that journal's run was writing. */
export function recordedPrior(
    cwd: string,
    branding: BrandingRef,
    recorded: { readonly prior: Prior; readonly managed?: readonly BrandingProperty[] },
): { prior: Prior; fromJournal: boolean } {
    const journal = readJournal(cwd, branding.organizationId, branding.locale);
    if (!journal || !recorded.prior.existed) return { prior: recorded.prior, fromJournal: false };
    return { prior: recoverPrior({ journal, live: recorded.prior, managed: recorded.managed ?? [] }).prior, fromJournal: true };
}

/*
 * The journal also hands a branding over between two resources. The engine replaces create-first (a forced
 * `pulumi up --replace`, a changed provider or logical name, a connection given instead of the stack config), so the
 * replacement's create records the replaced resource's values as its prior, and the replaced resource's delete comes
 * after, in the same process or another. That delete, overtaken (core/runtime/holders.ts), must not restore over the
 * replacement; it hands its prior (the tenant's original) over through the journal instead, which the replacement's
 * later operations read as a crash journal is read: its prior wins where the recorded prior is what it wrote.
 */
