/**
 * tenantkit's Pulumi package schema and SDKs: schema.json is what the definitions generate, Pulumi's own schema
 * binder accepts it, sdk/ is what Pulumi's own code generators make of it, and each SDK builds as its language builds
 * it (the Go SDK against the Go SDK module of the CLI's version, the Python SDK byte-compiled, the Node.js SDK
 * type-checked against @pulumi/pulumi). The binder and generators are the CLI's pkg/v3, run through
 * tenantkit-codegen, which `npm run pulumi:install` builds beside the CLI.
 */
import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { renderReference, readmeReference } from "../../scripts/reference";
import { generateSchema, schemaText, SCHEMA_FILE } from "../../scripts/schema";
import { generateSdks, sdkDifferences, SDK_DIR, SDK_LANGUAGES } from "../../scripts/sdk";
import { RESOURCES } from "../../provider/resources";
import { DATA_TYPE_SPELLINGS } from "../../provider/powerbi/pushDataset/spellings";
import { installedBinDir } from "../../harness/cli";

const ROOT = path.resolve(__dirname, "..", "..");

interface Schema {
    resources: Record<
        string,
        { inputProperties: Record<string, { replaceOnChanges?: boolean; secret?: boolean }>; properties: Record<string, unknown> }
    >;
    functions: Record<string, unknown>;
    config: { variables: Record<string, { secret?: boolean }> };
    types: Record<string, { enum?: { value: string; description?: string }[]; properties?: Record<string, { oneOf?: unknown[] }> }>;
}

const schema = () => JSON.parse(fs.readFileSync(SCHEMA_FILE, "utf8")) as Schema;
const PACKAGE_VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

// Plain JavaScript (it runs before `npm ci` in CI), so required rather than imported.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { findGo, goEnv } = require("../../scripts/pulumi-install.js") as { findGo(): string | undefined; goEnv(): NodeJS.ProcessEnv };

