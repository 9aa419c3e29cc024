/**
 * `tenantkit-branding-preview`'s command line, as parseArgs reads it: the command's own options wherever a user puts
 * them (before `--`, or after it beside pulumi preview's, where pulumi refused them as `unknown flag: --out` before),
 * and a refusal that names the argument and where it belongs for one that is not the command's. The exit status and
 * the usage printed with a refusal are command.spec.ts's.
 */
import { strict as assert } from "node:assert";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "../../branding-preview/cli";
import type { PreviewOptions } from "../../branding-preview/preview";

const HERE = path.join(os.tmpdir(), "program");

function parsed(argv: readonly string[]): PreviewOptions {
    const options = parseArgs(argv, HERE);
    assert.notEqual(options, "help");
    return options as PreviewOptions;
}

/** The refusal's message for `argv`. */
function refusal(argv: readonly string[]): string {
    try {
        parseArgs(argv, HERE);
    } catch (err) {
        return (err as Error).message;
    }
    assert.fail(`${argv.join(" ")} was accepted`);
}

describe("tenantkit-branding-preview's arguments", () => {
    it("takes --out after -- as its own, and gives pulumi preview only the rest", () => {
        const options = parsed(["--", "--stack", "dev", "--out", "site"]);
        assert.equal(options.outDir, path.join(HERE, "site"));
        assert.deepEqual(options.source, { kind: "pulumi", programDir: HERE, args: ["--stack", "dev"] });
    });

    it("takes --cwd and pulumi's -C after -- as the program's folder, which pulumi config is then read in too", () => {
        for (const flag of ["--cwd", "-C"]) {
            const options = parsed(["--", "--stack", "dev", flag, "../other"]);
            assert.deepEqual(options.source, { kind: "pulumi", programDir: path.resolve(HERE, "../other"), args: ["--stack", "dev"] }, flag);
        }
    });

    it("takes every option of its own after --, --locale repeated", () => {
        const options = parsed([
            "--",
            "-s",
            "dev",
            "--base",
            "../main",
            "--locale",
            "fr-FR",
            "--viewport",
            "800x600",
            "--locale",
            "default",
            "--no-live",
            "--diff",
        ]);
        assert.deepEqual(options.source, { kind: "pulumi", programDir: HERE, args: ["-s", "dev", "--diff"] });
        assert.equal(options.baseDir, path.resolve(HERE, "../main"));
        assert.deepEqual(options.locales, ["fr-FR", "default"]);
        assert.deepEqual(options.viewport, { width: 800, height: 600 });
        assert.equal(options.noLive, true);
    });

    it("takes --name=value, as pulumi's flags take --stack=dev", () => {
        const options = parsed(["--out=site", "--", "--stack=dev", "--locale=fr-FR"]);
        assert.equal(options.outDir, path.join(HERE, "site"));
        assert.deepEqual(options.locales, ["fr-FR"]);
        assert.deepEqual(options.source, { kind: "pulumi", programDir: HERE, args: ["--stack=dev"] });
    });

    it("refuses a pulumi preview flag before --, naming it and the command line that passes it on", () => {
        assert.equal(
            refusal(["--stack", "dev"]),
            "--stack is not an option of tenantkit-branding-preview (--cwd, --preview-json, --inputs, --out, --base, --locale, --viewport, --no-live); if it is one of pulumi preview's, put it after --: tenantkit-branding-preview -- --stack",
        );
    });

    it("refuses an option without its value, with an example of one", () => {
        assert.equal(refusal(["--", "--stack", "dev", "--out"]), "--out needs a value, e.g. --out DIR");
        assert.equal(refusal(["--locale", "--no-live"]), "--locale needs a value, e.g. --locale fr-FR");
    });

    it("refuses pulumi preview's arguments with --inputs, saying which to drop", () => {
        assert.equal(
            refusal(["--inputs", "branding.json", "--", "--stack", "dev"]),
            "--stack dev: arguments after -- go to pulumi preview, which does not run with --inputs; drop them, or drop --inputs to run pulumi preview",
        );
    });

    it("refuses a bare word, saying that pulumi preview's arguments go after --", () => {
        assert.equal(refusal(["dev"]), 'unexpected argument "dev": the command takes options only; pulumi preview\'s arguments go after --');
    });

    it("prints its help for -h before --, and leaves -h after -- to pulumi preview", () => {
        assert.equal(parseArgs(["-h"], HERE), "help");
        assert.deepEqual(parsed(["--", "-h"]).source, { kind: "pulumi", programDir: HERE, args: ["-h"] });
    });
});
