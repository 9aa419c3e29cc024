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

    it("a dataset this process created joins the kept listing, so the next create of its name finds it without listing again", async () => {
        const d = new DatasetDirectory(() => now);
        assert.deepEqual(await d.named("", "Made", list), []);
        d.add("", { id: "M1", name: "Made" });
        assert.deepEqual(
            (await d.named("", "Made", list)).map((x) => x.id),
            ["M1"],
        );
        d.remove("", "m1");
        assert.deepEqual(await d.named("", "Made", list), [], "a deleted dataset (its id in any case) leaves the listing");
        assert.equal(lists, 1);
    });

    it("runs the creates of one workspace and name one after another, and those of other names at once", async () => {
        const d = new DatasetDirectory(() => now);
        const order: string[] = [];
        const step = (label: string, ms: number) => async () => {
            order.push(`${label} start`);
            await new Promise((r) => setTimeout(r, ms));
            order.push(`${label} end`);
        };
        await Promise.all([
            d.oneAtATime("ws", "Sales", step("a", 20)),
            d.oneAtATime("WS", "Sales", step("b", 1)),
            d.oneAtATime("ws", "Other", step("c", 1)),
        ]);
        assert.ok(order.indexOf("b start") > order.indexOf("a end"), `the second create of a name ran beside the first: ${order.join(", ")}`);
        assert.ok(order.indexOf("c start") < order.indexOf("a end"), `a create of another name waited: ${order.join(", ")}`);
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
