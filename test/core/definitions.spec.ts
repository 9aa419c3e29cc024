/**
 * Values the provider checks the same way everywhere are defined once (core/model/patterns.ts): a second copy drifts (one
 * copy of the guid pattern once took upper case and another did not). The search reads provider/ as text.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import * as rpc from "@pulumi/pulumi/runtime/rpc";
import { ARCHIVE_SIG, ASSET_SIG, SECRET_SIG, SIG_KEY, UNKNOWN } from "../../provider/core/model/patterns";

const PROVIDER = path.resolve(__dirname, "..", "..", "provider");

function sources(dir: string): { file: string; text: string }[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) return sources(full);
        return e.name.endsWith(".ts") ? [{ file: path.relative(PROVIDER, full), text: fs.readFileSync(full, "utf8") }] : [];
    });
}

/** The files that hold `needle` (a literal text). */
function definedIn(needle: string): string[] {
    return sources(PROVIDER)
        .filter((s) => s.text.includes(needle))
        .map((s) => s.file)
        .sort();
}

describe("shared definitions, once each", () => {
    const once: Array<[string, string]> = [
        ["the guid pattern", "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"],
        ["the loopback host pattern", "localhost|127(?:\\.\\d{1,3}){3}"],
        ["the engine's unknown-value marker", "04da6b54-80e4-46f7-96ec-b56ff0331ba9"],
        ["isBytes", "function isBytes("],
        ["the service-name union", '"graph" | "powerbi" | "devops"'],
        ["the special objects' signature key", "4dabf18193072939515e22adb298388d"],
        ["the secret signature", "1b47061264138c4ac30d75fd1eb44270"],
        ["the asset signature", "c44067f5952c0a294b673a41bacd8c17"],
        ["the archive signature", "0def7320c3a5731c473e5ecbe6d01bc7"],
    ];
    for (const [what, needle] of once) {
        it(`${what} is written in core/model/patterns.ts only`, () => {
            assert.deepEqual(definedIn(needle), [path.join("core", "model", "patterns.ts")]);
        });
    }

    it("the default request timeout is one number (settings), which the HTTP client derives its own from", () => {
        assert.deepEqual(definedIn("= 30_000;"), []);
    });

    it("no two exported functions share a name across provider/ (two limiterFor once did different things)", () => {
        const names = new Map<string, string[]>();
        for (const s of sources(PROVIDER)) {
            for (const m of s.text.matchAll(/^export (?:async )?function (\w+)/gm)) names.set(m[1]!, [...(names.get(m[1]!) ?? []), s.file]);
        }
        assert.deepEqual(
            [...names].filter(([, files]) => files.length > 1),
            [],
        );
    });

    it("the engine's markers are the SDK's own (runtime/rpc), which the plugin does not load to read them", () => {
        assert.deepEqual(
            { UNKNOWN, SIG_KEY, SECRET_SIG, ASSET_SIG, ARCHIVE_SIG },
            {
                UNKNOWN: rpc.unknownValue,
                SIG_KEY: rpc.specialSigKey,
                SECRET_SIG: rpc.specialSecretSig,
                ASSET_SIG: rpc.specialAssetSig,
                ARCHIVE_SIG: rpc.specialArchiveSig,
            },
        );
    });
});
