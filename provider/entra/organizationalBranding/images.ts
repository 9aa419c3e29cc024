/**
 * Branding images as assets (spec area B). A `FileAsset` or path reaches the provider host as the raw asset wire object
 * (DESIGN.md, wire rules); `check` turns it into an {@link ImageDescriptor} so state keeps the SHA-256 and size, never
 * the bytes, and the input diff sees a content change. Limits are checked here so a bad image fails at preview.
 */
import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { imageSize } from "image-size";
import { ARCHIVE_SIG, ASSET_SIG, SIG_KEY } from "../../core/model/patterns";
import type { ImageDescriptor, ImageProperty } from "./state";

export { IMAGE_PROPERTIES, type ImageDescriptor, type ImageProperty } from "./state";

export type ImageFormat = "png" | "jpeg" | "ico" | "css";

/** What Graph and the Entra admin center accept for one stream property; `note` says which source won where they disagree. */
export interface ImageRule {
    formats: readonly ImageFormat[];
    maxWidth?: number;
    maxHeight?: number;
    maxBytes: number;
    note: string;
}

// "KB" in the Entra article is read as 1024 bytes; the article does not say, and Graph gives no byte counts at all.
const KB = 1024;

const SQUARE_LOGO: ImageRule = {
    formats: ["png", "jpeg"],
    maxWidth: 240,
    maxHeight: 240,
    maxBytes: 50 * KB,
    note: "PNG or JPEG, at most 240x240 px and 50 KB (Entra admin center; Graph says 10 KB)",
};

/**
 * Limits per property, from docs/api-facts.md section B "Image limits" (Graph update/resource pages and OpenAPI
 * vs the Entra admin-center article how-to-customize-branding.md). Where they disagree the Entra figure is enforced.
 */
export const IMAGE_RULES: Readonly<Record<ImageProperty, ImageRule>> = Object.freeze({
    backgroundImage: {
        formats: ["png", "jpeg"],
        maxWidth: 1920,
        maxHeight: 1080,
        maxBytes: 300 * KB,
        note: 'PNG or JPEG, at most 1920x1080 px and 300 KB (Entra admin center; the Graph pages\' "not smaller than 300 KB" is a doc error)',
    },
    bannerLogo: {
        formats: ["png", "jpeg"],
        maxWidth: 245,
        maxHeight: 36,
        maxBytes: 50 * KB,
        note: 'PNG or JPEG, at most 245x36 px (Graph pages also write "36 x 245": a doc error) and 50 KB (Entra admin center only)',
    },
    squareLogo: SQUARE_LOGO,
    squareLogoDark: SQUARE_LOGO,
    headerLogo: {
        formats: ["png", "jpeg"],
        maxWidth: 245,
        maxHeight: 36,
        maxBytes: 10 * KB,
        note: "PNG or JPEG, at most 245x36 px and 10 KB (Entra admin center only)",
    },
    favicon: {
        formats: ["png", "ico"],
        maxBytes: 5 * KB,
        note: "PNG or ICO, at most 5 KB; Entra asks for 32x32 px, which is reported but not enforced (Graph states no limit)",
    },
    customCSS: {
        formats: ["css"],
        maxBytes: 25 * KB,
        note: "a UTF-8 text file named *.css, at most 25 KB (Graph)",
    },
});

const CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = {
    png: "image/png",
    jpeg: "image/jpeg",
    ico: "image/vnd.microsoft.icon",
    css: "text/css",
};
const FORMAT_NAMES: Readonly<Record<ImageFormat, string>> = { png: "PNG", jpeg: "JPEG", ico: "ICO", css: "CSS" };
// image-size's name for each format it reads for us.
const IMAGE_SIZE_TYPES: Readonly<Record<Exclude<ImageFormat, "css">, string>> = { png: "png", jpeg: "jpg", ico: "ico" };

// Far above every limit: a larger file is refused on its size, and only this much of it is read to name its format.
const READ_CAP = 16 * 1024 * 1024;

/** Hex SHA-256 of `bytes`. */
export function sha256(bytes: Buffer): string {
    return createHash("sha256").update(bytes).digest("hex");
}

/** The image format named by the first bytes (PNG 89 50 4E 47 0D 0A 1A 0A, JPEG FF D8 FF, ICO 00 00 01 00). */
function sniffImage(bytes: Buffer): Exclude<ImageFormat, "css"> | undefined {
    const starts = (magic: readonly number[]): boolean => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
    if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
    if (starts([0xff, 0xd8, 0xff])) return "jpeg";
    if (starts([0x00, 0x00, 0x01, 0x00])) return "ico";
    return undefined;
}

