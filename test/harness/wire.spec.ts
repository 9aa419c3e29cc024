import { strict as assert } from "node:assert";
import { changedKeys, diffLines, formatCheckFailure } from "../../harness/display";
import {
    SECRET_SIG,
    SIG,
    UNKNOWN,
    annotateSecrets,
    applyAdditionalSecretOutputs,
    containsSecrets,
    containsUnknowns,
    dropUnknownsMap,
    isSecret,
    secret,
    stripSecretsMap,
    toPropertyMap,
    urnName,
    urnType,
} from "../../harness/wire";

describe("engine wire values", () => {
    it("encodes a secret with the engine's signature and recognises only that encoding", () => {
        assert.deepEqual(secret("s3cr3t"), { [SIG]: SECRET_SIG, value: "s3cr3t" });
        assert.equal(isSecret(secret({ a: 1 })), true);
        assert.equal(isSecret({ [SIG]: "c44067f5952c0a294b673a41bacd8c17", path: "logo.png" }), false, "an asset is not a secret");
        assert.equal(isSecret("s3cr3t"), false);
    });

    it("strips secrets at every depth, as the engine does for a provider that does not accept them", () => {
        const props = { token: secret("t"), nested: { list: [secret("a"), "b"], deep: { x: secret(1) } } };
        assert.deepEqual(stripSecretsMap(props), { token: "t", nested: { list: ["a", "b"], deep: { x: 1 } } });
        assert.equal(containsSecrets(props), true);
        assert.equal(containsSecrets(stripSecretsMap(props)), false);
    });

    it("drops unknowns from objects and arrays outside preview, keeping known siblings", () => {
        const props = { a: UNKNOWN, b: "kept", list: ["x", UNKNOWN], obj: { c: UNKNOWN, d: 2 }, s: secret(UNKNOWN) };
        assert.deepEqual(dropUnknownsMap(props), { b: "kept", list: ["x"], obj: { d: 2 } });
        assert.equal(containsUnknowns(props), true);
        assert.equal(containsUnknowns({ s: secret({ inner: UNKNOWN }) }), true, "an unknown inside a secret counts");
        assert.equal(containsUnknowns(dropUnknownsMap(props)), false);
    });

    it("copies secretness from inputs onto same-named outputs, recursing only into plain objects", () => {
        const ins = { note: secret("n"), cfg: { key: secret("k"), plain: "p" }, tags: ["a", secret("b")], other: "o" };
        const outs = { note: "n", cfg: { key: "k", plain: "p", extra: 1 }, tags: ["b", "a"], other: "o", id: "x" };
        const annotated = annotateSecrets(outs, ins);
        assert.deepEqual(annotated, {
            note: secret("n"),
            cfg: { key: secret("k"), plain: "p", extra: 1 },
            tags: secret(["b", "a"]),
            other: "o",
            id: "x",
        });
        assert.deepEqual(outs.note, "n", "the provider's outputs are not modified");
    });

    it("leaves an output already secret as it is and ignores inputs the outputs do not have", () => {
        const annotated = annotateSecrets({ a: secret("v") }, { a: secret("v"), gone: secret("g") });
        assert.deepEqual(annotated, { a: secret("v") });
    });

    it("wraps additionalSecretOutputs that are present and not yet secret", () => {
        const outs = applyAdditionalSecretOutputs({ token: "t", already: secret("s"), name: "n" }, ["token", "already", "missing"]);
        assert.deepEqual(outs, { token: secret("t"), already: secret("s"), name: "n" });
    });

    it("rejects values that cannot travel in a Struct", () => {
        assert.throws(() => toPropertyMap({ when: undefined }), /value\.when is not a JSON value \(undefined\)/);
        assert.throws(() => toPropertyMap({ f: () => 1 }), /value\.f is not a JSON value \(function\)/);
        assert.deepEqual(toPropertyMap(undefined), {});
    });

    it("splits a URN into the resource's type and name", () => {
        const urn = "urn:pulumi:dev::proj::my:comp:Group$pulumi-nodejs:dynamic/tenantkit:PushDataset::sales::eu";
        assert.equal(urnType(urn), "pulumi-nodejs:dynamic/tenantkit:PushDataset");
        assert.equal(urnName(urn), "sales::eu");
    });
});

describe("CLI display", () => {
    it("shows changed properties like the CLI, hiding secrets and shortening __provider", () => {
        const olds = { color: "#112233", note: secret("old"), __provider: "x".repeat(50), gone: 1 };
        const news = { color: "#abcdef", note: secret("new"), __provider: "y".repeat(60), added: [1, UNKNOWN] };
        assert.deepEqual(diffLines(olds, news), [
            "~ __provider: [provider: 50 chars] => [provider: 60 chars]",
            '+ added: [1,"[unknown]"]',
            '~ color: "#112233" => "#abcdef"',
            "- gone: 1",
            "~ note: [secret] => [secret]",
        ]);
        assert.deepEqual(changedKeys({ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } }), [], "key order does not matter");
    });

    it("formats check failures with the engine's diagnostics 2003 and 2002", () => {
        const type = "pulumi-nodejs:dynamic/harness:Item";
        assert.equal(
            formatCheckFailure(type, "alpha", { property: "color", reason: "must be #RRGGBB" }, { color: "red" }),
            "pulumi-nodejs:dynamic/harness:Item resource 'alpha': property color value {red} has a problem: must be #RRGGBB",
        );
        assert.equal(
            formatCheckFailure(type, "alpha", { property: "", reason: "the whole item is wrong" }, {}),
            "pulumi-nodejs:dynamic/harness:Item resource 'alpha' has a problem: the whole item is wrong",
        );
        assert.match(formatCheckFailure(type, "a", { property: "token", reason: "r" }, { token: secret("t0p") }), /value \{\[secret\]\}/);
    });
});
