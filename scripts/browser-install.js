#!/usr/bin/env node
// @ts-check
/**
 * `npm run browser:install`: the Chromium that renders the branding preview and its browser tests, from the machine's
 * Debian packages (`chromium`), never a browser download by a test tool. Prints the executable's path as its last
 * line. Does nothing when a Chromium is already there (TENANTKIT_CHROMIUM or /usr/bin/chromium); otherwise runs
 * `apt-get install chromium` as root (or through sudo), updating the package lists once if the first try fails.
 *
 * Plain JavaScript on purpose: `.ci/run` runs it before `npm ci`, on whatever Node the machine has.
 */
"use strict";

const { execFileSync } = require("node:child_process");
const fs = require("node:fs");

const CHROMIUM = process.env.TENANTKIT_CHROMIUM || "/usr/bin/chromium";

/** @param {string[]} args */
function asRoot(args) {
    const root = typeof process.getuid === "function" && process.getuid() === 0;
    const [cmd, ...rest] = root ? args : ["sudo", "-n", ...args];
    execFileSync(cmd, rest, { stdio: ["ignore", 2, 2], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}

function install() {
    if (fs.existsSync(CHROMIUM)) return CHROMIUM;
    if (!fs.existsSync("/usr/bin/apt-get")) {
        throw new Error(`no Chromium at ${CHROMIUM} and no apt-get to install Debian's: install Chromium or Chrome and set TENANTKIT_CHROMIUM to it`);
    }
    process.stderr.write("browser:install: apt-get install chromium (Debian's package)\n");
    const get = ["apt-get", "install", "-y", "chromium"];
    try {
        asRoot(get);
    } catch {
        asRoot(["apt-get", "update"]);
        asRoot(get);
    }
    if (!fs.existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium, but ${CHROMIUM} is not there`);
    return CHROMIUM;
}

try {
    const exe = install();
    process.stdout.write(`${exe}\n`);
} catch (err) {
    process.stderr.write(`browser:install: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
}
