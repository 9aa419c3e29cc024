/**
 * The release assets as the engine downloads them: `pulumi-resource-tenantkit-v<version>-<os>-<arch>.tar.gz` holding
 * the executable at its root (the name `standardAssetName` and `httpSource.Download` build in the CLI's
 * sdk/go/common/workspace/plugins.go; the engine runs `<plugin dir>/pulumi-resource-tenantkit`, with `.exe` on
 * Windows), and `pulumi-tenantkit_<version>_checksums.txt` (sha256, as Pulumi's providers publish it).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import * as zlib from "node:zlib";
import type { Target } from "./nodeBinary";

export const assetName = (version: string, t: Pick<Target, "os" | "arch">): string =>
    `pulumi-resource-tenantkit-v${version}-${t.os}-${t.arch}.tar.gz`;
export const checksumsName = (version: string): string => `pulumi-tenantkit_${version}_checksums.txt`;

/** Writes the tarball of `executable` into `outDir`, the file alone at its root, owned by root, mode 755, mtime 0. */
export function writeAsset(outDir: string, version: string, target: Target, executable: string): string {
    const tar = execFileSync(
        "tar",
        [
            "-C",
            path.dirname(executable),
            "--owner=0",
            "--group=0",
            "--numeric-owner",
            "--mode=755",
            "--mtime=@0",
            "-cf",
            "-",
            path.basename(executable),
        ],
        { maxBuffer: 1024 * 1024 * 1024 },
    );
    const file = path.join(outDir, assetName(version, target));
    fs.writeFileSync(file, zlib.gzipSync(tar));
    return file;
}

/** Writes the checksums file of `files` (`<sha256>  <name>` a line, sorted by name) into `outDir`. */
export function writeChecksums(outDir: string, version: string, files: readonly string[]): string {
    const lines = [...files]
        .sort()
        .map((f) => `${createHash("sha256").update(fs.readFileSync(f)).digest("hex")}  ${path.basename(f)}\n`)
        .join("");
    const file = path.join(outDir, checksumsName(version));
    fs.writeFileSync(file, lines);
    return file;
}
