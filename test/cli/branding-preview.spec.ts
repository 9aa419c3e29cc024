/**
 * `tenantkit-branding-preview` (bin/branding-preview/cli.js, from `npm run build`) under the real Pulumi CLI against
 * the emulator: examples/branding is copied into the repository's .tenantkit/ (it resolves pulumi-tenantkit and
 * @pulumi/pulumi through the checkout's node_modules), applied once, then changed and previewed by each test.
 */
import { strict as assert } from "node:assert";
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { solidPng } from "../../emulator/seeds/png";
import { useEmulator, IDS } from "../support/emulator";
import { decode, near, pixel, rgb, type Rgb } from "../branding-preview/browser";
import { CliStack, describeCli, emulatorStackConfig, isolatedEnv, ROOT } from "./pulumi";

const EXAMPLE = path.join(ROOT, "examples", "branding");
const COMMAND = path.join(ROOT, "bin", "branding-preview", "cli.js");
/** The files of the program copy that tests change. */
const CHANGED = ["index.ts", path.join("assets", "signin.css")];

/** A point of the page's background, away from the sign-in box, in the default 1280x800 window. */
const BACKGROUND = { x: 40, y: 100 } as const;

/** What one run of the command printed, and the folder it wrote. */
interface Run {
    readonly code: number;
    readonly stdout: string;
    readonly stderr: string;
    readonly out: string;
}

/** The background colour of a rendered page. */
function backgroundOf(file: string): Rgb {
    return pixel(decode(fs.readFileSync(file)), BACKGROUND.x, BACKGROUND.y);
}

function assertColour(file: string, hex: string): void {
    const seen = backgroundOf(file);
    assert.ok(near(seen, rgb(hex)), `${path.basename(file)}: the background is rgb(${seen.join(", ")}), not ${hex}`);
}

