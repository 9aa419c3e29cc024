#!/usr/bin/env node
// @ts-check
/**
 * The one line a build on an older Node.js prints (`npm run build`, so `npm ci` through `prepare`, and `npm start`):
 * what it is, which versions are supported, where to get one. npm's own per-package `EBADENGINE` warnings say the same
 * thing in 25 lines on Node 20 (tenantkit twice, @pulumi/pulumi, @azure/identity, @azure/core-process declare 22), and
 * the project's .npmrc keeps them out (`loglevel=error`; CONTRIBUTING.md says what else that hides).
 *
 * Plain JavaScript on purpose: it runs before anything is compiled, on whatever Node the machine has. It never fails
 * the build: the quickstart runs on Node 20, it is only not tested there.
 */
"use strict";

const fs = require("node:fs");
const path = require("node:path");

/** The Node.js majors tenantkit is tested on (CI on the first; the quickstart measured on both). */
const SUPPORTED = [22, 24];

/**
 * The line for Node.js `version` (`v20.20.2`), or undefined when its major is one tenantkit supports or newer.
 * @param {string} version
 * @returns {string | undefined}
 */
function nodeVersionNotice(version) {
    const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
    if (!Number.isInteger(major) || major >= SUPPORTED[0]) return undefined;
    return (
        `tenantkit: Node.js ${version} is older than tenantkit supports (${SUPPORTED.join(" and ")}), so nothing is tested on it; ` +
        `the build goes on. Install Node.js ${SUPPORTED[0]} or ${SUPPORTED[1]} (https://nodejs.org/en/download, or \`nvm install ${SUPPORTED[0]}\`).`
    );
}

/** The minimum major that package.json's `engines.node` (`>=22`) declares. */
function declaredMinimum() {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "package.json"), "utf8"));
    return Number(/^>=(\d+)$/.exec(pkg.engines?.node ?? "")?.[1]);
}

module.exports = { nodeVersionNotice, declaredMinimum, SUPPORTED };

if (require.main === module) {
    const notice = nodeVersionNotice(process.version);
    if (notice !== undefined) console.error(notice);
}
