/**
 * The official clients against the emulator, as a user's own tests would use them (issue 18). Each snippet of emulator/README.md,
 * "Use the emulator in your own tests", is a file in `snippets/` that runs here in its own Node process with
 * `TENANTKIT_EMULATOR` set to the emulator's https URL and `NODE_EXTRA_CA_CERTS` to its CA, exactly as the page
 * tells users to run them. Separate processes because (1) the CA must be trusted by every client's HTTP stack
 * (@azure/identity, fetch, typed-rest-client), which NODE_EXTRA_CA_CERTS does only at process start, and (2) the
 * typed @microsoft/msgraph-sdk is ESM only, which this CommonJS mocha setup cannot `require` on Node 20.
 * A last test checks that the page shows each snippet verbatim, so the two cannot drift.
 * The client versions are pinned in package.json's devDependencies.
 */
import { strict as assert } from "node:assert";
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as azdev from "azure-devops-node-api";
import { IDS, useEmulator } from "../../support/emulator";

const SNIPPETS = path.join(__dirname, "snippets");
const PAGE = path.join(__dirname, "..", "..", "..", "emulator", "README.md");

describe("official clients against the emulator (emulator/README.md: Use the emulator in your own tests)", () => {
    const f = useEmulator();
    let caFile: string;

    before(() => {
        caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-ca-")), "emulator-ca.pem");
        fs.writeFileSync(caFile, f.emu.caPem);
    });
    after(() => fs.rmSync(path.dirname(caFile), { recursive: true, force: true }));

    /** Runs a snippet as the page says and returns the JSON it prints. */
    function run(snippet: string): Promise<Record<string, unknown>> {
        const env = { ...process.env, TENANTKIT_EMULATOR: f.emu.httpsUrl, NODE_EXTRA_CA_CERTS: caFile };
        return new Promise((resolve, reject) => {
            execFile(process.execPath, [path.join(SNIPPETS, snippet)], { env, timeout: 60_000 }, (err, stdout, stderr) => {
                if (err !== null) return reject(new Error(`${snippet} failed: ${err.message}\n${stderr}`));
                const last = stdout.trim().split("\n").pop() ?? "";
                resolve(JSON.parse(last) as Record<string, unknown>);
            });
        });
    }

    /** `METHOD path status` of the logged requests of one service. */
    async function calls(service: string): Promise<string[]> {
        const log = await f.emu.admin.requests();
        return log.filter((r) => r.service === service).map((r) => `${r.method} ${r.path} ${r.status}`);
    }

    it("azure-devops-node-api 17: getGitApi() reads the location service, then getPush and getPushes answer", async () => {
        const out = await run("devops.mjs");
        assert.deepEqual(out, {
            pushId: 2,
            pushedBy: IDS.aliceUpn,
            date: "2025-05-02T10:00:00.000Z",
            commits: 3,
            refUpdates: ["refs/heads/feature/landing"],
            pushesToMain: [3, 1],
        });
        assert.deepEqual(await calls("devops"), [
            "OPTIONS /devops/fabrikam/_apis/Location 200",
            "GET /devops/fabrikam/_apis/ResourceAreas 200",
            "OPTIONS /devops/fabrikam/_apis/git 200",
            "GET /devops/fabrikam/Web%20Portal/_apis/git/repositories/web/pushes/2 200",
            "GET /devops/fabrikam/Web%20Portal/_apis/git/repositories/web/pushes 200",
        ]);
        const accepts = (await f.emu.admin.requests()).filter((r) => r.method === "GET").map((r) => r.headers.accept);
        assert.deepEqual(accepts, [
            "application/json;api-version=7.2-preview.1",
            "application/json;api-version=7.2-preview.3",
            "application/json;api-version=7.2-preview.3",
        ]);
    });

    it("azure-devops-node-api 17 over plain http: a push that does not exist resolves null, as the client does on 404", async () => {
        const connection = new azdev.WebApi(`${f.emu.url}/devops/fabrikam`, azdev.getPersonalAccessTokenHandler(IDS.devopsPat));
        const git = await connection.getGitApi();
        assert.equal(await git.getPush("web", 99, "Web Portal"), null);
        const push = await git.getPush(IDS.devopsFiberRepositoryId, 23);
        assert.equal(push.pushId, 23);
        assert.ok(push.date instanceof Date, "the client turned the date into a Date");
    });

    it("azure-devops-node-api 17: a PAT without vso.code gets the git client but getPush fails with the service's 401 message", async () => {
        const connection = new azdev.WebApi(`${f.emu.url}/devops/fabrikam`, azdev.getPersonalAccessTokenHandler(IDS.devopsPatNoCode));
        const git = await connection.getGitApi();
        await assert.rejects(git.getPush("web", 1, "Web Portal"), /TF400813: .* lacks the scope vso\.code/);
    });

    it("@microsoft/microsoft-graph-client 3 with @azure/identity: organization, branding PATCH, bannerLogo PUT, TAP methods", async () => {
        const out = await run("graph-client.mjs");
        assert.equal(out.organization, IDS.tenantId);
        assert.equal(out.signInPageText, "Authorized use only");
        assert.match(String(out.bannerLogoRelativeUrl), /\/logintenantbranding\/0\/bannerlogo\?ts=/);
        assert.deepEqual(
            (out.tapMethods as { isUsable: boolean }[]).map((m) => m.isUsable),
            [true],
        );
        const graph = await calls("graph");
        assert.deepEqual(
            graph.map((c) => c.replace(IDS.tenantId, "{org}")),
            [
                "GET /graph/v1.0/organization 200",
                "PATCH /graph/v1.0/organization/{org}/branding 204",
                "PUT /graph/v1.0/organization/{org}/branding/localizations/0/bannerLogo 204",
                "GET /graph/v1.0/organization/{org}/branding 200",
                `GET /graph/v1.0/users/${IDS.aliceUpn}/authentication/temporaryAccessPassMethods 200`,
            ],
        );
    });

    it("@microsoft/msgraph-sdk (typed): the same calls, the bannerLogo sent as application/octet-stream and kept as image/png", async () => {
        const out = await run("msgraph-sdk.mjs");
        assert.equal(out.organization, IDS.tenantId);
        assert.equal(out.signInPageText, "Authorized use only");
        assert.equal((out.tapMethods as unknown[]).length, 1);
        const put = (await f.emu.admin.requests()).find((r) => r.method === "PUT");
        assert.equal(put?.headers["content-type"], "application/octet-stream");
        assert.equal(put?.status, 204);
        const stored = await f.emu.admin.brandingStream(IDS.tenantId, "0", "bannerLogo");
        assert.equal(stored?.contentType, "image/png");
    });

    it("Power BI REST with fetch and an @azure/identity token: POST dataset, PUT table, POST rows, GET datasets and tables", async () => {
        const out = await run("powerbi.mjs");
        assert.deepEqual((out.created as Record<string, unknown>).name, "SalesMarketing");
        assert.equal((out.created as Record<string, unknown>).defaultRetentionPolicy, "basicFIFO");
        assert.deepEqual(out.datasets, [{ name: "SalesMarketing", isRefreshable: false, configuredBy: "tenantkit-quickstart" }]);
        assert.deepEqual(out.columns, ["ProductID:Int64", "Name:String", "Category:String"]);
        assert.deepEqual(
            (await calls("powerbi")).map((c) => c.replace(/datasets\/[0-9a-f-]{36}/, "datasets/{id}")),
            [
                `POST /powerbi/v1.0/myorg/groups/${IDS.salesWorkspaceId}/datasets 201`,
                `PUT /powerbi/v1.0/myorg/groups/${IDS.salesWorkspaceId}/datasets/{id}/tables/Product 200`,
                `POST /powerbi/v1.0/myorg/groups/${IDS.salesWorkspaceId}/datasets/{id}/tables/Product/rows 200`,
                `GET /powerbi/v1.0/myorg/groups/${IDS.salesWorkspaceId}/datasets 200`,
                `GET /powerbi/v1.0/myorg/groups/${IDS.salesWorkspaceId}/datasets/{id}/tables 200`,
            ],
        );
    });

    it("the package's emulator entry point starts one in the test's process, serving https and its admin API", async () => {
        assert.deepEqual(await run("start-emulator.mjs"), {
            https: true,
            ca: true,
            resourceAreas: 200,
            logged: ["GET 200"],
        });
    });

    it("the package's emulator entry point starts a fleet: each generated tenant's application signs in with fleetTenant(i) and reads its branding", async () => {
        assert.deepEqual(await run("fleet.mjs"), {
            seen: [
                "tenant-0001.onmicrosoft.com: Tenant 0001",
                "tenant-0002.onmicrosoft.com: Tenant 0002",
                "tenant-0003.onmicrosoft.com: Tenant 0003",
            ],
        });
    });

    it("emulator/README.md shows every snippet verbatim", () => {
        const readme = fs.readFileSync(PAGE, "utf8");
        for (const file of fs.readdirSync(SNIPPETS).filter((n) => n.endsWith(".mjs"))) {
            const code = fs.readFileSync(path.join(SNIPPETS, file), "utf8");
            const block = new RegExp(
                `<!-- snippet: test/emulator/official-clients/snippets/${file.replace(".", "\\.")} -->\\n\`\`\`js\\n([\\s\\S]*?)\`\`\``,
            ).exec(readme);
            assert.ok(block !== null, `emulator/README.md has no block for ${file}`);
            assert.equal(block[1], code, `emulator/README.md's ${file} differs from the file the test runs`);
        }
    });
});
