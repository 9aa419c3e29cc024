#!/usr/bin/env node
/**
 * `tenantkit-branding-preview`: the sign-in pages a program's branding declares, as PNG files and one HTML page,
 * before anything is applied; beside each, the page as the stack applied it. Exit status 0 when every page rendered
 * without a problem, 1 when some page has one (all pages are still written), 2 when nothing could be rendered.
 */
import * as path from "node:path";
import { BrowserError } from "./browser";
import { DeclarationError } from "./declared";
import { runPreview, type PreviewOptions, type PreviewSource } from "./preview";

const USAGE = `usage: tenantkit-branding-preview [options] [-- <pulumi preview arguments>]
  renders the sign-in page of every locale a program's branding declares, to PNG files and index.html
  By default it runs \`pulumi preview --json --show-sames\` in the program's folder (arguments after -- go to it,
  e.g. -- --stack dev) and reads each tenant's live branding with the stack's tenantkit config (as the provider
  signs in; OrganizationalBranding.Read.All suffices): "before" is what the tenant shows now, "after" the program's
  branding over it. When it cannot be read (--inputs, --preview-json, --no-live, no access), "before" is the stack's
  last up and "after" the program's branding alone, and a note on stderr and in index.html says why.
options (before or after --; --name=value works too; relative paths are from the current folder):
  --cwd DIR, -C DIR    the program's folder (default: the current folder)
  --preview-json FILE  read this output of \`pulumi preview --json --show-sames\` instead of running pulumi
  --inputs FILE        read the resources' inputs from FILE instead of a preview, no stack needed:
                       {"branding": {...}, "localizations": [{"locale": "fr-FR", ...}]}, paths relative to FILE
  --out DIR            where to write the PNGs and index.html (default: .tenantkit/branding-preview)
  --base DIR           a checkout of what the stack applied: images of the state that changed since are read there
  --locale L           render only this locale (repeatable; "default" is the default branding); a locale without a
                       branding shows the default branding, as the service does, with a message saying so
  --viewport WxH       the window size (default 1280x800)
  --no-live            do not read the tenant's live branding (no credentials needed beyond the preview's)
  -h, --help           print this help (before --; after it, pulumi preview's)
uses Chromium or Chrome from the machine (TENANTKIT_CHROMIUM, else the usual install paths)
exit status: 0 rendered, no problems; 1 rendered, with problems (listed, and on the pages); 2 nothing rendered`;

/** Thrown for a command line that says nothing runnable. */
class UsageError extends Error {}

/** The command's own options that take a value (`-C` is pulumi's short form of `--cwd`, which means the same). */
const VALUED = new Set(["--cwd", "-C", "--preview-json", "--inputs", "--out", "--base", "--locale", "--viewport"]);
/** The command's own options that take none. */
const SWITCHES = new Set(["--no-live"]);

/** One of the command's own options as given: its name and, for a valued one, its value. */
interface Given {
    readonly flag: string;
    readonly value?: string;
}

/**
 * Takes the command's own options out of `args`, wherever they stand: before `--`, and after it too, where a user
 * who has just typed `-- --stack dev` adds `--out site/` (pulumi preview would refuse it as an unknown flag). Returns
 * the options and the arguments left for pulumi preview; before `--`, an argument that is not an option of the
 * command is refused, naming it and where it belongs.
 */
function takeOptions(argv: readonly string[]): { given: Given[]; passthrough: string[] } {
    const dashes = argv.indexOf("--");
    const given: Given[] = [];
    const passthrough: string[] = [];
    for (let i = 0; i < argv.length; i++) {
        if (i === dashes) continue;
        const arg = argv[i]!;
        const afterDashes = dashes >= 0 && i > dashes;
        const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
        const flag = eq > 0 ? arg.slice(0, eq) : arg;
        if (VALUED.has(flag)) {
            const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
            if (value === undefined || value === "" || (eq < 0 && (value === "--" || value.startsWith("-"))))
                throw new UsageError(`${flag} needs a value, e.g. ${flag} ${example(flag)}`);
            given.push({ flag: flag === "-C" ? "--cwd" : flag, value });
        } else if (SWITCHES.has(flag) && eq < 0) {
            given.push({ flag });
        } else if (afterDashes) {
            passthrough.push(arg);
        } else if (arg.startsWith("-")) {
            throw new UsageError(
                `${flag} is not an option of tenantkit-branding-preview (${[...VALUED, ...SWITCHES].filter((o) => o !== "-C").join(", ")}); ` +
                    `if it is one of pulumi preview's, put it after --: tenantkit-branding-preview -- ${arg}`,
            );
        } else {
            throw new UsageError(
                `unexpected argument ${JSON.stringify(arg)}: the command takes options only; pulumi preview's arguments go after --`,
            );
        }
    }
    return { given, passthrough };
}

