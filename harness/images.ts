/**
 * Image bytes for tests, the soak and the benchmarks, built by hand so no image package is needed: real PNG, JPEG, ICO and GIF headers with the
 * dimensions asked for, and padding to an exact byte size so a test can sit exactly on a size limit or one byte over.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
});

/** CRC-32 as PNG chunks use it (ISO 3309, the same as zlib's). */
export function crc32(bytes: Uint8Array): number {
    let c = 0xffffffff;
    for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
}

function u16be(n: number): Buffer {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(n);
    return b;
}

function u32be(n: number): Buffer {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
}

function pngChunk(type: string, data: Buffer): Buffer {
    const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
    return Buffer.concat([u32be(data.length), typeAndData, u32be(crc32(typeAndData))]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** How to fill `pad` bytes with one ancillary chunk, which decoders skip. */
function paddingChunk(pad: number): Buffer {
    if (pad >= 20) return pngChunk("tEXt", Buffer.concat([Buffer.from("Comment\0", "latin1"), Buffer.alloc(pad - 20, 0x61)]));
    // Too small for a tEXt keyword: a private, safe-to-copy ancillary chunk (PNG spec 5.4: lowercase 1st, 2nd and 4th letter).
    return pngChunk("tkPd", Buffer.alloc(pad - 12));
}

function padError(kind: string, padTo: number, natural: number, minimum: number): Error {
    return new Error(`cannot pad a ${kind} of ${natural} bytes to ${padTo}: give at least ${natural + minimum} bytes, or ${natural} exactly`);
}

/**
 * A real PNG: signature, IHDR (8-bit greyscale), one IDAT deflated with node:zlib, IEND, every CRC correct.
 * `padTo` makes the file exactly that many bytes with an ancillary chunk (at least 12 bytes more than without it).
 */
export function png(width: number, height: number, opts: { padTo?: number } = {}): Buffer {
    const ihdr = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 0, 0, 0, 0])]);
    // Each scanline is a filter byte (0 = none) and one grey byte per pixel.
    const raw = Buffer.alloc(height * (width + 1), 0x80);
    for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0;
    const parts = [PNG_SIGNATURE, pngChunk("IHDR", ihdr), pngChunk("IDAT", deflateSync(raw))];
    const iend = pngChunk("IEND", Buffer.alloc(0));
    const natural = parts.reduce((n, p) => n + p.length, iend.length);
    if (opts.padTo !== undefined && opts.padTo !== natural) {
        const pad = opts.padTo - natural;
        if (pad < 12) throw padError("PNG", opts.padTo, natural, 12);
        parts.push(paddingChunk(pad));
    }
    return Buffer.concat([...parts, iend]);
}

function jpegSegment(marker: number, data: Buffer): Buffer {
    return Buffer.concat([Buffer.from([0xff, marker]), u16be(data.length + 2), data]);
}

/** COM segments (marker FFFE) filling exactly `pad` bytes; one segment holds at most 65533 bytes of comment. */
function jpegComments(pad: number): Buffer[] {
    const out: Buffer[] = [];
    let left = pad;
    while (left > 0) {
        let seg = Math.min(left, 4 + 65533);
        if (left - seg > 0 && left - seg < 4) seg = left - 4;
        out.push(jpegSegment(0xfe, Buffer.alloc(seg - 4, 0x20)));
        left -= seg;
    }
    return out;
}

/**
 * A JPEG header: SOI, APP0 JFIF 1.01, a baseline SOF0 (one 8-bit component) carrying the dimensions, EOI. Enough
 * for image-size and any header reader; there is no scan data to decode. `padTo` adds COM segments before SOF0,
 * so a reader must walk over them (at least 4 bytes more than without them).
 */
export function jpeg(width: number, height: number, padTo?: number): Buffer {
    const soi = Buffer.from([0xff, 0xd8]);
    const app0 = jpegSegment(0xe0, Buffer.concat([Buffer.from("JFIF\0", "latin1"), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0])]));
    const sof0 = jpegSegment(0xc0, Buffer.concat([Buffer.from([8]), u16be(height), u16be(width), Buffer.from([1, 1, 0x11, 0])]));
    const eoi = Buffer.from([0xff, 0xd9]);
    const natural = soi.length + app0.length + sof0.length + eoi.length;
    let comments: Buffer[] = [];
    if (padTo !== undefined && padTo !== natural) {
        if (padTo - natural < 4) throw padError("JPEG", padTo, natural, 4);
        comments = jpegComments(padTo - natural);
    }
    return Buffer.concat([soi, app0, ...comments, sof0, eoi]);
}

/** An ICO file with one image, stored as an embedded PNG (the Windows Vista form); 256 is written as 0. */
export function ico(width: number, height: number): Buffer {
    const image = png(width, height);
    const header = Buffer.from([0, 0, 1, 0, 1, 0]);
    const entry = Buffer.alloc(16);
    entry.writeUInt8(width >= 256 ? 0 : width, 0);
    entry.writeUInt8(height >= 256 ? 0 : height, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(image.length, 8);
    entry.writeUInt32LE(header.length + entry.length, 12);
    return Buffer.concat([header, entry, image]);
}

/** LZW data for `count` pixels of colour 0, with a clear code every two pixels so codes stay 3 bits wide. */
function gifPixels(count: number): Buffer {
    const CLEAR = 4;
    const END = 5;
    const codes: number[] = [];
    for (let i = 0; i < count; i += 2) codes.push(CLEAR, ...(i + 1 < count ? [0, 0] : [0]));
    codes.push(END);
    const packed: number[] = [];
    let acc = 0;
    let bits = 0;
    for (const code of codes) {
        acc |= code << bits;
        bits += 3;
        while (bits >= 8) {
            packed.push(acc & 0xff);
            acc >>>= 8;
            bits -= 8;
        }
    }
    if (bits > 0) packed.push(acc & 0xff);
    const blocks: Buffer[] = [];
    for (let i = 0; i < packed.length; i += 255) {
        const block = packed.slice(i, i + 255);
        blocks.push(Buffer.from([block.length, ...block]));
    }
    return Buffer.concat([Buffer.from([2]), ...blocks, Buffer.from([0])]);
}

/** A decodable GIF89a (a two-colour palette, every pixel black): the format no branding property accepts. */
export function gif(width: number, height: number): Buffer {
    const size = Buffer.alloc(4);
    size.writeUInt16LE(width, 0);
    size.writeUInt16LE(height, 2);
    const screen = Buffer.concat([Buffer.from("GIF89a", "latin1"), size, Buffer.from([0x80, 0, 0]), Buffer.from([0, 0, 0, 255, 255, 255])]);
    const descriptor = Buffer.concat([Buffer.from([0x2c, 0, 0, 0, 0]), size, Buffer.from([0])]);
    return Buffer.concat([screen, descriptor, gifPixels(width * height), Buffer.from([0x3b])]);
}

/** Writes `bytes` to `dir/name` (creating folders in `name`) and returns the full path. */
export function writeFixture(dir: string, name: string, bytes: Buffer | string): string {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
    return file;
}
