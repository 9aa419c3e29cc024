/**
 * The Python SDK as PyPI would carry it: `npm run sdk:python` builds a wheel and an sdist with PyPI's `build` without
 * writing into the checkout, and the wheel installs into a fresh virtual environment with `pulumi` from PyPI, where a
 * program imports its resources and enums. Needs python3 and PyPI; the `build` tool's environment is cached
 * (scripts/python.ts).
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { execFileSync } from "node:child_process";
import { makeVenv, PULUMI_VERSION, run, toolsPython } from "../../scripts/python";
import { buildPythonSdk, type PythonDistributions } from "../../scripts/sdkPython";
import { filesUnder, SDK_DIR } from "../../scripts/sdk";

const ROOT = path.resolve(__dirname, "..", "..");
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

/** What is under sdk/, ignored files included: what git status shows can hide a build/ that .gitignore names. */
const sdkTree = () => ({
    files: filesUnder(SDK_DIR),
    status: execFileSync("git", ["status", "--porcelain", "--ignored", "--", "sdk"], { cwd: ROOT, encoding: "utf8" }),
});

describe("the Python SDK's wheel and sdist", function () {
    // A cold cache makes the tools' environment and downloads pulumi's dependencies (about two minutes).
    this.timeout(600_000);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-python-dist-"));
    let untouched: ReturnType<typeof sdkTree>;
    let built: PythonDistributions;

    before(() => {
        const tools = toolsPython();
        untouched = sdkTree();
        built = buildPythonSdk(out, tools);
    });
    after(() => fs.rmSync(out, { recursive: true, force: true }));

    it("are named pulumi_tenantkit at the package's version", () => {
        assert.deepEqual(
            [path.basename(built.wheel), path.basename(built.sdist)],
            [`pulumi_tenantkit-${VERSION}-py3-none-any.whl`, `pulumi_tenantkit-${VERSION}.tar.gz`],
        );
    });

    it("are built without writing build/, an egg-info or anything else into the checkout's sdk/", () => {
        assert.deepEqual(sdkTree(), untouched);
    });

    it("install into a fresh virtual environment with pulumi from PyPI, where a program imports the enums and resources", () => {
        const venv = fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-wheel-venv-"));
        try {
            const python = makeVenv(venv, [`pulumi==${PULUMI_VERSION}`, built.wheel]);
            const script = [
                "import importlib.metadata, json",
                "import pulumi_tenantkit as tk",
                "print(json.dumps({",
                "  'version': importlib.metadata.version('pulumi_tenantkit'),",
                "  'int64': tk.powerbi.PushDatasetDataType.INT64.value,",
                "  'members': [m.name for m in tk.powerbi.PushDatasetDataType],",
                "  'resource': issubclass(tk.powerbi.PushDataset, __import__('pulumi').CustomResource),",
                "  'file': tk.__file__,",
                "}))",
            ].join("\n");
            const seen = JSON.parse(run(python, ["-c", script], { cwd: venv })) as Record<string, unknown>;
            assert.equal(seen.version, VERSION);
            assert.equal(seen.int64, "Int64");
            assert.deepEqual(seen.members, ["INT64", "DOUBLE", "DECIMAL", "BOOLEAN", "DATE_TIME", "STRING"]);
            assert.equal(seen.resource, true);
            assert.ok(String(seen.file).startsWith(venv), `imported from ${String(seen.file)}, not the environment`);
        } finally {
            fs.rmSync(venv, { recursive: true, force: true });
        }
    });
});
