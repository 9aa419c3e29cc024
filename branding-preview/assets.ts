/**
 * Declared branding inputs to what a page shows: texts as they are, images and CSS read from the program's files.
 * An input unknown until `up` (a value from another resource) is shown as a placeholder; an image of the stack's
 * state is shown only when the file on disk (or under `--base`) still has the hash the state recorded.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { UNKNOWN, type BrandingInputs } from "./declared";
import {
    dataUrl,
    IMAGE_PROPERTIES,
    TEXT_PROPERTIES,
    VISIBILITY_FLAGS,
    type Notice,
    type PageBranding,
    type PageImage,
    type PageLayout,
    type VisibilityFlag,
} from "./model";

export { UNKNOWN };

/** Where to find the files an input names. */
export interface AssetFolders {
    /** The program's folder: relative paths are relative to it. */
    readonly programDir: string;
    /** A checkout of what the stack last applied, searched for images of the state that changed since. */
    readonly baseDir?: string;
}

/**
 * The side of a before/after pair, for messages: what the program declares (after), and before it what the tenant
 * shows now (`live`) or, when that cannot be read, what the stack applied at its last `up`.
 */
export type Side = "declared" | "applied" | "live";

/** How messages name a locale's page on one side: `fr-FR`, `fr-FR, as applied` or `fr-FR, live`. */
export function labelOf(locale: string, side: Side): string {
    return side === "applied" ? `${locale}, as applied` : side === "live" ? `${locale}, live` : locale;
}

/** The media type of image bytes by their first bytes, or undefined when they are none the service takes. */
function sniff(bytes: Buffer): string | undefined {
    const starts = (...sig: number[]): boolean => sig.every((b, i) => bytes[i] === b);
    if (starts(0x89, 0x50, 0x4e, 0x47)) return "image/png";
    if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
    if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
    if (starts(0x42, 0x4d)) return "image/bmp";
    if (starts(0x00, 0x00, 0x01, 0x00)) return "image/vnd.microsoft.icon";
    return undefined;
}

/** An image input: a path, a descriptor from the provider's check (`{path, sha256, ...}`), or a file asset. */
function fileOf(value: unknown): { file: string; sha256?: string } | undefined {
    if (typeof value === "string") return { file: value };
    if (value !== null && typeof value === "object" && typeof (value as { path?: unknown }).path === "string") {
        const v = value as { path: string; sha256?: unknown };
        return { file: v.path, ...(typeof v.sha256 === "string" ? { sha256: v.sha256 } : {}) };
    }
    return undefined;
}

/** The bytes of a file input, or why they cannot be shown. */
function readFile(value: unknown, side: Side, folders: AssetFolders): { bytes: Buffer; source: string } | { problem: string } {
    const ref = fileOf(value);
    if (ref === undefined) return { problem: `is neither a file path nor a file asset (${JSON.stringify(value)?.slice(0, 80)})` };
    const candidates = [
        path.resolve(folders.programDir, ref.file),
        ...(folders.baseDir !== undefined ? [path.resolve(folders.baseDir, ref.file)] : []),
    ];
    let differs = false;
    for (const file of candidates) {
        if (!fs.existsSync(file)) continue;
        const bytes = fs.readFileSync(file);
        if (ref.sha256 === undefined || createHash("sha256").update(bytes).digest("hex") === ref.sha256) return { bytes, source: ref.file };
        differs = true;
    }
    if (side === "applied" && differs) {
        return {
            problem: `${ref.file} on disk is not the file the stack applied (sha256 ${ref.sha256?.slice(0, 12)}...); pass --base <a checkout of what was applied> to show it`,
        };
    }
    if (differs)
        return {
            problem: `${ref.file} changed after the preview read it (its sha256 is no longer ${ref.sha256?.slice(0, 12)}...); run the preview again`,
        };
    return { problem: `${ref.file} is not on disk (looked in ${candidates.join(" and ")})` };
}

/** A property of one branding's inputs that cannot be shown as declared, and why. */
export interface Problem {
    readonly property: string;
    readonly problem: string;
}

/** The messages of `problems` on one page: each names its property and the page (`bannerLogo (fr-FR, as applied): ...`). */
export function noticesOf(problems: readonly Problem[], locale: string, side: Side): Notice[] {
    const label = labelOf(locale, side);
    return problems.map((p) => ({ property: p.property, locale, message: `${p.property} (${label}): ${p.problem}` }));
}

/**
 * The page branding of one branding's inputs (the default's or a localization's, as declared or as applied), and
 * what could not be shown; {@link noticesOf} words the problems for each page that shows them.
 */
export function pageBrandingOf(inputs: BrandingInputs, side: Side, folders: AssetFolders): { branding: PageBranding; problems: Problem[] } {
    const problems: Problem[] = [];
    const note = (property: string, problem: string): void => {
        problems.push({ property, problem });
    };
    const texts: Record<string, string> = {};
    for (const name of TEXT_PROPERTIES) {
        const value = inputs[name];
        if (value === UNKNOWN) {
            texts[name] = `[${name}: known after up]`;
            note(name, "known only after `pulumi up` (it comes from another resource); shown as a placeholder");
        } else if (typeof value === "string") {
            texts[name] = value;
        }
    }
    const images: Record<string, PageImage> = {};
    for (const name of IMAGE_PROPERTIES) {
        const value = inputs[name];
        if (value === undefined || value === null) continue;
        if (value === UNKNOWN) {
            note(name, "known only after `pulumi up`; the page is shown without it");
            continue;
        }
        const read = readFile(value, side, folders);
        if ("problem" in read) {
            note(name, `${read.problem}; the page is shown without it`);
            continue;
        }
        images[name] = { dataUrl: dataUrl(sniff(read.bytes) ?? "application/octet-stream", read.bytes), source: read.source };
    }
    let customCSS: string | undefined;
    if (inputs.customCSS !== undefined && inputs.customCSS !== null) {
        const read = inputs.customCSS === UNKNOWN ? { problem: "known only after `pulumi up`" } : readFile(inputs.customCSS, side, folders);
        if ("problem" in read) note("customCSS", `${read.problem}; the page is shown without it`);
        else customCSS = read.bytes.toString("utf8");
    }
    return {
        branding: {
            texts,
            images,
            ...(customCSS !== undefined ? { customCSS } : {}),
            ...objectInput<PageLayout>(inputs, "loginPageLayoutConfiguration", note, "layout"),
            ...visibilityInput(inputs, note),
        },
        problems,
    };
}

function objectInput<T>(inputs: BrandingInputs, name: string, note: (p: string, m: string) => void, key: string): Record<string, T> {
    const value = inputs[name];
    if (value === undefined || value === null) return {};
    if (value === UNKNOWN || typeof value !== "object") {
        note(name, value === UNKNOWN ? "known only after `pulumi up`; Microsoft's default is shown" : `is not an object (${JSON.stringify(value)})`);
        return {};
    }
    return { [key]: value as T };
}

function visibilityInput(
    inputs: BrandingInputs,
    note: (p: string, m: string) => void,
): { visibility?: Partial<Record<VisibilityFlag, boolean | null>> } {
    const value = objectInput<Record<string, unknown>>(inputs, "loginPageTextVisibilitySettings", note, "v").v;
    if (value === undefined) return {};
    const visibility: Partial<Record<VisibilityFlag, boolean | null>> = {};
    for (const flag of VISIBILITY_FLAGS) {
        if (typeof value[flag] === "boolean") visibility[flag] = value[flag];
    }
    return { visibility };
}
