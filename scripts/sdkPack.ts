/**
 * `npm run sdk:pack [-- <folder>]`: the generated Node.js SDK (sdk/nodejs, TypeScript sources) as the npm package a
 * TypeScript or JavaScript program over the provider plugin installs, `@pulumi-tenantkit/sdk`: compiled into a
 * temporary folder (sdk/ holds only what the generator writes), with the entry points a compiled package needs, then packed.
 * Prints the tarball's path.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const SDK = path.join(ROOT, "sdk", "nodejs");

export function packNodeSdk(destination: string): string {
    const OUT = fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-sdk-nodejs-"));
    // The sources stay where they are, so that they resolve @pulumi/pulumi and @types/node from this checkout.
    execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(SDK, "tsconfig.json"), "--outDir", OUT], {
        stdio: "inherit",
    });
    const manifest = JSON.parse(fs.readFileSync(path.join(SDK, "package.json"), "utf8")) as Record<string, unknown>;
    delete manifest.scripts;
    delete manifest.devDependencies;
    fs.writeFileSync(path.join(OUT, "package.json"), `${JSON.stringify({ ...manifest, main: "index.js", types: "index.d.ts" }, null, 4)}\n`);
    fs.copyFileSync(path.join(SDK, "README.md"), path.join(OUT, "README.md"));
    // The license the manifest names travels with the package, as in the tarball of pulumi-tenantkit itself.
    fs.copyFileSync(path.join(ROOT, "LICENSE"), path.join(OUT, "LICENSE"));
    fs.mkdirSync(destination, { recursive: true });
    try {
        const name = execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", destination], {
            cwd: OUT,
            encoding: "utf8",
            stdio: ["ignore", "pipe", "pipe"],
        })
            .trim()
            .split("\n")
            .pop()!;
        return path.join(destination, name);
    } finally {
        fs.rmSync(OUT, { recursive: true, force: true });
    }
}

if (require.main === module) {
    console.log(packNodeSdk(path.resolve(process.argv[2] ?? ROOT)));
}
