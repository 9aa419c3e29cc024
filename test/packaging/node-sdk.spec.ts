/**
 * The Node.js SDK as npm would carry it (`npm run sdk:pack`): `@pulumi-tenantkit/sdk` at the package's version, every
 * generated module compiled with its declarations, and a tarball `npm install` takes into a program of its own.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { run } from "../../scripts/python";
import { nodeSdkPackage } from "../cli/sdkToolchains";
import { filesUnder, SDK_DIR } from "../../scripts/sdk";

const ROOT = path.resolve(__dirname, "..", "..");
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

describe("the Node.js SDK's tarball", function () {
    this.timeout(300_000);
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-node-sdk-"));
    let tarball: string;
    let entries: string[];

    before(async () => {
        tarball = await nodeSdkPackage();
        entries = run("tar", ["tzf", tarball]).trim().split("\n").sort();
    });
    after(() => fs.rmSync(scratch, { recursive: true, force: true }));

    it("is @pulumi-tenantkit/sdk at the package's version, its entry points compiled", () => {
        assert.equal(path.basename(tarball), `pulumi-tenantkit-sdk-${VERSION}.tgz`);
        const manifest = JSON.parse(run("tar", ["xzf", tarball, "-O", "package/package.json"])) as Record<string, unknown>;
        assert.deepEqual(
            [manifest.name, manifest.version, manifest.main, manifest.types],
            ["@pulumi-tenantkit/sdk", VERSION, "index.js", "index.d.ts"],
        );
    });

    it("holds each generated module as JavaScript with its declarations, no TypeScript source, and the LICENSE", () => {
        const modules = filesUnder(path.join(SDK_DIR, "nodejs")).filter((f) => f.endsWith(".ts"));
        assert.ok(modules.length > 10, modules.join(", "));
        const missing = modules
            .flatMap((m) => [m.replace(/\.ts$/, ".js"), m.replace(/\.ts$/, ".d.ts")])
            .filter((f) => !entries.includes(`package/${f}`));
        assert.deepEqual(missing, []);
        assert.deepEqual(
            entries.filter((e) => e.endsWith(".ts") && !e.endsWith(".d.ts")),
            [],
        );
        assert.ok(entries.includes("package/LICENSE"));
    });

    it("is what `npm install` takes into a program, whose require finds the resources and enums", () => {
        const program = path.join(scratch, "program");
        fs.mkdirSync(program);
        fs.writeFileSync(path.join(program, "package.json"), JSON.stringify({ name: "program", version: "1.0.0", private: true }));
        run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], { cwd: program });
        const seen = run(
            process.execPath,
            [
                "-e",
                'const tk = require("@pulumi-tenantkit/sdk"); console.log(typeof tk.powerbi.PushDataset, tk.types.enums.powerbi.PushDatasetDataType.Int64)',
            ],
            { cwd: program },
        );
        assert.equal(seen.trim(), "function Int64");
    });
});
