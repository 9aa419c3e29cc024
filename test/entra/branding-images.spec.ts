import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { inflateSync } from "node:zlib";
import { imageSize } from "image-size";
import {
    contentTypeOf,
    describeImage,
    IMAGE_PROPERTIES,
    IMAGE_RULES,
    type ImageDescriptor,
    type ImageProperty,
    readImage,
    sha256,
} from "../../provider/entra/organizationalBranding/images";
import { crc32, gif, ico, jpeg, png, writeFixture } from "../../harness/images";

const KB = 1024;
const SIG = "4dabf18193072939515e22adb298388d";
const ASSET = "c44067f5952c0a294b673a41bacd8c17";
const ARCHIVE = "0def7320c3a5731c473e5ecbe6d01bc7";

/** The valid fixture of each property, exactly at its limits (favicon: Entra's 32x32, and 5 KB through a PNG below). */
const AT_LIMIT: Record<ImageProperty, { name: string; make: (w: number, h: number, bytes: number) => Buffer; w: number; h: number; type: string }> = {
    backgroundImage: { name: "assets/background.png", make: (w, h, b) => png(w, h, { padTo: b }), w: 1920, h: 1080, type: "image/png" },
    bannerLogo: { name: "assets/banner.jpg", make: jpeg, w: 245, h: 36, type: "image/jpeg" },
    squareLogo: { name: "assets/square.png", make: (w, h, b) => png(w, h, { padTo: b }), w: 240, h: 240, type: "image/png" },
    squareLogoDark: { name: "assets/square-dark.jpeg", make: jpeg, w: 240, h: 240, type: "image/jpeg" },
    headerLogo: { name: "assets/header.png", make: (w, h, b) => png(w, h, { padTo: b }), w: 245, h: 36, type: "image/png" },
    favicon: { name: "assets/favicon.ico", make: (w, h) => ico(w, h), w: 32, h: 32, type: "image/vnd.microsoft.icon" },
    customCSS: { name: "assets/custom.css", make: (_w, _h, b) => Buffer.from("/*".padEnd(b - 2, "x") + "*/"), w: 0, h: 0, type: "text/css" },
};

