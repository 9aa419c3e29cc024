/**
 * `npm run sdk:python [-- <folder>]`: the generated Python SDK (sdk/python, with the pyproject.toml Pulumi's generator
 * writes under `language.python.pyproject`) as the wheel and sdist PyPI takes, `pulumi_tenantkit`, built with PyPI's
 * `build` (`python -m build`) from a copy in a temporary folder: setuptools writes `build/` and an egg-info into the
 * folder it builds, and sdk/ holds only what the generator writes. The copy gains README.md at its root, where
 * pyproject.toml names it (the generator writes it inside the package). Writes into <folder> (default dist/python,
 * which git ignores) and prints the two files' paths.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { run, toolsPython } from "./python";

const ROOT = path.resolve(__dirname, "..");
const SDK = path.join(ROOT, "sdk", "python");

export interface PythonDistributions {
    readonly wheel: string;
    readonly sdist: string;
}

export function buildPythonSdk(destination: string, python = toolsPython()): PythonDistributions {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-sdk-python-"));
    try {
        const source = path.join(work, "python");
        // What an earlier `pip install sdk/python` left there is no part of the SDK.
        fs.cpSync(SDK, source, { recursive: true, filter: (f) => !/^(build|dist|__pycache__|.*\.egg-info)$/.test(path.basename(f)) });
        fs.copyFileSync(path.join(source, "pulumi_tenantkit", "README.md"), path.join(source, "README.md"));
        const out = path.join(work, "dist");
        run(python, ["-m", "build", "--outdir", out, source]);
        fs.mkdirSync(destination, { recursive: true });
        const moved = fs.readdirSync(out).map((name) => {
            fs.copyFileSync(path.join(out, name), path.join(destination, name));
            return path.join(destination, name);
        });
        const wheel = moved.find((f) => f.endsWith(".whl"));
        const sdist = moved.find((f) => f.endsWith(".tar.gz"));
        if (!wheel || !sdist) throw new Error(`python -m build made ${moved.join(", ")}: expected a wheel and an sdist`);
        return { wheel, sdist };
    } finally {
        fs.rmSync(work, { recursive: true, force: true });
    }
}

if (require.main === module) {
    const built = buildPythonSdk(path.resolve(process.argv[2] ?? path.join(ROOT, "dist", "python")));
    console.log(`${built.wheel}\n${built.sdist}`);
}
