/**
 * Valid PNG files generated in code, so the default seed and tests carry real images without binary files
 * in the repository. Layout per the PNG specification (W3C, 3rd edition): the 8-byte signature, then
 * IHDR, IDAT (zlib-compressed scanlines, each prefixed with filter type 0) and IEND chunks, each chunk
 * `length | type | data | CRC-32(type + data)`.
 */
import { deflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
});

function crc32(bytes: Buffer): number {
    let c = 0xffffffff;
    for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "ascii");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
}

/** An RGB colour, each channel 0..255. */
export type Rgb = readonly [number, number, number];

/**
 * A `width` x `height` truecolour PNG filled with `color`; `stripe` (optional) paints every other column
 * so that two images of one size can differ.
 */
export function solidPng(width: number, height: number, color: Rgb, stripe?: Rgb): Buffer {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 2; // colour type: truecolour
    // bytes 10..12: compression 0, filter 0, interlace 0
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set(stripe !== undefined && x % 2 === 1 ? stripe : color, 1 + x * 3);
    const raw = Buffer.concat(Array.from({ length: height }, () => row));
    return Buffer.concat([SIGNATURE, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}
