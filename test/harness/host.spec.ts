import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ItemProvider } from "../fixtures/harness/item";
import { readStore } from "../fixtures/harness/stack";
import { ConfigureResult, HostCallError, ProviderHost, startHost } from "../../harness/host";
import { serializeProvider } from "../../harness/serialize";
import { PropertyMap, UNKNOWN, isSecret, secret } from "../../harness/wire";

const PROJECT = "harnessfx";
const PROGRAM_DIR = path.join(__dirname, "..", "fixtures", "harness", "program");
const URN = `urn:pulumi:dev::${PROJECT}::pulumi-nodejs:dynamic/harness:Item::alpha`;

describe("provider host driver (real @pulumi/pulumi dynamic provider host over gRPC)", () => {
    let dir: string;
    let storePath: string;
    let provider: string;
    let host: ProviderHost;
    let capabilities: ConfigureResult;

    const props = (extra: PropertyMap = {}): PropertyMap => ({ __provider: provider, color: "#112233", key: "k1", ...extra });
    const lastJournal = (op: string) => [...readStore(storePath).journal].reverse().find((e) => e.op === op);

    before(async () => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-host-"));
        storePath = path.join(dir, "store.json");
        provider = await serializeProvider(new ItemProvider());
        host = await startHost({ cwd: PROGRAM_DIR, project: PROJECT });
        capabilities = await host.configure({ [`${PROJECT}:storePath`]: storePath, [`${PROJECT}:token`]: secret("cfg-secret") });
    });

    after(async () => {
        await host?.close();
        fs.rmSync(dir, { recursive: true, force: true });
    });

    it("gets UNIMPLEMENTED for the handshake, as the engine tolerates, and reports the SDK version", async () => {
        assert.deepEqual(await host.handshake(PROGRAM_DIR), { implemented: false, codeName: "UNIMPLEMENTED" });
        const sdkVersion = (JSON.parse(fs.readFileSync(require.resolve("@pulumi/pulumi/package.json"), "utf8")) as { version: string }).version;
        assert.equal(await host.getPluginInfo(), sdkVersion);
    });

    it("is told by configure that the host accepts no secrets and supports no preview", () => {
        assert.deepEqual(capabilities, { acceptSecrets: false, supportsPreview: false, acceptResources: false, acceptOutputs: false });
    });

    it("refuses a CRUD call before configure, and holds one that overtakes an unawaited configure", async () => {
        const other = await startHost({ cwd: PROGRAM_DIR, project: PROJECT });
        try {
            await assert.rejects(other.check({ urn: URN, news: props() }), /check\(\) called before configure\(\)/);
            void other.configure({ [`${PROJECT}:storePath`]: storePath });
            const checked = await other.check({ urn: URN, news: props() });
            assert.deepEqual(checked.failures, []);
            assert.equal(other.calls.map((c) => c.method).join(","), "configure,check", "configure reached the host first");
        } finally {
            await other.close();
        }
    });

    it("sends secrets to the provider in plain text and marks them secret again in the checked inputs", async () => {
        const checked = await host.check({ urn: URN, news: props({ note: secret("hush") }) });
        assert.equal(lastJournal("check")?.props?.note, "hush", "the provider saw plaintext");
        assert.deepEqual(checked.inputs.note, secret("hush"));
        assert.equal(checked.inputs.size, "M", "the provider's normalised inputs come back");
        assert.equal(checked.inputs.__provider, provider);
    });

    it("passes the unknown sentinel to check in preview and drops unknowns outside preview", async () => {
        const preview = await host.check({ urn: URN, news: props({ color: UNKNOWN, label: UNKNOWN }), preview: true });
        assert.deepEqual(preview.failures, [], "validation skips the unknown color");
        assert.equal(lastJournal("check")?.props?.label, UNKNOWN);
        await host.check({ urn: URN, news: props({ label: UNKNOWN }) });
        assert.deepEqual(Object.keys(lastJournal("check")?.props ?? {}).sort(), ["color", "key"]);
    });

    it("returns check failures with their property and reason, and the checked inputs", async () => {
        const checked = await host.check({ urn: URN, news: props({ color: "red", mode: "wholeFail" }) });
        assert.deepEqual(checked.failures, [
            { property: "color", reason: "must be #RRGGBB" },
            { property: "", reason: "the whole item is wrong" },
        ]);
        assert.equal(checked.inputs.color, "red");
    });

    it("maps the provider's diff to DIFF_SOME with replaces, or DIFF_UNKNOWN when it left changes undefined", async () => {
        const olds = props();
        const replace = await host.diff({ urn: URN, id: "item-9", oldInputs: olds, oldOutputs: olds, newInputs: props({ key: "k2" }) });
        assert.deepEqual([replace.changes, replace.replaces, replace.stables], ["DIFF_SOME", ["key"], []]);
        const unknown = await host.diff({ urn: URN, id: "item-9", oldInputs: olds, oldOutputs: olds, newInputs: props({ color: "#000000" }) });
        assert.equal(unknown.changes, "DIFF_UNKNOWN");
    });

    it("never sends create or update in preview and hands the inputs back as outputs", async () => {
        const before = host.calls.length;
        const inputs = props({ label: UNKNOWN });
        assert.deepEqual(await host.create({ urn: URN, properties: inputs, preview: true }), { id: "", outs: inputs, sent: false });
        const update = await host.update({ urn: URN, id: "item-9", oldInputs: inputs, oldOutputs: inputs, newInputs: inputs, preview: true });
        assert.deepEqual(update, { outs: inputs, sent: false });
        assert.equal(host.calls.length, before, "no gRPC call was made");
        assert.deepEqual(readStore(storePath).items, {});
    });

    it("creates, reads, updates and deletes an item, with outputs secret where the inputs were", async () => {
        const created = await host.create({ urn: URN, properties: props({ note: secret("hush") }) });
        assert.match(created.id, /^item-\d+$/);
        assert.deepEqual(created.outs.note, secret("hush"));
        assert.equal(created.outs.token, `tok-${created.id}`, "a new output is not secret without additionalSecretOutputs");
        assert.equal(created.outs.__provider, provider, "the host puts __provider into the outputs");
        const read = await host.read({ urn: URN, id: created.id, state: created.outs, inputs: props({ note: secret("hush") }) });
        assert.equal(read.id, created.id);
        assert.deepEqual(read.inputs?.note, secret("hush"));
        const updated = await host.update({
            urn: URN,
            id: created.id,
            oldInputs: props(),
            oldOutputs: created.outs,
            newInputs: props({ color: "#abcdef" }),
        });
        assert.deepEqual([updated.outs.color, updated.outs.etag], ["#abcdef", 2]);
        await host.delete({ urn: URN, id: created.id, oldInputs: props(), outputs: updated.outs });
        assert.equal(readStore(storePath).items[created.id], undefined);
        assert.equal((await host.read({ urn: URN, id: created.id, state: updated.outs })).id, "", "a gone item reads as an empty id");
    });

    it("decodes ErrorResourceInitFailed into the partial id, outputs and reasons", async () => {
        const err = await host.create({ urn: URN, properties: props({ mode: "initFail", note: secret("hush") }) }).then(
            () => assert.fail("create should fail"),
            (e: unknown) => e,
        );
        assert.ok(err instanceof HostCallError);
        assert.equal(err.name, "HostCallError");
        assert.deepEqual([err.grpcCode, err.codeName, err.details], [2, "UNKNOWN", "item created but not healthy"]);
        assert.ok(err.partial, "the partial result is decoded from grpc-status-details-bin");
        assert.deepEqual(err.partial.reasons, ["health probe failed", "retry later"]);
        assert.ok(readStore(storePath).items[err.partial.id], "the item exists remotely");
        assert.ok(isSecret(err.partial.outs.note), "partial outputs get their secrets back");
    });

    it("reports a plain create failure with the provider's message and no partial result", async () => {
        await assert.rejects(host.create({ urn: URN, properties: props({ mode: "createFail" }) }), (err: unknown) => {
            assert.ok(err instanceof HostCallError);
            assert.equal(err.details, "create refused");
            assert.equal(err.partial, undefined);
            return true;
        });
    });

    it("keeps the host's stdout and stderr lines, where a failed check leaves its stack trace", async () => {
        const created = await host.create({ urn: URN, properties: props({ mode: "log" }) });
        await assert.rejects(host.check({ urn: URN, news: props({ mode: "checkThrow" }) }), /check failed: UNKNOWN\(2\) check exploded/);
        assert.ok(host.stdout.includes(`created ${created.id}`), host.stdout.join("\n"));
        assert.ok(host.stderr.includes(`created ${created.id} (stderr)`));
        assert.ok(
            host.stderr.some((l) => l.includes("Error: check exploded")),
            host.stderr.join("\n"),
        );
        assert.ok(!host.stdout.concat(host.stderr).some((l) => l.includes("cfg-secret")), "config secrets are not printed");
    });

    it("kills the host process on close", async () => {
        const other = await startHost({ cwd: PROGRAM_DIR, project: PROJECT });
        const pid = other.pid;
        assert.ok(pid);
        await other.close();
        assert.throws(() => process.kill(pid, 0), /ESRCH/);
    });
});
