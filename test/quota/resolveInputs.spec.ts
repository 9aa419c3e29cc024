/**
 * The inputs the quota transform reads from a registration: plain props at once (no promise, so the registration
 * is judged in its constructor), outputs once resolved, and with a mapping's declared inputs only those.
 */
import { strict as assert } from "node:assert";
import * as pulumi from "@pulumi/pulumi";
import { inputsNow } from "../../provider/quota/resolveInputs";
import { UNKNOWN_INPUT } from "../../provider/quota/types";

/** An output whose value is not known until apply, as a preview has for another resource's computed id. */
function unknownOutput(): pulumi.Output<string> {
    const OutputImpl = pulumi.Output as unknown as { new (...a: unknown[]): pulumi.Output<string> };
    return new OutputImpl(new Set(), Promise.resolve(undefined), Promise.resolve(false), Promise.resolve(false), Promise.resolve([]));
}

describe("quota inputsNow", () => {
    it("returns plain props themselves, at once, nested objects and arrays included", () => {
        const props = {
            name: "t",
            columns: [{ name: "id", type: "BIGINT" }],
            spec: { nested: { deep: [1, "2", null, undefined] } },
            when: new Date(0),
            none: undefined,
        };
        assert.equal(inputsNow(props), props);
    });

    it("resolves outputs and promises, keeping the other props as they are", async () => {
        const props = {
            catalogName: pulumi.output("main"),
            schemaName: Promise.resolve("sales"),
            name: "t",
            columns: [{ name: pulumi.output("id") }],
        };
        const got = inputsNow(props);
        assert.ok(got instanceof Promise);
        assert.deepEqual(await got, { catalogName: "main", schemaName: "sales", name: "t", columns: [{ name: "id" }] });
        assert.ok(pulumi.Output.isInstance(props.catalogName), "the registration's own props are not changed");
    });

    it("resolves what an output's value still holds: a promise or an output inside it", async () => {
        const OutputImpl = pulumi.Output as unknown as { new (...a: unknown[]): pulumi.Output<unknown> };
        const holding = new OutputImpl(
            new Set(),
            Promise.resolve({ workspaceId: Promise.resolve("42"), host: pulumi.output("h") }),
            Promise.resolve(true),
            Promise.resolve(false),
            Promise.resolve([]),
        );
        const got = await inputsNow({ providerConfig: holding, name: pulumi.output("t"), columns: [Promise.resolve("id")] });
        assert.deepEqual(got, { providerConfig: { workspaceId: "42", host: "h" }, name: "t", columns: ["id"] });
    });

    it("marks a value not known until apply, and drops functions", async () => {
        const got = await inputsNow({ schemaName: unknownOutput(), callback: () => 1, name: "t" });
        assert.deepEqual(got, { schemaName: UNKNOWN_INPUT, callback: undefined, name: "t" });
    });

    it("with the inputs a mapping reads, does not wait for outputs elsewhere and returns only those", async () => {
        const comment = pulumi.output("written later");
        const props = { catalogName: "main", schemaName: "sales", name: "t", comment, owner: Promise.resolve("x"), providerConfig: undefined };
        const got = inputsNow(props, ["providerConfig", "catalogName", "schemaName", "name", "columns"]);
        assert.equal(got, props, "an output in an input no mapping reads does not delay the check (nor is anything copied)");
        const waited = inputsNow({ ...props, providerConfig: pulumi.output({ workspaceId: "42" }) }, [
            "providerConfig",
            "name",
            "comment",
            "columns",
        ]);
        assert.ok(waited instanceof Promise);
        const resolved = await waited;
        assert.deepEqual(
            resolved,
            { providerConfig: { workspaceId: "42" }, name: "t", comment: "written later" },
            "just the named inputs the resource has",
        );
        const unset = await inputsNow({ resourceGroupName: undefined, location: Promise.resolve("westeurope") }, ["resourceGroupName", "location"]);
        assert.ok("resourceGroupName" in unset, "an input the resource has, even unset, is kept (mappings may test for it)");
    });

    it("reads own props only, never Object.prototype members", async () => {
        const got = await inputsNow({ name: pulumi.output("t") }, ["name", "constructor", "toString", "__proto__"]);
        assert.deepEqual(got, { name: "t" });
        assert.equal(Object.getPrototypeOf(got), Object.prototype);
    });

    it("of count-only inputs looks at the elements, not into them: an output inside a column does not wait", async () => {
        const only = ["name", "columns"];
        const countOnly = new Set(["columns"]);
        const props = { name: "t", columns: [{ name: "id", comment: pulumi.output("later") }, ["nested", pulumi.output("x")], "text", null] };
        assert.equal(inputsNow(props, only, countOnly), props, "judged at once: the count of columns is known");
        assert.ok(inputsNow(props, only) instanceof Promise, "without countOnly, the output inside a column waits");
        const element = { name: "t", columns: [{ name: "id" }, unknownOutput(), Promise.resolve({ name: "at" })] };
        const got = inputsNow(element, only, countOnly);
        assert.ok(got instanceof Promise, "an element that is itself an output may turn out unknown: it waits");
        assert.deepEqual(await got, { name: "t", columns: [{ name: "id" }, UNKNOWN_INPUT, { name: "at" }] });
        const whole = inputsNow({ name: "t", columns: pulumi.output([{ name: "id" }]) }, only, countOnly);
        assert.ok(whole instanceof Promise, "a count-only input that is an output waits");
        assert.deepEqual(await whole, { name: "t", columns: [{ name: "id" }] });
    });
});
