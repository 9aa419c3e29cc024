/**
 * The per-process directory of datasets by name that a create consults before it POSTs.
 */
import { strict as assert } from "node:assert";
import type { DatasetJson } from "../../provider/powerbi/pushDataset/api";
import { DatasetDirectory, MAX_AGE_MS } from "../../provider/powerbi/pushDataset/directory";

describe("DatasetDirectory", () => {
    let now = 0;
    let lists = 0;
    let listing: DatasetJson[] = [];
    const list = async (): Promise<DatasetJson[]> => {
        lists += 1;
        return listing;
    };
    beforeEach(() => {
        now = 1_000;
        lists = 0;
        listing = [
            { id: "A1", name: "Sales" },
            { id: "B1", name: "sales" },
            { id: "C1", name: "Orders" },
        ];
    });

    it("lists a workspace once for concurrent and later creates, and matches names exactly", async () => {
        const d = new DatasetDirectory(() => now);
        const found = await Promise.all([d.named("", "Sales", list), d.named("", "Orders", list), d.named("", "Nope", list)]);
        assert.deepEqual(
            found.map((f) => f.map((x) => x.id)),
            [["A1"], ["C1"], []],
        );
        assert.equal(lists, 1);
        await d.named("ws", "Sales", list);
        assert.equal(lists, 2, "each workspace has its own listing");
    });

    it("never offers a claimed dataset again, whatever the case of its id", async () => {
        const d = new DatasetDirectory(() => now);
        d.claim("a1");
        assert.deepEqual(await d.named("", "Sales", list), []);
        listing.push({ id: "D1", name: "Sales" });
        assert.deepEqual(
            (await d.namedNow("", "Sales", list)).map((x) => x.id),
            ["D1"],
        );
    });

    it("a failed fresh listing (after an unknown create outcome) is not kept: the next create lists again", async () => {
        const d = new DatasetDirectory(() => now);
        const failing = async (): Promise<DatasetJson[]> => {
            lists += 1;
            throw new Error("503 from the listing");
        };
        await assert.rejects(d.namedNow("", "Sales", failing), /503/);
        assert.deepEqual(
            (await d.named("", "Sales", list)).map((x) => x.id),
            ["A1"],
        );
        assert.equal(lists, 2);
    });

    it("lists again once the listing is older than its maximum age, and after a failed listing", async () => {
        const d = new DatasetDirectory(() => now);
        await d.named("", "Sales", list);
        now += MAX_AGE_MS;
        await d.named("", "Sales", list);
        assert.equal(lists, 1, "exactly the maximum age is still fresh");
        now += 1;
        await d.named("", "Sales", list);
        assert.equal(lists, 2);

        const failing = new DatasetDirectory(() => now);
        await assert.rejects(
            failing.named("", "Sales", async () => Promise.reject(new Error("503"))),
            /503/,
        );
        assert.deepEqual(
            (await failing.named("", "Sales", list)).map((x) => x.id),
            ["A1"],
        );
    });
});
