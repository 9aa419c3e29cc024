/**
 * What a checkout says on a Node.js it does not support: one line of its own at the build (`npm ci` through `prepare`,
 * `npm start`), instead of npm's 25 lines of per-package `EBADENGINE` warnings on Node 20, which the project's .npmrc
 * keeps out; and the versions that line names are those package.json declares and the README states.
 */
import { strict as assert } from "node:assert";
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");
const SCRIPT = path.join(ROOT, "scripts", "node-version.js");
/* eslint-disable-next-line @typescript-eslint/no-require-imports -- plain JavaScript, run before anything is compiled */
const { nodeVersionNotice, declaredMinimum, SUPPORTED } = require(SCRIPT) as {
    nodeVersionNotice(version: string): string | undefined;
    declaredMinimum(): number;
    SUPPORTED: readonly number[];
};

describe("the Node.js versions a checkout supports", () => {
    it("on Node 20 the build says in one line what it runs on, what is supported and where to get it", () => {
        assert.equal(
            nodeVersionNotice("v20.20.2"),
            "tenantkit: Node.js v20.20.2 is older than tenantkit supports (22 and 24), so nothing is tested on it; the build goes on. " +
                "Install Node.js 22 or 24 (https://nodejs.org/en/download, or `nvm install 22`).",
        );
    });

    it("on a supported Node the build says nothing of it", () => {
        const r = spawnSync(process.execPath, [SCRIPT], { encoding: "utf8" });
        assert.deepEqual([r.status, r.stdout, r.stderr], [0, "", ""]);
    });

    it("npm in the checkout keeps its per-package EBADENGINE warnings out (.npmrc: loglevel=error)", () => {
        assert.equal(execFileSync("npm", ["config", "get", "loglevel"], { cwd: ROOT, encoding: "utf8" }).trim(), "error");
    });

    it("names the oldest version package.json's engines declare, and the README says the same versions", () => {
        assert.equal(declaredMinimum(), SUPPORTED[0]);
        assert.match(fs.readFileSync(path.join(ROOT, "README.md"), "utf8"), new RegExp(`Node\\.js: ${SUPPORTED.join(" and ")} are supported`));
    });

    it("runs first in the build, so npm ci and npm start say it before compiling", () => {
        const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
        assert.match(pkg.scripts.build!, /^node scripts\/node-version\.js && /);
    });
});
