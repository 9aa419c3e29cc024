import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import { ItemProvider } from "../fixtures/harness/item";
import { clearJournal, fixtureStack, journalOps, patchItem, readStore } from "../fixtures/harness/stack";
import { RunResult } from "../../harness/lifecycle";
import { serializeProvider } from "../../harness/serialize";
import { UNKNOWN, secret } from "../../harness/wire";

const ITEM = "pulumi-nodejs:dynamic/harness:Item";

const ops = (r: RunResult) => r.steps.map((s) => `${s.op} ${s.name}`);

describe("lifecycle runner: preview, up, refresh and destroy of a real program", () => {
    const stack = fixtureStack();
    after(() => stack.remove());

    it("previews a new stack without creating anything, leaving provider-computed outputs unknown", async () => {
        const result = await stack.runner().preview();
        assert.deepEqual(result.errors, []);
        assert.deepEqual(ops(result), ["create harnessfx-dev", "create alpha", "create beta"]);
        assert.ok(result.steps.every((s) => s.preview));
        assert.deepEqual(readStore(stack.storePath).items, {}, "the fixture store stays empty");
        assert.ok(!journalOps(stack.storePath).some((op) => /create|update/.test(op)), "Create and Update were never sent");
        assert.deepEqual([result.outputs.alphaId, result.outputs.betaLabel], [UNKNOWN, UNKNOWN]);
        assert.equal(result.outputs.alphaColor, "#112233", "an output copied from an input is known");
        assert.ok(result.steps[2].diff.includes("+ label: [unknown]"));
        assert.equal(fs.existsSync(stack.statePath), false, "a preview writes no state");
    });

    it("creates every item on up, with secrets marked in state", async () => {
        const result = await stack.runner().up();
        assert.deepEqual(result.errors, []);
        assert.deepEqual(ops(result), ["create harnessfx-dev", "create alpha", "create beta"]);
        assert.deepEqual(Object.keys(readStore(stack.storePath).items), ["item-1", "item-2"]);
        assert.equal(result.outputs.alphaId, "item-1");
        assert.equal(result.outputs.betaLabel, "after item-1");
        assert.deepEqual(result.outputs.alphaToken, secret("tok-item-1"), "a stack output of a secret output is secret");
        const alpha = stack.resource("alpha");
        assert.ok(alpha);
        assert.deepEqual([alpha.type, alpha.id, alpha.custom], [ITEM, "item-1", true]);
        assert.deepEqual(alpha.outputs.token, secret("tok-item-1"), "additionalSecretOutputs made token secret");
        assert.deepEqual(alpha.inputs.note, secret("hush"));
        assert.deepEqual(alpha.outputs.note, secret("hush"), "an output named like a secret input is secret");
        assert.equal(alpha.inputs.__provider, await serializeProvider(new ItemProvider()), "__provider is the SDK's serialization");
        assert.deepEqual(stack.resource("beta")?.dependencies, [alpha.urn]);
        assert.deepEqual(stack.runner().state().outputs, result.outputs);
    });

    it("shows only same steps in a second preview", async () => {
        clearJournal(stack.storePath);
        const result = await stack.runner().preview();
        assert.deepEqual(result.errors, []);
        assert.deepEqual(ops(result), ["same harnessfx-dev", "same alpha", "same beta"]);
        assert.deepEqual(journalOps(stack.storePath), ["check", "diff item-1", "check", "diff item-2"]);
        assert.equal(result.outputs.alphaId, "item-1", "same steps keep the known outputs");
    });

    it("updates an item in place when an input changes", async () => {
        const result = await stack.runner({ alphaColor: "#abcdef" }).up();
        assert.deepEqual(result.errors, []);
        assert.deepEqual(ops(result), ["same harnessfx-dev", "update alpha", "same beta"]);
        assert.deepEqual(result.steps[1].diff, ['~ color: "#112233" => "#abcdef"']);
        assert.equal(result.steps[1].providerDiff, "DIFF_UNKNOWN", "the engine compared the inputs itself");
        assert.deepEqual(readStore(stack.storePath).items["item-1"].color, "#abcdef");
        assert.equal(stack.resource("alpha")?.outputs.etag, 2);
    });

    it("fails a preview with invalid input with the CLI's message and changes nothing", async () => {
        const before = fs.readFileSync(stack.statePath, "utf8");
        const result = await stack.runner({ alphaColor: "red" }).preview();
        assert.deepEqual(
            result.errors.map((e) => e.message),
            [`${ITEM} resource 'alpha': property color value {red} has a problem: must be #RRGGBB`],
        );
        assert.equal(result.errors[0].urn, "urn:pulumi:dev::harnessfx::pulumi-nodejs:dynamic/harness:Item::alpha");
        assert.equal(fs.readFileSync(stack.statePath, "utf8"), before);
    });

    it("replaces an item when its replace key changes, creating the new one before deleting the old", async () => {
        clearJournal(stack.storePath);
        const result = await stack.runner({ alphaColor: "#abcdef", alphaKey: "a2" }).up();
        assert.deepEqual(result.errors, []);
        assert.deepEqual(ops(result), ["same harnessfx-dev", "replace alpha", "update beta", "delete-replaced alpha"]);
        assert.deepEqual(result.steps[1].replaces, ["key"]);
        const writes = journalOps(stack.storePath).filter((op) => /^(create|update|delete) /.test(op));
        assert.deepEqual(writes, ["create item-3", "update item-2", "delete item-1"]);
        assert.deepEqual(Object.keys(readStore(stack.storePath).items), ["item-2", "item-3"]);
        assert.equal(result.outputs.betaLabel, "after item-3");
    });

    it("refreshes an out-of-band change into state and drops an item deleted outside Pulumi", async () => {
        patchItem(stack.storePath, "item-2", { color: "#999999" });
        patchItem(stack.storePath, "item-3", null);
        const result = await stack.runner().refresh();
        assert.deepEqual(result.errors, []);
        assert.deepEqual(ops(result), ["refresh:deleted alpha", "refresh:update beta"]);
        assert.deepEqual(result.steps[1].diff, ['~ color: "#445566" => "#999999"']);
        assert.equal(stack.resource("alpha"), undefined);
        assert.equal(stack.resource("beta")?.inputs.color, "#999999", "the inputs read back replace the stored ones");
    });

    it("destroys every item in reverse order and empties the state", async () => {
        const up = await stack.runner().up();
        assert.deepEqual(ops(up), ["same harnessfx-dev", "create alpha", "update beta"]);
        const result = await stack.runner().destroy();
        assert.deepEqual(result.errors, []);
        assert.deepEqual(ops(result), ["delete beta", "delete alpha", "delete harnessfx-dev"]);
        assert.deepEqual(readStore(stack.storePath).items, {});
        assert.deepEqual(stack.runner().state(), { resources: [], outputs: {} });
    });
});

