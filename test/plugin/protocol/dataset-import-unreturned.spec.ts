/**
 * Regression (issue 37): importing a push dataset made with `defaultRetentionPolicy: "basicFIFO"` recorded "None",
 * since GetDataset returns neither the retention policy nor the mode and the import took the definition's default for
 * what the service left out. The first `up` after the import then compared the program's basicFIFO with that "None"
 * and replaced the dataset delete-first, losing its rows. Found reading `readDatasetById` against the GetDataset
 * payload. What the service does not return is now unknown to the import, as relationships and data sources are.
 */
import { strict as assert } from "node:assert";
import { IDS, useEmulator } from "../../support/emulator";
import { usePlugin, type Props } from "./client";
import { configureEachTest, DATASET, datasetInputs } from "./fixtures";

describe("regression: an imported push dataset is not replaced for what GetDataset does not return", () => {
    const fx = useEmulator();
    const p = usePlugin();
    configureEachTest(fx, () => p.client);

    /** Check then Create, as an earlier `up` (or another tool) made the dataset. */
    const created = async (news: Props) => {
        const checked = await p.client.check({ type: DATASET, news });
        assert.deepEqual(checked.failures, []);
        return { inputs: checked.inputs, ...(await p.client.create({ type: DATASET, properties: checked.inputs })) };
    };
    /** `pulumi import`, then the first `up`'s Check and Diff with the program's inputs. */
    const importThenDiff = async (news: Props) => {
        const made = await created(news);
        const imported = await p.client.read({ type: DATASET, name: "imported", id: `${IDS.salesWorkspaceId}/${made.id}` });
        const checked = await p.client.check({ type: DATASET, olds: imported.inputs, news });
        assert.deepEqual(checked.failures, []);
        const diff = await p.client.diff({ type: DATASET, id: imported.id, olds: imported.properties, oldInputs: imported.inputs, news: checked.inputs });
        return { imported, diff };
    };

    it("a basicFIFO dataset: the import records no retention policy, and the first up's Diff does not replace", async () => {
        const { imported, diff } = await importThenDiff(datasetInputs("ImportedFifo", { defaultRetentionPolicy: "basicFIFO" }));
        assert.deepEqual(diff.replaces, [], "the first up after the import replaces the dataset, losing its rows");
        assert.equal(diff.changes, "none");
        assert.equal(imported.properties.defaultRetentionPolicy, undefined, "the import recorded a retention policy the service never returned");
        assert.equal(imported.inputs.defaultRetentionPolicy, undefined);
    });

    it("a PushStreaming dataset: the import records no mode, and the first up's Diff does not replace", async () => {
        const { imported, diff } = await importThenDiff(datasetInputs("ImportedStreaming", { defaultMode: "PushStreaming" }));
        assert.deepEqual(diff.replaces, [], "the first up after the import replaces the dataset, losing its rows");
        assert.equal(diff.changes, "none");
        assert.equal(imported.properties.defaultMode, undefined, "the import recorded a mode the service never returned");
        assert.equal(imported.inputs.defaultMode, undefined);
    });
});
