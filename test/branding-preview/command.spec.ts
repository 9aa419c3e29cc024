/**
 * `tenantkit-branding-preview` as a user runs it (the built bin, a child process): PNGs and index.html from an inputs
 * file, bad input named by property and locale while the rest renders, and its exit statuses.
 */
import { strict as assert } from "node:assert";
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { decode, describeBrowser, near, pixel, png, rgb } from "./browser";

const CLI = path.resolve(__dirname, "..", "..", "bin", "branding-preview", "cli.js");

interface Run {
    code: number;
    stdout: string;
    stderr: string;
}

/** Runs the command in `cwd` (asynchronously: a test's own event loop keeps going). */
function preview(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
    return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
        child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });
}

/** A folder with an inputs file and its assets: a default branding and an Arabic localization. */
function project(extra: { branding?: Record<string, unknown>; files?: Record<string, Buffer | string> } = {}): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-bp-cmd-"));
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(
        path.join(dir, "assets", "banner.png"),
        png(200, 30, () => rgb("#107C10")),
    );
    for (const [name, content] of Object.entries(extra.files ?? {})) fs.writeFileSync(path.join(dir, name), content);
    const inputs = {
        branding: { backgroundColor: "#0F6CBD", signInPageText: "Authorized use only.", bannerLogo: "assets/banner.png", ...extra.branding },
        localizations: [{ locale: "ar-SA", signInPageText: "الاستخدام المصرح به فقط" }],
    };
    fs.writeFileSync(path.join(dir, "branding.json"), JSON.stringify(inputs));
    return dir;
}

describeBrowser("tenantkit-branding-preview", () => {
    it("renders the default branding and each localization from an inputs file to PNGs and index.html", async () => {
        const dir = project();
        const run = await preview(["--inputs", "branding.json", "--out", "out"], dir);
        assert.equal(run.code, 0, run.stderr);
        assert.deepEqual(
            run.stdout.trim().split("\n"),
            ["default.png", "ar-SA.png", "index.html"].map((f) => path.join(dir, "out", f)),
        );
        const page = decode(fs.readFileSync(path.join(dir, "out", "ar-SA.png")));
        assert.deepEqual([page.width, page.height], [1280, 800]);
        assert.ok(near(pixel(page, 40, 100), rgb("#0F6CBD")), "the localization does not show the default's colour");
        const report = fs.readFileSync(path.join(dir, "out", "index.html"), "utf8");
        assert.match(report, /<img src="default.png"/);
        assert.match(report, /<img src="ar-SA.png"/);
        assert.match(report, /No problems found/);
    });

    it("says on stderr and in index.html that the tenant's live branding is not read from an inputs file, and why, which is no problem", async () => {
        const dir = project();
        const run = await preview(["--inputs", "branding.json", "--out", "out"], dir);
        assert.equal(run.code, 0, run.stderr);
        assert.deepEqual(run.stderr.trim().split("\n"), [
            "note: the live branding of the tenant is not read (no stack: --inputs gives the program's branding without one): each page shows only the properties the program (after) or the stack's last up (before) sets, over Microsoft's default look, so a banner logo, background or text set in the tenant outside the program is missing from both pages, though users see it",
        ]);
        const report = fs.readFileSync(path.join(dir, "out", "index.html"), "utf8");
        assert.match(report, /<strong>Not what users see yet<\/strong>: the live branding of the tenant is not read \(no stack: /);
        assert.match(report, /After: the program&#39;s branding \(without the tenant&#39;s own\)/);
    });

    it("names an undecodable image, CSS that does not parse and a locale without a branding, and renders every page", async () => {
        const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("truncated")]);
        const dir = project({
            branding: { backgroundImage: "assets/bg.png", customCSS: "assets/signin.css" },
            files: { "assets/bg.png": broken, "assets/signin.css": ".ext-title { color: red; }\n.ext-sign-in-box >> .ext-title { color: blue; }\n" },
        });
        const run = await preview(["--inputs", "branding.json", "--out", "out", "--locale", "default", "--locale", "de-DE"], dir);
        assert.equal(run.code, 1, run.stderr);
        const problems = run.stderr.trim().split("\n");
        for (const expected of [
            "problem: backgroundImage (default): the browser cannot decode the image (assets/bg.png); the page is shown without it",
            'problem: customCSS (default): line 2: ".ext-sign-in-box >> .ext-title" does not parse; the browser ignores this rule',
            "problem: de-DE: no OrganizationalBrandingLocalization is declared for it; users with this language see the default branding, shown here",
            "problem: backgroundImage (de-DE): the browser cannot decode the image (assets/bg.png); the page is shown without it",
        ]) {
            assert.ok(problems.includes(expected), `missing: ${expected}\nin:\n${run.stderr}`);
        }
        for (const file of ["default.png", "de-DE.png", "index.html"])
            assert.ok(fs.existsSync(path.join(dir, "out", file)), `${file} was not written`);
        assert.ok(
            near(pixel(decode(fs.readFileSync(path.join(dir, "out", "de-DE.png"))), 40, 100), rgb("#0F6CBD")),
            "the colour does not show for the broken image",
        );
    });

    it("writes to .tenantkit/branding-preview without --out, beside the program's other local files", async () => {
        const dir = project();
        const run = await preview(["--inputs", "branding.json"], dir);
        assert.equal(run.code, 0, run.stderr);
        assert.deepEqual(fs.readdirSync(path.join(dir, ".tenantkit", "branding-preview")).sort(), ["ar-SA.png", "default.png", "index.html"]);
    });

    it("says what to do when the browser cannot start, and exits 2", async () => {
        const dir = project();
        const run = await preview(["--inputs", "branding.json"], dir, { TENANTKIT_CHROMIUM: path.join(dir, "no-such-chromium") });
        assert.equal(run.code, 2);
        assert.match(
            run.stderr,
            /tenantkit-branding-preview: could not start .*no-such-chromium: .*; set TENANTKIT_CHROMIUM to another Chromium or Chrome/,
        );
    });
});

describe("tenantkit-branding-preview's command line", () => {
    it("refuses a bad --viewport with its usage, exit 2", async () => {
        const run = await preview(["--viewport", "big"], os.tmpdir());
        assert.equal(run.code, 2);
        assert.match(run.stderr, /--viewport takes WIDTHxHEIGHT in pixels, e.g. 1280x800\nusage: tenantkit-branding-preview/);
    });

    it("refuses two sources at once", async () => {
        const run = await preview(["--inputs", "a.json", "--preview-json", "b.json"], os.tmpdir());
        assert.equal(run.code, 2);
        assert.match(run.stderr, /--preview-json and --inputs are two sources; give one/);
    });

    it("prints the --help that docs/branding-preview.md shows, so the page documents every option the command takes", async () => {
        const run = await preview(["--help"], os.tmpdir());
        assert.equal(run.code, 0, run.stderr);
        const page = fs.readFileSync(path.resolve(__dirname, "..", "..", "docs", "branding-preview.md"), "utf8");
        const shown = /<!-- help: tenantkit-branding-preview -->\n```text\n([\s\S]*?)```\n/.exec(page)?.[1];
        assert.equal(
            shown,
            run.stdout,
            "docs/branding-preview.md's help block differs: replace it with what `node bin/branding-preview/cli.js --help` prints",
        );
    });

    it("names an inputs file that is not JSON", async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-bp-cmd-"));
        fs.writeFileSync(path.join(dir, "branding.json"), "{ not json");
        const run = await preview(["--inputs", "branding.json"], dir);
        assert.equal(run.code, 2);
        assert.match(run.stderr, /branding\.json: .*JSON/);
    });
});