describeCli("tenantkit-branding-preview through pulumi preview against the emulator", (binDir) => {
    const fx = useEmulator();
    /** The test's folder under .tenantkit/: the program copy, and the copy as the stack applied it (`--base`). */
    let folder = "";
    let program = "";
    let appliedProgram = "";
    let stack: CliStack | undefined;
    let directoryAfterUp: Awaited<ReturnType<typeof fx.emu.admin.state>> | undefined;
    const outs: string[] = [];
    /** The files tests change, as the stack applied them. */
    const originals = new Map<string, Buffer>();

    before(async () => {
        fs.mkdirSync(path.join(ROOT, ".tenantkit"), { recursive: true });
        folder = fs.mkdtempSync(path.join(ROOT, ".tenantkit", "branding-preview-"));
        program = path.join(folder, "program");
        appliedProgram = path.join(folder, "applied");
        fs.cpSync(EXAMPLE, program, { recursive: true });
        fs.cpSync(EXAMPLE, appliedProgram, { recursive: true });
        for (const file of CHANGED) originals.set(file, fs.readFileSync(path.join(program, file)));
        stack = await CliStack.create(binDir, { projectDir: program, stack: "brandingpreview", config: { ...emulatorStackConfig(fx.emu.url) } });
        await stack.up();
        directoryAfterUp = await fx.emu.admin.state();
    });

    // useEmulator reseeds the directory before each test: put back the tenant as the stack's up left it.
    beforeEach(async () => {
        if (directoryAfterUp !== undefined) await fx.emu.admin.seed(directoryAfterUp);
    });

    // Each test changes the copy as it needs; the next one starts from the program the stack applied.
    afterEach(() => {
        for (const [file, bytes] of originals) fs.writeFileSync(path.join(program, file), bytes);
        for (const out of outs.splice(0)) fs.rmSync(out, { recursive: true, force: true });
    });

    after(async () => {
        await stack?.dispose();
        if (folder !== "") fs.rmSync(folder, { recursive: true, force: true });
    });

    /** Changes the copy's index.ts by replacing `from` with `to`. */
    function edit(from: string, to: string): void {
        const file = path.join(program, "index.ts");
        const text = fs.readFileSync(file, "utf8");
        assert.ok(text.includes(from), `index.ts has no ${from}`);
        fs.writeFileSync(file, text.replace(from, to));
    }

    /**
     * Runs the command on the copy with this stack, asynchronously: the emulator answers from this process, which a
     * synchronous child would block. Returns the output folder and what the command printed.
     */
    function preview(options: readonly string[] = []): Promise<Run> {
        if (stack === undefined) throw new Error("the stack is not up");
        const out = fs.mkdtempSync(path.join(os.tmpdir(), "tk-branding-preview-"));
        outs.push(out);
        const chromium = process.env.TENANTKIT_CHROMIUM;
        // isolatedEnv leaves out the developer's TENANTKIT_ variables; the browser's is the one the command needs.
        const env = { ...isolatedEnv(binDir, stack.work), ...(chromium ? { TENANTKIT_CHROMIUM: chromium } : {}) };
        const args = [COMMAND, "--cwd", program, "--out", out, ...options, "--", "--stack", stack.opts.stack, "--config-file", stack.configFile];
        const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
        return new Promise((resolve, reject) => {
            let stdout = "";
            let stderr = "";
            child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
            child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
            child.on("error", reject);
            child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 128 : -1), stdout, stderr, out }));
        });
    }

    function assertWritten(out: string, files: readonly string[]): void {
        for (const f of files) assert.ok(fs.existsSync(path.join(out, f)), `${f} was not written to ${out}`);
    }

    it("renders each locale with the changed background colour beside the colour the last up applied, and changes nothing in the tenant", async () => {
        edit(`backgroundColor: "#0F6CBD"`, `backgroundColor: "#AA2200"`);
        const tenantBefore = await fx.emu.admin.branding(IDS.tenantId);
        assert.equal(tenantBefore?.default.backgroundColor, "#0F6CBD", "the tenant does not hold what the stack applied");
        const since = (await fx.emu.admin.requests()).at(-1)?.seq ?? 0;
        const r = await preview();
        assert.equal(r.code, 0, `exit ${r.code}; stderr:\n${r.stderr}`);
        assert.doesNotMatch(r.stderr, /problem:/);
        assertWritten(r.out, ["default.png", "default.before.png", "fr-FR.png", "fr-FR.before.png", "index.html"]);
        assertColour(path.join(r.out, "default.png"), "#AA2200");
        assertColour(path.join(r.out, "default.before.png"), "#0F6CBD");
        // The localization sets no colour: its page shows the default branding's.
        assertColour(path.join(r.out, "fr-FR.png"), "#AA2200");
        assertColour(path.join(r.out, "fr-FR.before.png"), "#0F6CBD");
        assert.deepEqual(await fx.emu.admin.branding(IDS.tenantId), tenantBefore, "the command changed the tenant's branding");
        const writes = (await fx.emu.admin.requests({ service: "graph", since })).filter((e) => e.method !== "GET");
        assert.deepEqual(
            writes.map((e) => `${e.method} ${e.path}`),
            [],
            "the command wrote to Graph",
        );
    });

    it("shows a background image the tenant holds outside the program on before and after, read from the tenant with the stack's config", async () => {
        // Set in the tenant as an admin would, not by the program: before this command read the tenant, it was on neither page.
        await fx.emu.admin.putBrandingStream(IDS.tenantId, "default", "backgroundImage", solidPng(1280, 800, [0x5c, 0x2d, 0x91]), "image/png");
        edit(`backgroundColor: "#0F6CBD"`, `backgroundColor: "#AA2200"`);
        const r = await preview();
        assert.equal(r.code, 0, `exit ${r.code}; stderr:\n${r.stderr}`);
        assert.doesNotMatch(r.stderr, /note: /, "the live branding was not read");
        for (const file of ["default.png", "default.before.png", "fr-FR.png", "fr-FR.before.png"]) assertColour(path.join(r.out, file), "#5C2D91");
        const report = fs.readFileSync(path.join(r.out, "index.html"), "utf8");
        assert.match(report, /Before: what the tenant shows now \(its live branding\)/);
        assert.doesNotMatch(report, /Not what users see yet/);
        assert.ok(!report.includes(IDS.quickstartClientSecret), "the client secret is in index.html");
    });

    it("reports a CSS rule the browser drops, by line, on the default page and the French page that inherits it, and still writes every page", async () => {
        // The provider takes any UTF-8 .css file (images.ts, cssProblems), so this reaches the browser, whose parser
        // drops the rule: `>>` is no CSS combinator.
        fs.writeFileSync(
            path.join(program, "assets", "signin.css"),
            ".ext-sign-in-box { border-radius: 8px; }\n.ext-sign-in-box >> .ext-title { color: red; }\n",
        );
        // --base gives the "before" pages the CSS the stack applied, so the dropped rule is the only problem.
        const r = await preview(["--base", appliedProgram]);
        assert.equal(r.code, 1, `exit ${r.code}; stderr:\n${r.stderr}`);
        const problems = r.stderr.split("\n").filter((line) => line.startsWith("problem: "));
        assert.equal(problems.length, 2, `not two problems:\n${r.stderr}`);
        assert.match(problems[0], /^problem: customCSS \(default\): line 2: /);
        assert.match(problems[1], /^problem: customCSS \(fr-FR\): line 2: /);
        assertWritten(r.out, ["default.png", "default.before.png", "fr-FR.png", "fr-FR.before.png", "index.html"]);
    });

    it("refuses a program whose preview fails part way, with pulumi's error, and renders nothing", async () => {
        // The localization's arguments throw: pulumi still lists the steps planned before, without fr-FR.
        edit(`signInPageText: "Accès réservé`, `signInPageText: (() => { throw new Error("the French text is missing"); })() + "Accès réservé`);
        const r = await preview();
        assert.equal(r.code, 2, `exit ${r.code}; stderr:\n${r.stderr}`);
        assert.match(r.stderr, /the preview failed, so it does not show the whole program; pulumi said:\n.*the French text is missing/s);
        assert.deepEqual(fs.readdirSync(r.out), []);
    });

    it("--locale de-DE renders the default branding for a language without a localization and says so", async () => {
        const r = await preview(["--locale", "de-DE"]);
        assert.equal(r.code, 1, `exit ${r.code}; stderr:\n${r.stderr}`);
        assert.match(r.stderr, /^problem: de-DE: no OrganizationalBrandingLocalization is declared for it/m);
        assert.match(r.stderr, /^problem: de-DE: the tenant has no branding for it/m);
        assertWritten(r.out, ["de-DE.png", "de-DE.before.png", "index.html"]);
        assertColour(path.join(r.out, "de-DE.png"), "#0F6CBD");
        assert.ok(!fs.existsSync(path.join(r.out, "default.png")), "--locale de-DE rendered the default locale too");
    });
});
