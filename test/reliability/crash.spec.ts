/**
 * Crash and partial failure, as a user meets them: the provider host killed (SIGKILL) while a create waits for the
 * answer to a write the service already made, and a branding update whose text PATCH succeeded and whose image PUT
 * failed. The emulator's `hold` fault serves the write and holds the answer back, which opens the window; the next
 * `up` runs with a fresh runner on the same state file, as after a real crash (the engine records nothing for a
 * create whose provider died), and in a folder of its own, as on another CI runner: the state is the only memory
 * (issue 49). What the killed process knew is gone: the next `up` never guesses it. It refuses to take over what the
 * crashed create made, naming what records it; what the crash wrote is known to be the program's and not the tenant's,
 * so destroy leaves it and says so, and restores byte for byte what the crash did not reach. Everything is judged by
 * the emulator's state, the state file and the messages.
 */
import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { FaultRule } from "../../emulator/client";
import { DEFAULT_BANNER_LOGO_PNG } from "../../emulator/seeds/default";
import type { ProviderHost } from "../../harness/host";
import { LifecycleRunner, type RunResult } from "../../harness/lifecycle";
import { IDS, useEmulator } from "../support/emulator";
import { png, writeFixture } from "../../harness/images";
import { isSecret, stripSecrets, type PropertyValue } from "../../harness/wire";
import { emulatorConfig, useStateDir } from "../support/stacks";

const REPO = path.resolve(__dirname, "..", "..");
const PROGRAMS = path.join(REPO, "test", "fixtures", "programs");
const BRANDING = "pulumi-nodejs:dynamic/tenantkit:OrganizationalBranding";
const LOCALIZATION = "pulumi-nodejs:dynamic/tenantkit:OrganizationalBrandingLocalization";
const DATASET = "pulumi-nodejs:dynamic/tenantkit:PushDataset";
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const BRANDING_PATH = `^/v1\\.0/organization/${IDS.tenantId}/branding`;