/** A value to show in a message about a missing one. */
function example(flag: string): string {
    switch (flag) {
        case "--locale":
            return "fr-FR";
        case "--viewport":
            return "1280x800";
        case "--inputs":
        case "--preview-json":
            return "FILE";
        default:
            return "DIR";
    }
}

export function parseArgs(argv: readonly string[], cwd = process.cwd()): PreviewOptions | "help" {
    const dashes = argv.indexOf("--");
    const own = dashes < 0 ? argv : argv.slice(0, dashes);
    if (own.includes("--help") || own.includes("-h")) return "help";
    const { given, passthrough } = takeOptions(argv);
    let programDir = cwd;
    let previewJson: string | undefined;
    let inputs: string | undefined;
    let outDir = path.join(".tenantkit", "branding-preview");
    let baseDir: string | undefined;
    let viewport: { width: number; height: number } | undefined;
    const locales: string[] = [];
    let noLive = false;
    for (const { flag, value = "" } of given) {
        switch (flag) {
            case "--cwd":
                programDir = path.resolve(cwd, value);
                break;
            case "--preview-json":
                previewJson = path.resolve(cwd, value);
                break;
            case "--inputs":
                inputs = path.resolve(cwd, value);
                break;
            case "--out":
                outDir = value;
                break;
            case "--base":
                baseDir = path.resolve(cwd, value);
                break;
            case "--locale":
                locales.push(value);
                break;
            case "--no-live":
                noLive = true;
                break;
            case "--viewport": {
                const m = /^(\d{3,4})x(\d{3,4})$/.exec(value);
                if (m === null) throw new UsageError(`--viewport takes WIDTHxHEIGHT in pixels, e.g. 1280x800`);
                viewport = { width: Number(m[1]), height: Number(m[2]) };
                break;
            }
        }
    }
    if (previewJson !== undefined && inputs !== undefined) throw new UsageError("--preview-json and --inputs are two sources; give one");
    if (passthrough.length > 0 && (previewJson !== undefined || inputs !== undefined))
        throw new UsageError(
            `${passthrough.join(" ")}: arguments after -- go to pulumi preview, which does not run with ${inputs !== undefined ? "--inputs" : "--preview-json"}; drop them, or drop ${inputs !== undefined ? "--inputs" : "--preview-json"} to run pulumi preview`,
        );
    const source: PreviewSource =
        inputs !== undefined
            ? { kind: "inputs", file: inputs }
            : previewJson !== undefined
              ? { kind: "previewJson", file: previewJson, programDir }
              : { kind: "pulumi", programDir, args: passthrough };
    return {
        source,
        outDir: path.resolve(cwd, outDir),
        ...(baseDir !== undefined ? { baseDir } : {}),
        ...(locales.length ? { locales } : {}),
        ...(viewport !== undefined ? { viewport } : {}),
        ...(noLive ? { noLive } : {}),
    };
}

export async function main(argv: readonly string[]): Promise<number> {
    let options: PreviewOptions | "help";
    try {
        options = parseArgs(argv);
    } catch (err) {
        process.stderr.write(`tenantkit-branding-preview: ${(err as Error).message}\n${USAGE}\n`);
        return 2;
    }
    if (options === "help") {
        process.stdout.write(`${USAGE}\n`);
        return 0;
    }
    try {
        const result = await runPreview(options);
        for (const e of result.entries) process.stdout.write(`${path.join(options.outDir, e.file)}\n`);
        const problems = result.entries.flatMap((e) => e.notices);
        for (const n of problems) process.stderr.write(`problem: ${n.message}\n`);
        for (const c of result.caveats) process.stderr.write(`note: ${c}\n`);
        process.stdout.write(`${result.report}\n`);
        return problems.length > 0 ? 1 : 0;
    } catch (err) {
        if (err instanceof DeclarationError || err instanceof BrowserError) {
            process.stderr.write(`tenantkit-branding-preview: ${err.message}\n`);
            return 2;
        }
        throw err;
    }
}

if (require.main === module) {
    main(process.argv.slice(2)).then(
        (code) => (process.exitCode = code),
        (err: unknown) => {
            process.stderr.write(`tenantkit-branding-preview: ${(err as Error).stack ?? String(err)}\n`);
            process.exitCode = 2;
        },
    );
}
