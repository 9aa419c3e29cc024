import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import { clearJournal, fixtureStack, journalOps, readStore, seedItem } from "../fixtures/harness/stack";
import { RunResult } from "../../harness/lifecycle";

const ops = (r: RunResult) => r.steps.map((s) => `${s.op} ${s.name}`);
const writes = (storePath: string) => journalOps(storePath).filter((op) => /^(create|update|delete) /.test(op));

describe("lifecycle runner: resource options and failures", () => {
    const stacks: Array<ReturnType<typeof fixtureStack>> = [];
    const newStack = () => {
        const s = fixtureStack();
        stacks.push(s);
        return s;
    };
    after(() => stacks.forEach((s) => s.remove()));

    it("records a create that failed to initialize with its init errors, and updates it on the next up", async () => {
        const stack = newStack();
        const first = await stack.runner({ alphaMode: "initFail", withBeta: "false" }).up();
        assert.deepEqual(
            first.errors.map((e) => e.message),
            ["create of pulumi-nodejs:dynamic/harness:Item resource 'alpha' failed to initialize: health probe failed; retry later"],
        );
        const alpha = stack.resource("alpha");
        assert.deepEqual([alpha?.id, alpha?.initErrors], ["item-1", ["health probe failed", "retry later"]]);
        assert.ok(readStore(stack.storePath).items["item-1"], "the object exists and is tracked, not orphaned");

        const second = await stack.runner({ alphaMode: "initFail", withBeta: "false" }).up();
        assert.deepEqual(second.errors, []);
        assert.deepEqual(ops(second), ["same harnessfx-dev", "update alpha"], "same inputs, but init errors force an update");
        assert.equal(stack.resource("alpha")?.initErrors, undefined);
    });

    it("records the outputs of an update that failed to initialize, with its init errors", async () => {
        const stack = newStack();
        assert.deepEqual((await stack.runner({ withBeta: "false" }).up()).errors, []);
        const failed = await stack.runner({ withBeta: "false", alphaMode: "updateInitFail", alphaColor: "#abcdef" }).up();
        assert.deepEqual(
            failed.errors.map((e) => e.message),
            ["update of pulumi-nodejs:dynamic/harness:Item resource 'alpha' failed to initialize: half updated"],
        );
        const alpha = stack.resource("alpha");
        assert.deepEqual([alpha?.id, alpha?.outputs.color, alpha?.outputs.half, alpha?.initErrors], ["item-1", "#abcdef", true, ["half updated"]]);
    });

    it("deletes the old item before creating its replacement when deleteBeforeReplace is set", async () => {
        const stack = newStack();
        assert.deepEqual((await stack.runner({ alphaDeleteFirst: "true", withBeta: "false" }).up()).errors, []);
        clearJournal(stack.storePath);
        const result = await stack.runner({ alphaDeleteFirst: "true", withBeta: "false", alphaKey: "a2" }).up();
        assert.deepEqual(result.errors, []);
        assert.deepEqual(ops(result), ["same harnessfx-dev", "delete-replaced alpha", "replace alpha"]);
        assert.equal(result.steps[2].deleteBeforeReplace, true);
        assert.deepEqual(writes(stack.storePath), ["delete item-1", "create item-2"]);
    });

    it("keeps the old value of a property listed in ignoreChanges", async () => {
        const stack = newStack();
        await stack.runner({ withBeta: "false", alphaIgnoreColor: "true" }).up();
        const result = await stack.runner({ withBeta: "false", alphaIgnoreColor: "true", alphaColor: "#abcdef" }).up();
        assert.deepEqual(ops(result), ["same harnessfx-dev", "same alpha"]);
        assert.equal(readStore(stack.storePath).items["item-1"].color, "#112233");
    });

    it("replaces instead of updating when a property listed in replaceOnChanges changes", async () => {
        const stack = newStack();
        await stack.runner({ withBeta: "false", alphaReplaceOnColor: "true" }).up();
        const result = await stack.runner({ withBeta: "false", alphaReplaceOnColor: "true", alphaColor: "#abcdef" }).up();
        assert.deepEqual(ops(result), ["same harnessfx-dev", "replace alpha", "delete-replaced alpha"]);
        assert.deepEqual(result.steps[1].replaces, ["color"]);
        assert.deepEqual(Object.keys(readStore(stack.storePath).items), ["item-2"]);
    });

    it("leaves a retainOnDelete item in place on destroy, and refuses to destroy a protected one", async () => {
        const retained = newStack();
        await retained.runner({ withBeta: "false", alphaRetain: "true" }).up();
        const destroy = await retained.runner({ withBeta: "false", alphaRetain: "true" }).destroy();
        assert.deepEqual(destroy.errors, []);
        assert.equal(destroy.steps.find((s) => s.name === "alpha")?.retained, true);
        assert.deepEqual(Object.keys(readStore(retained.storePath).items), ["item-1"], "removed from state only");

        const prot = newStack();
        await prot.runner({ withBeta: "false", alphaProtect: "true" }).up();
        const refused = await prot.runner({ withBeta: "false", alphaProtect: "true" }).destroy();
        assert.match(refused.errors[0]?.message ?? "", /unable to delete resource ".*::alpha" as it is currently marked for protection/);
        assert.ok(prot.resource("alpha"), "the protected resource stays in state");
        assert.deepEqual(Object.keys(readStore(prot.storePath).items), ["item-1"]);
    });

    it("reads a resource by id as external, and destroy forgets it instead of deleting it", async () => {
        const stack = newStack();
        seedItem(stack.storePath, "ext-1", { color: "#0a0b0c", key: "x", size: "L" });
        const up = await stack.runner({ readId: "ext-1", withBeta: "false" }).up();
        assert.deepEqual(up.errors, []);
        // The read does not wait for alpha, so the SDK may send it first: steps follow arrival order.
        assert.deepEqual(ops(up).sort(), ["create alpha", "create harnessfx-dev", "read external"]);
        assert.equal(up.outputs.externalColor, "#0a0b0c", "the program sees the object as read");
        assert.equal(stack.resource("external")?.external, true);

        const destroy = await stack.runner({ readId: "ext-1", withBeta: "false" }).destroy();
        assert.deepEqual(ops(destroy).sort(), ["delete alpha", "delete harnessfx-dev", "discard external"]);
        assert.deepEqual(Object.keys(readStore(stack.storePath).items), ["ext-1"], "the external object is still there");
    });

    it("records a read by id that finds nothing with `__provider` alone, as the engine does for a dynamic resource", async () => {
        const stack = newStack();
        const result = await stack.runner({ readId: "nope", withBeta: "false" }).up();
        assert.deepEqual(result.errors, []);
        const read = stack
            .runner({})
            .state()
            .resources.find((r) => r.external);
        assert.deepEqual(Object.keys(read?.outputs ?? {}), ["__provider"]);
    });

    it("fails the import option as the engine does for a dynamic resource, creating nothing", async () => {
        const stack = newStack();
        seedItem(stack.storePath, "ext-1", { color: "#0a0b0c", key: "x" });
        const result = await stack.runner({ alphaImport: "ext-1", withBeta: "false" }).up();
        assert.equal(result.errors.length, 1);
        assert.match(result.errors[0].message, /^import failed: .*must be a string/);
        assert.deepEqual(Object.keys(readStore(stack.storePath).items), ["ext-1"]);
    });

    it("deletes a resource the program no longer declares", async () => {
        const stack = newStack();
        await stack.runner().up();
        const result = await stack.runner({ withBeta: "false" }).up();
        assert.deepEqual(result.errors, []);
        assert.deepEqual(ops(result), ["same harnessfx-dev", "same alpha", "delete beta"]);
        assert.deepEqual(Object.keys(readStore(stack.storePath).items), ["item-1"]);
        assert.equal(result.outputs.betaLabel, "no beta");
    });

    it("applies a stack transformation registered by the program, as under the real language host", async () => {
        const stack = newStack();
        const result = await stack.runner({ stamp: "s-42", withBeta: "false" }).up();
        assert.deepEqual(result.errors, []);
        assert.equal(stack.resource("alpha")?.inputs.stamp, "s-42");
        assert.equal(readStore(stack.storePath).items["item-1"].stamp, "s-42");
    });

    it("fails the run at the registration a stack transformation rejects, creating nothing", async () => {
        const stack = newStack();
        const result = await stack.runner({ forbidItems: "true" }).up();
        assert.equal(result.errors.length, 1);
        assert.match(result.errors[0].message, /items are forbidden here: alpha/);
        assert.deepEqual(readStore(stack.storePath).items, {});
    });

    it("reports a program error, such as missing required config, and keeps the prior state", async () => {
        const stack = newStack();
        await stack.runner({ withBeta: "false" }).up();
        const before = fs.readFileSync(stack.statePath, "utf8");
        const broken = stack.runnerWithConfig({ "harnessfx:storePath": stack.storePath, "harnessfx:withBeta": "false" });
        const result = await broken.up();
        assert.equal(result.errors.length, 1);
        assert.match(result.errors[0].message, /Missing required configuration variable 'harnessfx:note'/);
        assert.deepEqual(broken.state(), JSON.parse(before), "nothing was deleted or forgotten");
        assert.deepEqual(Object.keys(readStore(stack.storePath).items), ["item-1"]);
    });
});
