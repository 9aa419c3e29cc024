/**
 * Shared set-up of the hostile-input tests: a program's folder with branding files (valid ones, and files no image
 * property accepts), the compiled handlers loaded by package name as the provider host loads them, and the stack
 * config they are configured with. Not a spec file: mocha only runs `*.spec.ts`.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import type { EmulatorFixture } from "../support/emulator";
import { gif, ico, jpeg, png, writeFixture } from "../../harness/images";
import { emulatorConfig } from "../support/stacks";
import { isSecret, SIG } from "../../harness/wire";

/** The SDK's asset and archive signatures (@pulumi/pulumi runtime/rpc.js). */
export const ASSET_SIG = "c44067f5952c0a294b673a41bacd8c17";
export const ARCHIVE_SIG = "0def7320c3a5731c473e5ecbe6d01bc7";

/** A FileAsset as the provider host receives it. */
export const fileAsset = (file: string) => ({ [SIG]: ASSET_SIG, path: file });

export const IMAGE_PROPERTIES = ["backgroundImage", "bannerLogo", "squareLogo", "squareLogoDark", "headerLogo", "favicon", "customCSS"] as const;
export type ImageProperty = (typeof IMAGE_PROPERTIES)[number];

/** One valid file per image property, relative to the program's folder. */
export const VALID_FILES: Readonly<Record<ImageProperty, string>> = {
    backgroundImage: "assets/background.png",
    bannerLogo: "assets/banner.png",
    squareLogo: "assets/square.png",
    squareLogoDark: "assets/square-dark.jpg",
    headerLogo: "assets/header.png",
    favicon: "assets/favicon.ico",
    customCSS: "assets/custom.css",
};

/** Files no image property accepts, each refused at preview with its name in the reason. */
export const BAD_FILES = {
    /** Never written. */
    missing: "assets/missing.png",
    /** A decodable GIF: wrong magic bytes for every property. */
    gifNamedPng: "assets/logo-really-gif.png",
    /** Text: no image at all, and not named .css. */
    textNamedPng: "assets/notes.png",
    /** A real PNG of 301 KB: over the largest image limit (background, 300 KB). */
    oversizedPng: "assets/huge.png",
    /** Valid CSS of 26 KB: over the 25 KB CSS limit. */
    oversizedCss: "assets/huge.css",
    /** A folder. */
    folder: "assets",
} as const;

/** Writes the valid and bad files into `dir`. */
export function writeBrandingFiles(dir: string): void {
    const valid: Record<ImageProperty, Buffer | string> = {
        backgroundImage: png(800, 600),
        bannerLogo: png(245, 36),
        squareLogo: png(240, 240),
        squareLogoDark: jpeg(240, 240),
        headerLogo: png(245, 36),
        favicon: ico(32, 32),
        customCSS: "body { color: #0F6CBD; }\n",
    };
    for (const p of IMAGE_PROPERTIES) writeFixture(dir, VALID_FILES[p], valid[p]);
    writeFixture(dir, BAD_FILES.gifNamedPng, gif(100, 20));
    writeFixture(dir, BAD_FILES.textNamedPng, "this is not an image\n");
    writeFixture(dir, BAD_FILES.oversizedPng, png(100, 20, { padTo: 301 * 1024 }));
    writeFixture(dir, BAD_FILES.oversizedCss, `/*${"x".repeat(26 * 1024)}*/`);
}

/**
 * A program's folder for the enclosing `describe`: the branding files, and `node_modules` (a link to this checkout's)
 * so that a provider host started there resolves `pulumi-tenantkit`. With `chdir`, this process works there too,
 * as the host does, so that both read the same files and name the same folder in their messages.
 */
export function useProgramFolder(opts: { chdir: boolean }): { readonly dir: string } {
    const folder = { dir: "" };
    let saved = "";
    before(() => {
        folder.dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "tk-hostile-")));
        fs.symlinkSync(path.resolve(__dirname, "..", "..", "node_modules"), path.join(folder.dir, "node_modules"), "dir");
        writeBrandingFiles(folder.dir);
        if (opts.chdir) {
            saved = process.cwd();
            process.chdir(folder.dir);
        }
    });
    after(() => {
        if (saved) process.chdir(saved);
        if (folder.dir) fs.rmSync(folder.dir, { recursive: true, force: true });
    });
    return folder;
}

/** The compiled handler of `bin/<module>/handler`, loaded by package name as the provider host loads it. */
export function compiledHandler(module: string): pulumi.dynamic.ResourceProvider {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require(`pulumi-tenantkit/bin/${module}/handler`) as { handler: pulumi.dynamic.ResourceProvider }).handler;
}

/** The stack config pointing at the emulator, as `configure` receives it from the host: secrets unwrapped. */
export function handlerConfig(fx: EmulatorFixture): pulumi.dynamic.ConfigureRequest {
    const plain = Object.fromEntries(Object.entries(emulatorConfig(fx)).map(([k, v]) => [k, isSecret(v) ? String(v.value) : v]));
    return { config: { get: (k: string) => plain[k], require: (k: string) => plain[k] ?? assert.fail(`no config ${k}`) } };
}

/** The compiled handler, configured against the emulator. */
export async function configuredHandler(module: string, fx: EmulatorFixture): Promise<pulumi.dynamic.ResourceProvider> {
    const handler = compiledHandler(module);
    await handler.configure!(handlerConfig(fx));
    return handler;
}