describe("crash and partial failure through the engine harness", function () {
    this.timeout(180_000);
    const fx = useEmulator();
    const states = useStateDir("tk-crash-");
    /** A new program folder for each run, as on a fresh CI runner: private to this suite, with the repo's node_modules. */
    let runs = 0;
    const freshFolder = (): string => {
        const work = path.join(states.dir, `run-${(runs += 1)}`);
        fs.mkdirSync(work);
        fs.symlinkSync(path.join(REPO, "node_modules"), path.join(work, "node_modules"), "dir");
        return work;
    };
    /** No run wrote into its program's folder beside what the suite put there. */
    const folderWrites = () =>
        fs
            .readdirSync(states.dir)
            .filter((d) => d.startsWith("run-"))
            .flatMap((d) => fs.readdirSync(path.join(states.dir, d)).filter((f) => f !== "node_modules"));

    interface Stack {
        readonly program: "branding" | "dataset";
        readonly name: string;
        readonly config: Record<string, string>;
    }
    const runner = (s: Stack, onHost?: (h: ProviderHost) => void) =>
        new LifecycleRunner({
            programPath: path.join(PROGRAMS, s.program, "index.ts"),
            cwd: freshFolder(),
            statePath: states.statePath(s.name),
            onHost,
            project: s.program === "branding" ? "brandprog" : "dsprog",
            config: {
                ...emulatorConfig(fx),
                ...Object.fromEntries(Object.entries(s.config).map(([k, v]) => [`${s.program === "branding" ? "brandprog" : "dsprog"}:${k}`, v])),
            },
        });
    const brandingStack = (name: string, props: object, assets: Record<string, string> = {}, localizations?: object): Stack => ({
        program: "branding",
        name,
        config: {
            props: JSON.stringify(props),
            assets: JSON.stringify(assets),
            ...(localizations ? { localizations: JSON.stringify(localizations) } : {}),
        },
    });
    const ok = (r: RunResult) => assert.deepEqual(r.errors, [], JSON.stringify(r.errors, null, 2));
    const ops = (r: RunResult, type: string) => r.steps.filter((s) => s.type === type).map((s) => s.op);
    const resource = (s: Stack, type: string) =>
        runner(s)
            .state()
            .resources.find((r) => r.type === type);
    /** A branding's recorded prior: state keeps it as a secret (it holds copies of the program's values). */
    const priorOf = (r: { outputs: Record<string, unknown> }): unknown => {
        assert.ok(isSecret(r.outputs.prior), "the prior is stored in plain text");
        return stripSecrets(r.outputs.prior as PropertyValue);
    };
    const strip = (x: unknown) => JSON.parse(JSON.stringify(x, (k, v) => (k === "relativeUrl" ? undefined : v)));
    const image = (name: string, w: number, h: number) => writeFixture(states.dir, name, png(w, h));
    const graphWrites = async () =>
        (await fx.emu.admin.requests({ service: "graph" }))
            .filter((r) => r.method !== "GET")
            .map((r) => `${r.method} ${r.path.replace(`/graph/v1.0/organization/${IDS.tenantId}/branding`, "")}`);

    /** Waits (polling the emulator, never a fixed sleep) until `probe` holds. */
    async function until(probe: () => Promise<boolean>, what: string): Promise<void> {
        const deadline = Date.now() + 60_000;
        while (!(await probe())) {
            if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
            await new Promise((r) => setTimeout(r, 25));
        }
    }

    /**
     * Runs `up`, holds the answer of the request `match` selects, waits until `acted` shows the service made the
     * change, then SIGKILLs the provider host while it waits for that answer.
     */
    async function upKilledAfter(s: Stack, match: FaultRule["match"], acted: () => Promise<boolean>): Promise<RunResult> {
        let host: ProviderHost | undefined;
        await fx.emu.admin.setFaults({ match, kind: "hold", delayMs: 120_000 });
        const running = runner(s, (h) => (host = h)).up();
        await until(acted, "the service to accept the write");
        assert.ok(host?.pid, "the provider host runs");
        process.kill(host.pid, "SIGKILL");
        const result = await running;
        await fx.emu.admin.clearFaults();
        assert.equal(result.errors.length, 1, JSON.stringify(result.errors));
        return result;
    }

    afterEach(() => assert.deepEqual(folderWrites(), [], "a run wrote into the program's folder"));

    /** The tenant's original branding: the seed's texts and banner logo, plus a square logo and a complex value. */
    async function richOriginal(): Promise<{ square: Buffer }> {
        const square = png(120, 120);
        await fx.emu.admin.putBrandingStream(IDS.tenantId, "0", "squareLogo", square, "image/png");
        await fx.emu.admin.updateBranding(IDS.tenantId, "0", {
            usernameHintText: "someone@contoso.com",
            loginPageTextVisibilitySettings: { hideAccountResetCredentials: true },
        });
        return { square };
    }

    async function assertOriginalBytes(square: Buffer): Promise<void> {
        const banner = await fx.emu.admin.brandingStream(IDS.tenantId, "0", "bannerLogo");
        const sq = await fx.emu.admin.brandingStream(IDS.tenantId, "0", "squareLogo");
        assert.ok(banner && banner.bytes.equals(DEFAULT_BANNER_LOGO_PNG), "the original banner logo, byte for byte");
        assert.ok(sq && sq.bytes.equals(square), "the original square logo, byte for byte");
    }

    it("after the host dies once Power BI created the dataset, the next up refuses it naming its id; adopting it converges on exactly one", async () => {
        const dataset = { name: "CrashSales", tables: [{ name: "Product", columns: [{ name: "ProductID", dataType: "Int64" }] }] };
        const stack: Stack = { program: "dataset", name: "ds-crash", config: { dataset: JSON.stringify(dataset) } };
        const named = async () => (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name === "CrashSales");
        const crashed = await upKilledAfter(
            stack,
            { service: "powerbi", method: "POST", path: "/datasets$" },
            async () => (await named()).length > 0,
        );
        assert.match(crashed.errors[0]!.message, /create failed/);
        assert.equal(resource(stack, DATASET), undefined, "the engine recorded nothing");
        const [made] = await named();

        await fx.emu.admin.clearRequests();
        const again = await runner(stack).up();
        assert.equal(again.errors.length, 1);
        assert.match(again.errors[0]!.message, new RegExp(`a dataset named "CrashSales" already exists in My workspace \\(id ${made!.id}\\)`));
        assert.match(again.errors[0]!.message, new RegExp(`set \`adopt: "${made!.id}"\``));
        assert.deepEqual(await fx.emu.admin.requests({ service: "powerbi", method: "POST" }), [], "posted a second dataset");

        const adopted: Stack = { ...stack, config: { dataset: JSON.stringify({ ...dataset, adopt: made!.id }) } };
        ok(await runner(adopted).up());
        assert.equal(resource(adopted, DATASET)!.outputs.datasetId, made!.id, "state holds the dataset the crashed create made");
        assert.equal((await named()).length, 1, "exactly one dataset of the name");
        ok(await runner(adopted).destroy());
        assert.deepEqual(await named(), []);
    });

    it("after the host dies once the text PATCH of a create landed, the next up takes over, destroy restores what the crash did not reach byte for byte and leaves the texts it wrote, saying so", async () => {
        const { square } = await richOriginal();
        const before = await fx.emu.admin.branding(IDS.tenantId);
        const logo = image("crash-banner.png", 210, 30);
        const stack = brandingStack(
            "branding-patch",
            { backgroundColor: "#112233", signInPageText: "During the crash", usernameHintText: "crash@contoso.com" },
            { bannerLogo: logo, squareLogo: image("crash-square.png", 100, 100) },
        );
        await upKilledAfter(
            stack,
            { service: "graph", method: "PATCH", path: `${BRANDING_PATH}$` },
            async () => (await brandingNow()).signInPageText === "During the crash",
        );
        assert.equal(resource(stack, BRANDING), undefined, "the engine recorded nothing");

        const again = await runner(stack).up();
        ok(again);
        assert.deepEqual(ops(again, BRANDING), ["create"]);
        const prior = priorOf(resource(stack, BRANDING)!) as {
            existed: boolean;
            values: Record<string, unknown>;
            images: Record<string, { data: string } | null>;
            unknown?: string[];
        };
        assert.equal(prior.existed, true);
        assert.deepEqual(
            [...(prior.unknown ?? [])].sort(),
            ["backgroundColor", "signInPageText", "usernameHintText"],
            "the crash's texts are not taken for the tenant's",
        );
        assert.ok(
            Buffer.from(prior.images.bannerLogo!.data, "base64").equals(DEFAULT_BANNER_LOGO_PNG),
            "the recorded banner is the original's bytes",
        );
        assert.ok(Buffer.from(prior.images.squareLogo!.data, "base64").equals(square));

        const destroyed = await runner(stack).destroy();
        ok(destroyed);
        assert.ok(
            destroyed.logs.stderr.some((w) => /left backgroundColor, signInPageText, usernameHintText as they are: .*not known/.test(w)),
            `destroy did not say what it left: ${destroyed.logs.stderr.join("\n")}`,
        );
        const b = await brandingNow();
        assert.deepEqual([b.backgroundColor, b.signInPageText, b.usernameHintText], ["#112233", "During the crash", "crash@contoso.com"]);
        assert.deepEqual(b.loginPageTextVisibilitySettings, before!.default.loginPageTextVisibilitySettings);
        await assertOriginalBytes(square);
    });

    it("after the host dies once a create wrote every value, the next up refuses to take the branding over as the tenant's, naming adopt", async () => {
        const stack = brandingStack("branding-all", { backgroundColor: "#112233", signInPageText: "During the crash" });
        await upKilledAfter(
            stack,
            { service: "graph", method: "PATCH", path: `${BRANDING_PATH}$` },
            async () => (await brandingNow()).signInPageText === "During the crash",
        );
        await fx.emu.admin.clearRequests();
        const again = await runner(stack).up();
        assert.equal(again.errors.length, 1);
        assert.match(
            again.errors[0]!.message,
            /the default branding already shows every value this resource sets \(backgroundColor, signInPageText\)\./,
        );
        assert.match(
            again.errors[0]!.message,
            /If an earlier `pulumi up` was interrupted while creating it, or the tenant had these values already: set `adopt: true`/,
        );
        assert.match(again.errors[0]!.message, /set `adopt: true` on the resource/);
        assert.deepEqual(await graphWrites(), []);
    });

    it("keeps the prior of properties an update takes over when the host dies after its PATCH, except those it wrote, which destroy leaves", async () => {
        const { square } = await richOriginal();
        ok(await runner(brandingStack("grow", { signInPageText: "Managed first" })).up());
        const grown = brandingStack(
            "grow",
            { signInPageText: "Managed first", backgroundColor: "#445566", usernameHintText: "grown@contoso.com" },
            { squareLogo: image("grow-square.png", 90, 90) },
        );
        await upKilledAfter(
            grown,
            { service: "graph", method: "PATCH", path: `${BRANDING_PATH}$` },
            async () => (await brandingNow()).backgroundColor === "#445566",
        );
        assert.equal(resource(grown, BRANDING)!.outputs.backgroundColor, undefined, "state still holds the resource before the update");

        ok(await runner(grown).up());
        const prior = priorOf(resource(grown, BRANDING)!) as {
            values: Record<string, unknown>;
            images: Record<string, { data: string } | null>;
            unknown?: string[];
        };
        assert.equal(prior.values.signInPageText, "Contoso");
        assert.deepEqual([...(prior.unknown ?? [])].sort(), ["backgroundColor", "usernameHintText"]);
        assert.ok(Buffer.from(prior.images.squareLogo!.data, "base64").equals(square));
        ok(await runner(grown).destroy());
        const b = await brandingNow();
        assert.deepEqual([b.signInPageText, b.backgroundColor, b.usernameHintText], ["Contoso", "#445566", "grown@contoso.com"]);
        await assertOriginalBytes(square);
    });

    it("a localization a crashed create made shows the program's texts: the next up refuses it instead of keeping it as the tenant's", async () => {
        const stack = brandingStack("loc-crash", { signInPageText: "Managed" }, {}, { "fr-FR": { signInPageText: "Accès réservé" } });
        ok(await runner(brandingStack("loc-crash", { signInPageText: "Managed" }, {})).up());
        await upKilledAfter(
            stack,
            { service: "graph", method: "POST", path: `${BRANDING_PATH}/localizations$` },
            async () => (await fx.emu.admin.branding(IDS.tenantId))!.localizations["fr-FR"] !== undefined,
        );
        assert.equal(resource(stack, LOCALIZATION), undefined);
        assert.equal(
            (await fx.emu.admin.branding(IDS.tenantId))!.localizations["fr-FR"]?.signInPageText,
            "Accès réservé",
            "the POST carried the text",
        );

        const again = await runner(stack).up();
        assert.equal(again.errors.length, 1);
        assert.match(again.errors[0]!.message, /the branding localization fr-FR already shows every value this resource sets/);
    });

    it("takes the live value for a property changed in the portal after the crash, and leaves the one the crash wrote", async () => {
        const stack = brandingStack("stale", { backgroundColor: "#112233", signInPageText: "During the crash" });
        await upKilledAfter(
            stack,
            { service: "graph", method: "PATCH", path: `${BRANDING_PATH}$` },
            async () => (await brandingNow()).signInPageText === "During the crash",
        );
        await fx.emu.admin.updateBranding(IDS.tenantId, "0", { signInPageText: "Changed in the portal since" });

        ok(await runner(stack).up());
        const prior = priorOf(resource(stack, BRANDING)!) as { values: Record<string, unknown>; unknown?: string[] };
        assert.equal(prior.values.signInPageText, "Changed in the portal since");
        assert.deepEqual(prior.unknown, ["backgroundColor"]);
        ok(await runner(stack).destroy());
        const b = await brandingNow();
        assert.deepEqual([b.backgroundColor, b.signInPageText], ["#112233", "Changed in the portal since"]);
    });

    describe("a branding update whose text PATCH succeeded and whose image PUT failed", () => {
        const failingPut = {
            match: { service: "graph" as const, method: "PUT", path: `${BRANDING_PATH}/localizations/0/bannerLogo$` },
            kind: "status" as const,
            status: 400,
        };

        async function halfUpdated(name: string): Promise<{ stack: Stack; a: string; b: string; before: unknown; square: Buffer }> {
            const { square } = await richOriginal();
            const before = await fx.emu.admin.branding(IDS.tenantId);
            const a = image(`${name}-a.png`, 200, 30);
            const b = image(`${name}-b.png`, 100, 20);
            ok(await runner(brandingStack(name, { signInPageText: "One" }, { bannerLogo: a })).up());
            const stack = brandingStack(name, { signInPageText: "Two" }, { bannerLogo: b });
            await fx.emu.admin.setFaults(failingPut);
            const failed = await runner(stack).up();
            assert.deepEqual(ops(failed, BRANDING), ["update"]);
            assert.equal(failed.errors.length, 1);
            assert.match(failed.errors[0]!.message, /^update of .*OrganizationalBranding resource 'branding' failed to initialize: /);
            assert.match(
                failed.errors[0]!.message,
                /\(update\): graph PUT \/v1\.0\/organization\/[^ ]+\/bannerLogo failed: 400 /,
                "names the operation, the request and the status",
            );
            assert.match(failed.errors[0]!.message, /run up again to finish/);
            const recorded = resource(stack, BRANDING)!;
            assert.equal(recorded.id, IDS.tenantId, "the error carries the id");
            assert.ok(recorded.initErrors?.length, "with its init error");
            assert.equal(recorded.outputs.signInPageText, "Two", "the text that was written");
            assert.equal((recorded.outputs.bannerLogo as { sha256: string }).sha256, sha(fs.readFileSync(a)), "the image that is still there");
            const live = await brandingNow();
            assert.deepEqual([live.signInPageText, live.bannerLogo?.sha256], ["Two", sha(fs.readFileSync(a))]);
            return { stack, a, b, before, square };
        }

        it("records the partial state, and the next up sends only the image PUT; destroy restores the prior", async () => {
            const { stack, b, before, square } = await halfUpdated("half");
            await fx.emu.admin.clearRequests();
            const finish = await runner(stack).up();
            ok(finish);
            assert.deepEqual(ops(finish, BRANDING), ["update"]);
            assert.deepEqual(await graphWrites(), ["PUT /localizations/0/bannerLogo"], "only the image PUT is sent");
            assert.equal((await brandingNow()).bannerLogo?.sha256, sha(fs.readFileSync(b)));
            assert.equal(resource(stack, BRANDING)!.initErrors, undefined);
            ok(await runner(stack).destroy());
            assert.deepEqual(strip(await fx.emu.admin.branding(IDS.tenantId)), strip(before));
            await assertOriginalBytes(square);
        });

        it("restores the prior branding when destroy runs right after the failed update", async () => {
            const { stack, before, square } = await halfUpdated("halfdestroy");
            ok(await runner(stack).destroy());
            assert.deepEqual(strip(await fx.emu.admin.branding(IDS.tenantId)), strip(before));
            await assertOriginalBytes(square);
        });
    });

    async function brandingNow() {
        return (await fx.emu.admin.branding(IDS.tenantId))!.default;
    }
});