describe("lifecycle runner: refresh and destroy use the config saved at the last up, as the engine does", () => {
    it("destroy after the provider's config changed deletes through the saved config, and with runProgram through the new one", async () => {
        const stack = fixtureStack();
        try {
            await stack.runner({ withBeta: "false" }).up();
            const moved = `${stack.storePath}.moved`;
            fs.copyFileSync(stack.storePath, moved);
            const elsewhere = stack.runnerWithConfig({
                "harnessfx:storePath": moved,
                "harnessfx:note": secret("hush"),
                "harnessfx:withBeta": "false",
            });
            const saved = await elsewhere.destroy({ preview: true });
            assert.deepEqual(saved.errors, []);
            await elsewhere.destroy();
            assert.deepEqual(readStore(stack.storePath).items, {}, "destroy did not use the store of the last up");
            assert.notDeepEqual(readStore(moved).items, {}, "destroy used the config of the moment");
        } finally {
            stack.remove();
        }
    });

    it("refresh goes on after a failed read: every resource is read, each failure reported, none dropped", async () => {
        const stack = fixtureStack();
        try {
            await stack.runner().up();
            fs.writeFileSync(stack.storePath, "not json");
            const result = await stack.runner().refresh();
            assert.equal(result.errors.length, 2, "the refresh stopped at the first failed read");
            assert.ok(stack.resource("alpha") && stack.resource("beta"), "a failed read dropped a resource");
        } finally {
            stack.remove();
        }
    });
});
