import { strict as assert } from "node:assert";
import * as pulumi from "@pulumi/pulumi";
import { ItemProvider } from "../fixtures/harness/item";
import { serializeProvider, serializeProviderDetails } from "../../harness/serialize";

describe("provider serialization (what dynamic.Resource stores as __provider)", () => {
    it("serializes a self-contained provider without capturing any module", async () => {
        const text = await serializeProvider(new ItemProvider());
        assert.match(text, /^exports\.handler = /, "the host runs `requireFromString(text).handler()`");
        assert.doesNotMatch(text, /require\("@pulumi\/pulumi/, "no SDK module captured");
        assert.doesNotMatch(text, /node_modules/);
        assert.ok(text.length < 8 * 1024, `fixture stub is ${text.length} chars`);
    });

    it("captures a value set on the provider object in plain text, which is why settings come from configure", async () => {
        const provider = new ItemProvider();
        provider.storePath = "/srv/tenant-a/store.json";
        const details = await serializeProviderDetails(provider);
        assert.ok(details.text.includes("/srv/tenant-a/store.json"));
        assert.equal(details.containsSecrets, false);
    });

    it("flags a captured secret, whose plaintext then sits inside __provider", async () => {
        const token = pulumi.secret("t0ken-value");
        const provider = Object.assign(
            {
                async create(): Promise<pulumi.dynamic.CreateResult> {
                    return { id: "x", outs: {} };
                },
            },
            { token },
        );
        const details = await serializeProviderDetails(provider);
        assert.equal(details.containsSecrets, true, "the SDK would mark the whole __provider secret");
        assert.ok(details.text.includes("t0ken-value"));
    });
});