describe("branding images: assets to descriptors", () => {
    let cwd: string;
    before(() => {
        cwd = fs.mkdtempSync(path.join(os.tmpdir(), "tk-images-"));
    });
    after(() => fs.rmSync(cwd, { recursive: true, force: true }));

    const write = (name: string, bytes: Buffer | string): string => (writeFixture(cwd, name, bytes), name);
    const check = (p: ImageProperty, name: string, bytes: Buffer | string) => describeImage(p, write(name, bytes), cwd);
    const fileAsset = (p: string, extra: Record<string, string> = {}) => ({ [SIG]: ASSET, path: p, ...extra });

    it("accepts one valid file per property, at its limits, and keeps only path, SHA-256, size, type and size in px", () => {
        for (const p of IMAGE_PROPERTIES) {
            const f = AT_LIMIT[p];
            const bytes = f.make(f.w, f.h, IMAGE_RULES[p].maxBytes);
            const r = check(p, f.name, bytes);
            const dims = p === "customCSS" ? { width: null, height: null } : { width: f.w, height: f.h };
            assert.deepEqual(
                r,
                { descriptor: { path: f.name, sha256: sha256(bytes), size: bytes.length, contentType: f.type, ...dims }, problems: [] },
                p,
            );
            if (p !== "favicon") assert.equal(bytes.length, IMAGE_RULES[p].maxBytes, p);
        }
    });

    for (const p of IMAGE_PROPERTIES.filter((q) => IMAGE_RULES[q].maxWidth !== undefined)) {
        const { maxWidth: w = 0, maxHeight: h = 0, maxBytes } = IMAGE_RULES[p];
        const f = AT_LIMIT[p];
        const cases = [
            { what: "one pixel too wide", w: w + 1, h, bytes: maxBytes, problem: `${f.name} is ${w + 1}x${h} px; ${p} allows at most ${w}x${h} px` },
            { what: "one pixel too high", w, h: h + 1, bytes: maxBytes, problem: `${f.name} is ${w}x${h + 1} px; ${p} allows at most ${w}x${h} px` },
            {
                what: "one byte too large",
                w,
                h,
                bytes: maxBytes + 1,
                problem: `${f.name} is ${maxBytes + 1} bytes; ${p} allows at most ${maxBytes} bytes (${maxBytes / KB} KB)`,
            },
        ];
        for (const c of cases) {
            it(`refuses a ${p} ${c.what}`, () => {
                assert.deepEqual(check(p, f.name, f.make(c.w, c.h, c.bytes)), { problems: [c.problem] });
            });
        }
    }

    it("enforces the Entra maxima where the sources disagree: background at most 300 KB, square logos up to 50 KB", () => {
        assert.equal(IMAGE_RULES.backgroundImage.maxBytes, 300 * KB);
        assert.equal(IMAGE_RULES.squareLogo.maxBytes, 50 * KB);
        assert.match(IMAGE_RULES.backgroundImage.note, /not smaller than 300 KB.*doc error/);
        assert.ok(check("backgroundImage", "assets/small-bg.png", png(800, 600)).descriptor, "a small background is fine");
        assert.ok(check("squareLogo", "assets/sq-20k.png", png(240, 240, { padTo: 20 * KB })).descriptor, "over Graph's 10 KB");
    });

    it("reports a favicon's size in px without refusing one that is not 32x32, but refuses one byte over 5 KB", () => {
        assert.deepEqual(check("favicon", "assets/favicon-48.png", png(48, 48, { padTo: 5 * KB })).descriptor, {
            path: "assets/favicon-48.png",
            sha256: sha256(png(48, 48, { padTo: 5 * KB })),
            size: 5 * KB,
            contentType: "image/png",
            width: 48,
            height: 48,
        });
        assert.deepEqual(check("favicon", "assets/favicon-big.png", png(32, 32, { padTo: 5 * KB + 1 })), {
            problems: ["assets/favicon-big.png is 5121 bytes; favicon allows at most 5120 bytes (5 KB)"],
        });
    });

    it("lists every problem of one file at once", () => {
        assert.deepEqual(check("bannerLogo", "assets/wide.jpg", jpeg(300, 36, 51 * KB)).problems, [
            "assets/wide.jpg is 300x36 px; bannerLogo allows at most 245x36 px",
            "assets/wide.jpg is 52224 bytes; bannerLogo allows at most 51200 bytes (50 KB)",
        ]);
    });

    it("refuses formats a property does not accept, judging by the bytes rather than the name", () => {
        const wrong = (p: ImageProperty, name: string, bytes: Buffer | string) => check(p, name, bytes).problems;
        assert.deepEqual(wrong("bannerLogo", "assets/logo.gif", gif(200, 30)), [
            "assets/logo.gif is not a PNG or JPEG image (bannerLogo accepts PNG or JPEG)",
        ]);
        assert.deepEqual(wrong("squareLogo", "assets/square.ico", ico(32, 32)), [
            "assets/square.ico is not a PNG or JPEG image (squareLogo accepts PNG or JPEG)",
        ]);
        assert.deepEqual(wrong("favicon", "assets/favicon.jpg", jpeg(32, 32)), [
            "assets/favicon.jpg is not a PNG or ICO image (favicon accepts PNG or ICO)",
        ]);
        assert.deepEqual(wrong("headerLogo", "assets/fake.png", "not an image"), [
            "assets/fake.png is not a PNG or JPEG image (headerLogo accepts PNG or JPEG)",
        ]);
        assert.equal(check("headerLogo", "assets/really-png.jpg", png(100, 20)).descriptor?.contentType, "image/png");
    });

    it("says a PNG, JPEG or ICO whose header cannot be read is damaged", () => {
        const renamedIhdr = png(100, 20);
        renamedIhdr.write("IHDX", 12, "latin1");
        const zeroImages = ico(32, 32);
        zeroImages.writeUInt16LE(0, 4);
        const damaged: Array<[ImageProperty, string, Buffer, string]> = [
            ["bannerLogo", "assets/cut.png", png(100, 20).subarray(0, 24), "PNG"],
            ["bannerLogo", "assets/ihdr.png", renamedIhdr, "PNG"],
            ["bannerLogo", "assets/no-sof.jpg", jpeg(100, 20).subarray(0, 20), "JPEG"],
            ["bannerLogo", "assets/soi-only.jpg", Buffer.from([0xff, 0xd8, 0xff]), "JPEG"],
            ["favicon", "assets/empty.ico", zeroImages, "ICO"],
        ];
        for (const [p, name, bytes, kind] of damaged) {
            assert.deepEqual(
                check(p, name, bytes).problems,
                [`${name} starts like a ${kind} image but its header cannot be read: the file is damaged`],
                name,
            );
        }
    });

    it("refuses a file far over its limit on its size alone, not calling a header beyond the first 16 MiB damaged", () => {
        const huge = jpeg(100, 20, 17 * KB * KB);
        assert.deepEqual(check("bannerLogo", "assets/huge.jpg", huge).problems, [
            `assets/huge.jpg is ${17 * KB * KB} bytes; bannerLogo allows at most 51200 bytes (50 KB)`,
        ]);
    });

    it("says which file is missing and where it was looked for", () => {
        assert.deepEqual(describeImage("bannerLogo", "assets/missing.png", cwd), {
            problems: [`assets/missing.png does not exist (resolved from ${cwd})`],
        });
        assert.deepEqual(describeImage("bannerLogo", fileAsset("nowhere/missing.png"), cwd).problems, [
            `nowhere/missing.png does not exist (resolved from ${cwd})`,
        ]);
        fs.mkdirSync(path.join(cwd, "a-folder.png"), { recursive: true });
        assert.deepEqual(describeImage("bannerLogo", "a-folder.png", cwd).problems, [`a-folder.png is not a file (resolved from ${cwd})`]);
    });

    it("refuses remote assets, string assets, archives and values that are no file at all", () => {
        const cases: Array<[unknown, string]> = [
            [{ [SIG]: ASSET, uri: "https://contoso.com/banner.png" }, "a RemoteAsset cannot be used for bannerLogo: use a FileAsset or a file path"],
            [{ [SIG]: ASSET, text: "body { }" }, "a StringAsset cannot be used for bannerLogo: use a FileAsset or a file path"],
            [{ [SIG]: ARCHIVE, path: "assets" }, "an Archive cannot be used for bannerLogo: use a FileAsset or a file path"],
            [{ [SIG]: ASSET, hash: "ab" }, "the asset given for bannerLogo has no file path: use a FileAsset or a file path"],
            [{ [SIG]: ASSET, path: "" }, "the asset given for bannerLogo has no file path: use a FileAsset or a file path"],
            ["", "bannerLogo is an empty path: use a FileAsset or a file path"],
            [42, "bannerLogo must be a FileAsset or a file path, not a number"],
            [null, "bannerLogo must be a FileAsset or a file path, not null"],
            [{ path: "assets/banner.png" }, "bannerLogo must be a FileAsset or a file path, not an object that is not an asset"],
        ];
        for (const [value, problem] of cases) assert.deepEqual(describeImage("bannerLogo", value, cwd), { problems: [problem] });
    });

    it("gives one descriptor for the asset wire object with or without the engine's hash and for a plain path", () => {
        const bytes = jpeg(245, 36, 4 * KB);
        write("assets/banner.jpg", bytes);
        const fromPath = describeImage("bannerLogo", "assets/banner.jpg", cwd);
        assert.equal(fromPath.descriptor?.sha256, sha256(bytes));
        assert.deepEqual(describeImage("bannerLogo", fileAsset("assets/banner.jpg"), cwd), fromPath);
        assert.deepEqual(describeImage("bannerLogo", fileAsset("assets/banner.jpg", { hash: "0".repeat(64) }), cwd), fromPath);
        const absolute = path.join(cwd, "assets/banner.jpg");
        assert.equal(describeImage("bannerLogo", absolute, os.tmpdir()).descriptor?.path, absolute, "an absolute path stays absolute");
    });

    it("sees a content change as a different descriptor", () => {
        const before = check("squareLogo", "assets/changing.png", png(100, 100)).descriptor;
        const after = check("squareLogo", "assets/changing.png", png(100, 101)).descriptor;
        assert.notEqual(before?.sha256, after?.sha256);
    });

    it("accepts CSS only as UTF-8 text without NUL bytes in a file named .css", () => {
        const css = "\uFEFF.ext-sign-in-box { color: #0F6CBD; } /* é */";
        assert.deepEqual(check("customCSS", "assets/custom.css", css).descriptor?.contentType, "text/css");
        assert.deepEqual(check("customCSS", "assets/big.css", "a".repeat(25 * KB + 1)).problems, [
            "assets/big.css is 25601 bytes; customCSS allows at most 25600 bytes (25 KB)",
        ]);
        assert.deepEqual(check("customCSS", "assets/custom.txt", css).problems, [
            "assets/custom.txt is not a .css file (customCSS accepts a CSS file whose name ends in .css)",
        ]);
        assert.deepEqual(check("customCSS", "assets/latin1.css", Buffer.from([0x61, 0xe9, 0x7b])).problems, [
            "assets/latin1.css is not UTF-8 text (customCSS accepts a CSS file)",
        ]);
        assert.deepEqual(check("customCSS", "assets/nul.css", "a{}\0").problems, ["assets/nul.css contains NUL bytes, so it is not a CSS text file"]);
        assert.deepEqual(check("customCSS", "assets/logo.png", png(10, 10)).problems, [
            "assets/logo.png is not a .css file (customCSS accepts a CSS file whose name ends in .css)",
            "assets/logo.png is not UTF-8 text (customCSS accepts a CSS file)",
        ]);
    });

    it("sniffs content types from magic bytes, and CSS from the name and the text", () => {
        assert.equal(contentTypeOf("bannerLogo", png(1, 1), "x.bin"), "image/png");
        assert.equal(contentTypeOf("bannerLogo", jpeg(1, 1), "x.bin"), "image/jpeg");
        assert.equal(contentTypeOf("favicon", ico(16, 16), "x.bin"), "image/vnd.microsoft.icon");
        assert.equal(contentTypeOf("bannerLogo", ico(16, 16), "x.ico"), undefined);
        assert.equal(contentTypeOf("bannerLogo", gif(1, 1), "x.gif"), undefined);
        assert.equal(contentTypeOf("customCSS", Buffer.from("a{}"), "x.CSS"), "text/css");
        assert.equal(contentTypeOf("customCSS", Buffer.from("a{}"), "x.txt"), undefined);
        assert.equal(sha256(Buffer.from("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    });

    it("re-reads the bytes for upload from cwd and refuses a file changed or gone since the preview", () => {
        const bytes = png(200, 30);
        const d = check("bannerLogo", "assets/upload.png", bytes).descriptor as ImageDescriptor;
        assert.deepEqual(readImage(d, cwd), bytes);
        write("assets/upload.png", png(200, 31));
        assert.throws(() => readImage(d, cwd), /^Error: assets\/upload\.png changed since the preview checked it/);
        fs.rmSync(path.join(cwd, "assets/upload.png"));
        assert.throws(() => readImage(d, cwd), /^Error: assets\/upload\.png cannot be read for upload \(ENOENT/);
    });
});

describe("test image generators", () => {
    it("write dimensions image-size reads back, padded or not", () => {
        const cases: Array<[Buffer, string, number, number]> = [
            [png(245, 36), "png", 245, 36],
            [png(1920, 1080, { padTo: 300 * KB }), "png", 1920, 1080],
            [jpeg(240, 239), "jpg", 240, 239],
            [jpeg(245, 36, 200 * KB), "jpg", 245, 36],
            [ico(32, 16), "ico", 32, 16],
            [ico(256, 256), "ico", 256, 256],
            [gif(7, 5), "gif", 7, 5],
        ];
        for (const [bytes, type, width, height] of cases) {
            const got = imageSize(bytes);
            assert.deepEqual({ type: got.type, width: got.width, height: got.height }, { type, width, height });
        }
    });

    it("pad to the exact byte size asked, and refuse a padding too small to hold a chunk", () => {
        for (const n of [png(10, 10).length, png(10, 10).length + 12, png(10, 10).length + 19, 5 * KB])
            assert.equal(png(10, 10, { padTo: n }).length, n);
        for (const n of [jpeg(10, 10).length, jpeg(10, 10).length + 4, jpeg(10, 10).length + 65539, 300 * KB])
            assert.equal(jpeg(10, 10, n).length, n);
        assert.throws(() => png(10, 10, { padTo: png(10, 10).length + 11 }), /cannot pad a PNG/);
        assert.throws(() => jpeg(10, 10, jpeg(10, 10).length + 3), /cannot pad a JPEG/);
    });

    it("build PNGs with correct chunk CRCs and an IDAT that inflates to every scanline", () => {
        assert.equal(crc32(Buffer.from("123456789")), 0xcbf43926);
        const bytes = png(7, 3, { padTo: 200 });
        const chunks: string[] = [];
        for (let at = 8; at < bytes.length;) {
            const len = bytes.readUInt32BE(at);
            const typeAndData = bytes.subarray(at + 4, at + 8 + len);
            assert.equal(bytes.readUInt32BE(at + 8 + len), crc32(typeAndData));
            const type = typeAndData.toString("latin1", 0, 4);
            if (type === "IDAT") assert.equal(inflateSync(typeAndData.subarray(4)).length, 3 * (7 + 1));
            chunks.push(type);
            at += 12 + len;
        }
        assert.deepEqual(chunks, ["IHDR", "IDAT", "tEXt", "IEND"]);
    });
});
