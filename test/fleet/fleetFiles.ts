/**
 * Fleet files for the tests, written into a folder of their own (a fleet file's assets are found relative to it).
 * Not a spec file.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { FleetFileError, loadFleet, type Fleet } from "../../provider/fleet/fleetFile";

const folders: string[] = [];

/** A new folder holding `fleet.yaml` with `text`, and `files` (path relative to it -> content). Returns the file's path. */
export function writeFleet(text: string, files: Record<string, string> = {}, name = "fleet.yaml"): string {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-fleet-"));
    folders.push(folder);
    for (const [rel, content] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(folder, rel)), { recursive: true });
        fs.writeFileSync(path.join(folder, rel), content);
    }
    const file = path.join(folder, name);
    fs.writeFileSync(file, text);
    return file;
}

/** Removes the folders writeFleet made. */
export function removeFleets(): void {
    for (const f of folders.splice(0)) fs.rmSync(f, { recursive: true, force: true });
}

/** Loads a fleet file that must load. */
export function load(text: string, files: Record<string, string> = {}): Fleet {
    return loadFleet(writeFleet(text, files));
}

/** The error a fleet file that must not load throws, and its file. */
export function refused(text: string, files: Record<string, string> = {}): { error: FleetFileError; file: string; lines: string[] } {
    const file = writeFleet(text, files);
    try {
        loadFleet(file);
    } catch (err) {
        assert.ok(err instanceof FleetFileError, `expected a FleetFileError, got ${String(err)}`);
        return { error: err, file, lines: err.message.split("\n").slice(1) };
    }
    assert.fail("the fleet file loaded");
}

/** A fleet file's text from its lines, so that a test can count the line a problem is on. */
export const lines = (...l: string[]): string => `${l.join("\n")}\n`;

/** The lines of a tenant that loads: each test adds the field it is about. */
export const TENANT = ["  - name: fabrikam", "    tenant: fabrikam.onmicrosoft.com", "    clientId: 0b8f6a4e-2c1d-4e5f-8a9b-1c2d3e4f5a6b"];
export const SECRET_REF = "    clientSecret: { env: FABRIKAM_SECRET }";