const isCssName = (fileName: string): boolean => path.extname(fileName).toLowerCase() === ".css";

/**
 * The content type to upload `bytes` with as `property`, or undefined when the property does not accept them.
 * Images are sniffed from their magic bytes, whatever the file is called; CSS is recognized by a `.css` name and
 * UTF-8 text without NUL bytes.
 */
export function contentTypeOf(property: ImageProperty, bytes: Buffer, fileName: string): string | undefined {
    const formats = IMAGE_RULES[property].formats;
    if (formats.includes("css")) return isCssName(fileName) && isUtf8(bytes) && !bytes.includes(0) ? CONTENT_TYPES.css : undefined;
    const format = sniffImage(bytes);
    return format && formats.includes(format) ? CONTENT_TYPES[format] : undefined;
}

/** Width and height from the header, or undefined when the header cannot be read. */
function dimensions(format: Exclude<ImageFormat, "css">, bytes: Buffer): { width: number; height: number } | undefined {
    // image-size reads the PNG size at fixed offsets without checking the IHDR chunk is there and whole.
    const ihdr = bytes.length >= 33 && bytes.readUInt32BE(8) === 13 && bytes.toString("latin1", 12, 16) === "IHDR";
    if (format === "png" && !ihdr) return undefined;
    try {
        const size = imageSize(bytes);
        const ok = (n: number): boolean => Number.isInteger(n) && n > 0 && n <= 0x7fffffff;
        return size.type === IMAGE_SIZE_TYPES[format] && ok(size.width) && ok(size.height) ? { width: size.width, height: size.height } : undefined;
    } catch {
        return undefined;
    }
}

/** The path a program gave, or why the value cannot be used. */
function sourcePath(property: ImageProperty, value: unknown): { path: string } | { problem: string } {
    const instead = "use a FileAsset or a file path";
    if (typeof value === "string") return value.trim() === "" ? { problem: `${property} is an empty path: ${instead}` } : { path: value };
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
        const wire = value as Record<string, unknown>;
        if (wire[SIG_KEY] === ARCHIVE_SIG) return { problem: `an Archive cannot be used for ${property}: ${instead}` };
        if (wire[SIG_KEY] === ASSET_SIG) {
            if (typeof wire.path === "string" && wire.path !== "") return { path: wire.path };
            if (typeof wire.uri === "string") return { problem: `a RemoteAsset cannot be used for ${property}: ${instead}` };
            // A StringAsset's text would have to live in state to be uploaded later, and state keeps no content.
            if (typeof wire.text === "string") return { problem: `a StringAsset cannot be used for ${property}: ${instead}` };
            return { problem: `the asset given for ${property} has no file path: ${instead}` };
        }
    }
    const kind =
        value === null
            ? "null"
            : Array.isArray(value)
              ? "an array"
              : typeof value === "object"
                ? "an object that is not an asset"
                : `a ${typeof value}`;
    return { problem: `${property} must be a FileAsset or a file path, not ${kind}` };
}

const errorCode = (err: unknown): string => (err as NodeJS.ErrnoException).code ?? String(err);

/** The file's bytes (at most READ_CAP of them) and its full size, or why it cannot be read. */
function load(file: string, cwd: string): { bytes: Buffer; size: number } | { problem: string } {
    const where = `(resolved from ${cwd})`;
    let fd: number;
    try {
        fd = fs.openSync(path.resolve(cwd, file), "r");
    } catch (err) {
        const code = errorCode(err);
        if (code === "ENOENT" || code === "ENOTDIR") return { problem: `${file} does not exist ${where}` };
        if (code === "EISDIR") return { problem: `${file} is not a file ${where}` };
        return { problem: `${file} cannot be read (${code}) ${where}` };
    }
    try {
        const stat = fs.fstatSync(fd);
        if (!stat.isFile()) return { problem: `${file} is not a file ${where}` };
        const bytes = Buffer.alloc(Math.min(stat.size, READ_CAP));
        let got = 0;
        while (got < bytes.length) {
            const n = fs.readSync(fd, bytes, got, bytes.length - got, got);
            if (n === 0) break;
            got += n;
        }
        return { bytes: bytes.subarray(0, got), size: stat.size };
    } catch (err) {
        return { problem: `${file} cannot be read (${errorCode(err)}) ${where}` };
    } finally {
        fs.closeSync(fd);
    }
}