describe("the package schema", function () {
    this.timeout(120_000);

    it("is what the definitions generate (npm run schema)", () => {
        assert.equal(fs.readFileSync(SCHEMA_FILE, "utf8"), schemaText(generateSchema()), "schema.json is stale: run `npm run schema`");
    });

    it("names every resource, both functions and the connection, with the Args' property names", () => {
        const s = schema();
        assert.deepEqual(Object.keys(s.resources).sort(), [
            "tenantkit:devops:GitPush",
            "tenantkit:entra:OrganizationalBranding",
            "tenantkit:entra:OrganizationalBrandingLocalization",
            "tenantkit:entra:TemporaryAccessPassMethods",
            "tenantkit:powerbi:PushDataset",
        ]);
        assert.deepEqual(Object.keys(s.functions).sort(), ["tenantkit:devops:getGitPush", "tenantkit:entra:getTemporaryAccessPassMethods"]);
        for (const r of RESOURCES) {
            assert.deepEqual(Object.keys(s.resources[r.token].inputProperties).sort(), [...Object.keys(r.inputs), "connection"].sort(), r.token);
            assert.equal(s.resources[r.token].inputProperties.connection.secret, true, `${r.token}: connection is a secret`);
        }
    });

    it("marks the properties whose change replaces, and no other", () => {
        const inputs = schema().resources["tenantkit:powerbi:PushDataset"].inputProperties;
        const replacing = Object.keys(inputs).filter((k) => inputs[k].replaceOnChanges);
        assert.deepEqual(replacing.sort(), ["datasources", "defaultMode", "defaultRetentionPolicy", "name", "relationships", "workspaceId"]);
    });

    it("marks every credential setting of the provider's config as a secret", () => {
        const secrets = Object.entries(schema().config.variables)
            .filter(([, v]) => v.secret)
            .map(([k]) => k);
        assert.deepEqual(secrets.sort(), ["clientSecret", "devopsPat", "devopsToken", "graphToken", "powerBiToken"]);
    });

    it("names a column's data types by the spellings state holds, each member naming its other spellings", () => {
        const members = schema().types["tenantkit:powerbi:PushDatasetDataType"].enum!;
        assert.deepEqual(
            members.map((m) => m.value),
            [...new Set(Object.values(DATA_TYPE_SPELLINGS))],
        );
        const named = members.flatMap((m) => [m.value, ...[...(m.description ?? "").matchAll(/`([^`]+)`/g)].map((x) => x[1])]);
        for (const spelling of Object.keys(DATA_TYPE_SPELLINGS)) assert.ok(named.includes(spelling), spelling);
    });

    it("types a property that takes other spellings as a string or its enum, so a plain string type-checks in every SDK", () => {
        const column = schema().types["tenantkit:powerbi:PushDatasetColumn"].properties!;
        assert.deepEqual(column.dataType.oneOf, [{ type: "string" }, { $ref: "#/types/tenantkit:powerbi:PushDatasetDataType" }]);
        // One spelling only: the enum itself, which a typed SDK checks.
        const inputs = schema().resources["tenantkit:powerbi:PushDataset"].inputProperties as Record<string, { $ref?: string }>;
        assert.equal(inputs.defaultMode.$ref, "#/types/tenantkit:powerbi:PushDatasetMode");
    });

    it("is what docs/reference.md shows (npm run readme:reference rewrites it)", () => {
        assert.equal(readmeReference(), renderReference(), "run `npm run readme:reference`");
    });

    it("gives the reference what each change does, as the diffs do", () => {
        const reference = renderReference();
        assert.match(reference, /\| `tables` \| PushDatasetTable\[\] \| yes \| updates in place \|/);
        assert.match(reference, /\| `adopt` \| string \| {2}\| no diff \(read at create only\) \|/);
        assert.match(reference, /\| `onDestroy` \| OnDestroy \| {2}\| updates state only \(no request\) \| `restore` \|/);
        assert.match(reference, /\| `locale` \| string \| yes \| replaces \|/);
    });
});

/** The folder of the tools `npm run pulumi:install` built for this checkout, tenantkit-codegen among them. */
function codegenBin(): string | undefined {
    const bin = installedBinDir();
    return bin && fs.existsSync(path.join(bin, "tenantkit-codegen")) ? bin : undefined;
}

const bin = codegenBin();
const describeCodegen = bin ? describe : process.env.CI === "true" ? describe : describe.skip;
const reason = bin ? "" : " (skipped: tenantkit-codegen is not built; `npm run pulumi:install` builds it)";

describeCodegen(`the schema under Pulumi's own code${reason}`, function () {
    this.timeout(900_000);
    let generated: string;

    before(function () {
        if (!bin) throw new Error("CI=true but tenantkit-codegen is not built: run `npm run pulumi:install`");
        generated = fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-sdk-"));
        generateSdks(generated, bin, true);
    });
    after(() => generated && fs.rmSync(generated, { recursive: true, force: true }));

    it("binds with Pulumi's schema package, without a diagnostic", () => {
        const out = execFileSync(path.join(bin!, "tenantkit-codegen"), ["bind", SCHEMA_FILE], {
            encoding: "utf8",
            stdio: ["ignore", "pipe", "pipe"],
        });
        assert.equal(out, "");
    });

    for (const language of SDK_LANGUAGES) {
        it(`sdk/${language} is what Pulumi's ${language} generator makes of schema.json (npm run sdk)`, () => {
            assert.deepEqual(sdkDifferences(generated, language), []);
        });
    }

    it("sdk/go.mod and examples/go/go.mod require the CLI's version of every module they share with its go.mod", () => {
        // The Go SDK module of the CLI's version, and the rest at the versions of the CLI's build: then, with one set of
        // build flags (goEnv), Go's build cache of the CLI's build serves their packages instead of compiling them again.
        const cli = goRequirements(path.join(ROOT, "tools", "pulumi-cli", "go.mod"));
        assert.ok(cli.has("github.com/pulumi/pulumi/sdk/v3"));
        for (const dir of [SDK_DIR, path.join(ROOT, "examples", "go")]) {
            const own = goRequirements(path.join(dir, "go.mod"));
            assert.ok(own.has("github.com/pulumi/pulumi/sdk/v3"), `${path.relative(ROOT, dir)}/go.mod requires the Go SDK module`);
            const differing = [...own].filter(([mod, version]) => cli.has(mod) && cli.get(mod) !== version).map(([mod]) => `${mod}@${cli.get(mod)}`);
            assert.deepEqual(differing, [], `in ${path.relative(ROOT, dir)}, run \`go get ${differing.join(" ")} && go mod tidy\``);
        }
    });

    it("the Go SDK compiles against the Go SDK module of the CLI's version", () => {
        execFileSync("go", ["build", "./..."], {
            cwd: SDK_DIR,
            env: goEnv(),
            stdio: ["ignore", "pipe", "pipe"],
        });
    });

    it("the Python SDK byte-compiles", () => {
        const cache = fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-pycache-"));
        try {
            execFileSync("python3", ["-m", "compileall", "-q", path.join(SDK_DIR, "python")], {
                env: { ...process.env, PYTHONPYCACHEPREFIX: cache },
                stdio: ["ignore", "pipe", "pipe"],
            });
        } finally {
            fs.rmSync(cache, { recursive: true, force: true });
        }
    });

    it("the Node.js SDK type-checks against @pulumi/pulumi", () => {
        execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(SDK_DIR, "nodejs", "tsconfig.json"), "--noEmit"], {
            stdio: ["ignore", "pipe", "pipe"],
        });
    });
});

const go = findGo();
const describeGo = go ? describe : process.env.CI === "true" ? describe : describe.skip;

describeGo(`the Go SDK at run time${go ? "" : " (skipped: go is not on PATH; `npm run pulumi:install` needs it too)"}`, function () {
    // Go's build cache serves the packages after the first run (a few seconds); a cold cache compiles the Go SDK module.
    this.timeout(600_000);

    it("examples/go's program registers its resources and invokes with the package's version, the plugin the engine then loads", () => {
        if (!go) throw new Error("CI=true but go is not on PATH");
        // examples/go's tenant_test.go runs the example's program against an engine that records the plugin version of
        // each request (it skips without TENANTKIT_VERSION, so the run must say it passed); go.mod requires this
        // checkout's sdk/.
        try {
            const out = execFileSync(go, ["test", "-v", "-count=1", "-run", "^TestRegistersWithThePackageVersion$", "./tenant"], {
                cwd: path.join(ROOT, "examples", "go"),
                env: { ...goEnv(), TENANTKIT_VERSION: PACKAGE_VERSION },
                encoding: "utf8",
                stdio: ["ignore", "pipe", "pipe"],
            });
            assert.match(out, /^--- PASS: TestRegistersWithThePackageVersion /m);
        } catch (err) {
            const e = err as { stdout?: string; stderr?: string };
            throw new Error(`go test failed:\n${e.stdout ?? ""}${e.stderr ?? ""}`);
        }
    });
});

/** The modules a go.mod requires (direct and indirect), each with its version, as `go mod edit -json` reads them. */
function goRequirements(file: string): Map<string, string> {
    const mod = JSON.parse(execFileSync("go", ["mod", "edit", "-json", file], { encoding: "utf8" })) as {
        Require?: { Path: string; Version: string }[];
    };
    return new Map((mod.Require ?? []).map((r) => [r.Path, r.Version]));
}