/** A file read for `property`: its first bytes, and whether they are all of it (a file past READ_CAP is cut). */
interface LoadedFile {
    readonly property: ImageProperty;
    readonly file: string;
    readonly bytes: Buffer;
    readonly whole: boolean;
}

function cssProblems({ property, file, bytes, whole }: LoadedFile): string[] {
    const problems: string[] = [];
    if (!isCssName(file)) problems.push(`${file} is not a .css file (${property} accepts a CSS file whose name ends in .css)`);
    if (whole && !isUtf8(bytes)) problems.push(`${file} is not UTF-8 text (${property} accepts a CSS file)`);
    else if (whole && bytes.includes(0)) problems.push(`${file} contains NUL bytes, so it is not a CSS text file`);
    return problems;
}

type ImageFacts = Pick<ImageDescriptor, "contentType" | "width" | "height"> & { problems: string[] };

function imageFacts({ property, file, bytes, whole }: LoadedFile): ImageFacts {
    const rule = IMAGE_RULES[property];
    const format = sniffImage(bytes);
    if (format === undefined || !rule.formats.includes(format)) {
        const accepted = rule.formats.map((f) => FORMAT_NAMES[f]).join(" or ");
        return { contentType: "", width: null, height: null, problems: [`${file} is not a ${accepted} image (${property} accepts ${accepted})`] };
    }
    const contentType = CONTENT_TYPES[format];
    const dims = dimensions(format, bytes);
    if (dims === undefined) {
        // A header cut off by READ_CAP is not damage: the size check already refuses the file.
        const damaged = `${file} starts like a ${FORMAT_NAMES[format]} image but its header cannot be read: the file is damaged`;
        return { contentType, width: null, height: null, problems: whole ? [damaged] : [] };
    }
    const { width, height } = dims;
    const tooBig = (rule.maxWidth !== undefined && width > rule.maxWidth) || (rule.maxHeight !== undefined && height > rule.maxHeight);
    const problems = tooBig ? [`${file} is ${width}x${height} px; ${property} allows at most ${rule.maxWidth}x${rule.maxHeight} px`] : [];
    return { contentType, width, height, problems };
}

/**
 * Turns what a program passed for `property` (the asset wire object, or a path string) into a descriptor, or lists
 * every problem found (format, dimensions, size), each a sentence naming the file. Never throws. A relative path
 * resolves from `cwd` (the program's folder in the provider host) and is stored as given. The descriptor is present
 * exactly when there are no problems. Callers skip the preview's unknown sentinel before calling this.
 */
export function describeImage(property: ImageProperty, value: unknown, cwd: string): { descriptor?: ImageDescriptor; problems: string[] } {
    const source = sourcePath(property, value);
    if ("problem" in source) return { problems: [source.problem] };
    const { path: file } = source;
    const loaded = load(file, cwd);
    if ("problem" in loaded) return { problems: [loaded.problem] };
    const { bytes, size } = loaded;
    const whole = bytes.length === size;
    const { maxBytes } = IMAGE_RULES[property];
    const read: LoadedFile = { property, file, bytes, whole };
    const facts: ImageFacts =
        property === "customCSS" ? { contentType: CONTENT_TYPES.css, width: null, height: null, problems: cssProblems(read) } : imageFacts(read);
    const { problems, ...described } = facts;
    if (size > maxBytes) problems.push(`${file} is ${size} bytes; ${property} allows at most ${maxBytes} bytes (${maxBytes / KB} KB)`);
    if (problems.length > 0) return { problems };
    return { descriptor: { path: file, sha256: sha256(bytes), size, ...described }, problems };
}

/**
 * The bytes of a checked image, re-read from disk (resolved against `cwd`) for the upload. Throws naming the file
 * when it is gone or its SHA-256 changed since `check`, so what is uploaded is always what the preview showed.
 */
export function readImage(d: ImageDescriptor, cwd: string): Buffer {
    let bytes: Buffer;
    try {
        bytes = fs.readFileSync(path.resolve(cwd, d.path));
    } catch (err) {
        throw new Error(`${d.path} cannot be read for upload (${errorCode(err)}, resolved from ${cwd}); it was there when the preview checked it`, {
            cause: err,
        });
    }
    if (sha256(bytes) !== d.sha256) {
        throw new Error(
            `${d.path} changed since the preview checked it (its SHA-256 differs): run the update again so the preview shows the new content`,
        );
    }
    return bytes;
}
