/**
 * powerbi.PushDataset as the engine runs it: a real program, the real provider host, the emulator.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { LifecycleRunner, type RunResult } from "../../harness/lifecycle";
import { IDS, useEmulator } from "../support/emulator";
import { emulatorConfig, useStateDir } from "../support/stacks";
import { createDataset, pbiToken } from "../emulator/powerbi-helpers";

const PROGRAM = path.resolve(__dirname, "..", "fixtures", "programs", "dataset", "index.ts");
const TYPE = "pulumi-nodejs:dynamic/tenantkit:PushDataset";
type Args = Record<string, unknown>;

const product = (extra: object[] = []) => ({
    name: "Product",
    columns: [{ name: "ProductID", dataType: "Int64" }, { name: "Name", dataType: "string" }, ...extra],
});

describe("PushDataset through the engine harness", function () {
    this.timeout(120_000);
    const fx = useEmulator();
    const states = useStateDir("tk-dataset-");

    const runner = (stack: string, dataset: Args) =>
        new LifecycleRunner({
            programPath: PROGRAM,
            statePath: states.statePath(stack),
            project: "dsprog",
            config: { ...emulatorConfig(fx), "dsprog:dataset": JSON.stringify(dataset) },
        });
    const ok = (r: RunResult) => assert.deepEqual(r.errors, [], JSON.stringify(r.errors, null, 2));
    const ops = (r: RunResult) => r.steps.filter((s) => s.type === TYPE).map((s) => s.op);
    const calls = async () =>
        (await fx.emu.admin.requests({ service: "powerbi" })).map((r) => ({ m: r.method, p: r.path, q: r.query, body: r.bodyText }));
    const datasets = async () => {
        const pb = await fx.emu.admin.powerBi(IDS.tenantId);
        return JSON.parse(JSON.stringify(pb)) as {
            workspaces?: { id: string; datasets?: { id: string; name: string }[] }[];
            myWorkspaces?: Record<string, { id: string; name: string }[]>;
        } & Record<string, unknown>;
    };
    const countNamed = async (name: string) => (JSON.stringify(await datasets()).match(new RegExp(`"name":"${name}"`, "g")) ?? []).length;

    it("lists invalid inputs at preview and calls no API", async () => {
        const r = await runner("invalid", {
            name: "Sales",
            defaultMode: "Streaming",
            tables: [{ name: "Bad/Name", columns: [{ name: "x", dataType: "Integer" }] }],
        }).preview();
        // The nested failures reach the engine as the resource's, their path and value in the reason.
        assert.deepEqual((r.errors[0]?.checkFailures ?? []).map((f) => f.property || f.reason.replace(/: .*/, "")).sort(), [
            "defaultMode",
            'tables[0].columns[0].dataType is "Integer"',
            'tables[0].name is "Bad/Name"',
        ]);
        assert.deepEqual(await calls(), []);
    });

    it("creates in My workspace, then in a named workspace with basicFIFO, each with a quiet second preview", async () => {
        const mine = runner("mine", { name: "Mine", tables: [product()] });
        const up = await mine.up();
        ok(up);
        const post = (await calls()).find((c) => c.m === "POST")!;
        assert.equal(post.p, "/powerbi/v1.0/myorg/datasets");
        assert.deepEqual(post.q, { defaultRetentionPolicy: "None" });
        assert.deepEqual(JSON.parse(post.body!).tables[0].columns[1], { name: "Name", dataType: "String" });
        assert.deepEqual(
            [up.outputs.tableNames, up.outputs.defaultMode, up.outputs.workspace],
            [["Product"], "Push", "My workspace"],
            "defaults are outputs too",
        );
        assert.deepEqual(
            (await calls()).map((c) => `${c.m} ${c.p}`),
            ["GET /powerbi/v1.0/myorg/datasets", "POST /powerbi/v1.0/myorg/datasets"],
            "a create is one POST after the listing",
        );
        assert.deepEqual(ops(await mine.preview()), ["same"]);

        await fx.emu.admin.clearRequests();
        const group = runner("group", {
            name: "Grouped",
            workspaceId: IDS.salesWorkspaceId,
            defaultRetentionPolicy: "basicFIFO",
            tables: [product()],
        });
        const groupUp = await group.up();
        ok(groupUp);
        assert.equal(groupUp.outputs.workspace, IDS.salesWorkspaceId);
        const groupPost = (await calls()).find((c) => c.m === "POST")!;
        assert.equal(groupPost.p, `/powerbi/v1.0/myorg/groups/${IDS.salesWorkspaceId}/datasets`);
        assert.deepEqual(groupPost.q, { defaultRetentionPolicy: "basicFIFO" });
        assert.deepEqual(ops(await group.preview()), ["same"]);
    });

    it("adds a column in place through PutTable, and replaces when a table is added (the preview says why)", async () => {
        ok(await runner("schema", { name: "Schema", tables: [product()] }).up());
        await fx.emu.admin.clearRequests();
        const added = await runner("schema", { name: "Schema", tables: [product([{ name: "Price", dataType: "Double" }])] }).up();
        ok(added);
        assert.deepEqual(ops(added), ["update"]);
        const writes = (await calls()).filter((c) => c.m !== "GET");
        assert.deepEqual(
            writes.map((c) => `${c.m} ${c.p.split("/").slice(-2).join("/")}`),
            ["PUT tables/Product"],
        );
        assert.equal(await countNamed("Schema"), 1);

        const twoTables = {
            name: "Schema",
            tables: [product([{ name: "Price", dataType: "Double" }]), { name: "Orders", columns: [{ name: "Id", dataType: "Int64" }] }],
        };
        const preview = await runner("schema", twoTables).preview();
        assert.deepEqual(ops(preview), ["delete-replaced", "replace"]);
        const step = preview.steps.find((s) => s.type === TYPE && s.op === "replace")!;
        assert.deepEqual(step.replaces, ["tables"]);
        assert.equal(step.deleteBeforeReplace, true, "same name: the old dataset goes first, else the create would adopt it");
        const before = String(
            runner("schema", twoTables)
                .state()
                .resources.find((r) => r.type === TYPE)!.id,
        );
        const replaced = await runner("schema", twoTables).up();
        ok(replaced);
        assert.notEqual(String(replaced.outputs.datasetId), before);
        assert.equal(await countNamed("Schema"), 1, "one dataset of the name: the replacement");
    });

    it("sees schema drift and an out-of-band deletion on refresh, and repairs the drift", async () => {
        const args = { name: "Drift", tables: [product()] };
        const up = await runner("drift", args).up();
        ok(up);
        const id = String(up.outputs.datasetId);
        await fx.emu.admin.updatePowerBiTable(IDS.tenantId, id, "Product", { columns: [{ name: "ProductID", dataType: "Int64" }] });
        const refresh = await runner("drift", args).refresh();
        ok(refresh);
        assert.deepEqual(ops(refresh), ["refresh:update"]);
        assert.deepEqual(ops(await runner("drift", args).preview()), ["update"]);
        ok(await runner("drift", args).up());
        assert.deepEqual(ops(await runner("drift", args).refresh()), ["refresh:same"]);
        await fx.emu.admin.deletePowerBiDataset(IDS.tenantId, id);
        assert.deepEqual(ops(await runner("drift", args).refresh()), ["refresh:deleted"]);
        assert.equal(
            runner("drift", args)
                .state()
                .resources.filter((r) => r.type === TYPE).length,
            0,
        );
    });

    it("creates exactly one dataset when the POST's response is lost", async () => {
        await fx.emu.admin.loseNextPowerBiPostResponse(IDS.tenantId);
        const up = await runner("lost", { name: "LostResponse", tables: [product()] }).up();
        ok(up);
        assert.equal(await countNamed("LostResponse"), 1);
        const posts = (await calls()).filter((c) => c.m === "POST");
        assert.equal(posts.length, 1, "found by name, not posted again");
    });

    it("lists each workspace once however many datasets an up creates", async () => {
        const multi = new LifecycleRunner({
            programPath: path.resolve(__dirname, "..", "fixtures", "programs", "datasets", "index.ts"),
            statePath: states.statePath("multi"),
            project: "dsmulti",
            config: {
                ...emulatorConfig(fx),
                "dsmulti:datasets": JSON.stringify(
                    [0, 1, 2, 3, 4, 5].map((i) => ({
                        name: `Multi${i}`,
                        ...(i % 2 ? { workspaceId: IDS.salesWorkspaceId } : {}),
                        tables: [product()],
                    })),
                ),
            },
        });
        ok(await multi.up());
        const lines = (await calls()).map((c) => `${c.m} ${c.p.replace(IDS.salesWorkspaceId, "{sales}")}`).sort();
        assert.deepEqual(
            lines,
            [
                "GET /powerbi/v1.0/myorg/datasets",
                "GET /powerbi/v1.0/myorg/groups/{sales}/datasets",
                ...Array(3).fill("POST /powerbi/v1.0/myorg/datasets"),
                ...Array(3).fill("POST /powerbi/v1.0/myorg/groups/{sales}/datasets"),
            ].sort(),
        );
    });

    it("refuses the dataset a lost create left behind (found by name) instead of taking it over, naming the adopt that does", async () => {
        const args = { name: "Orphan", tables: [product()] };
        const first = await runner("orphan-src", args).up();
        ok(first);
        await fx.emu.admin.clearRequests();
        // A second stack with no record of it, as after a crash between the POST and the state write.
        const again = await runner("orphan", args).up();
        assert.equal(again.errors.length, 1);
        assert.match(
            again.errors[0]!.message,
            new RegExp(`a dataset named "Orphan" already exists in My workspace \\(id ${String(first.outputs.datasetId)}\\)`),
        );
        assert.match(again.errors[0]!.message, new RegExp(`set \`adopt: "${String(first.outputs.datasetId)}"\``));
        assert.equal(await countNamed("Orphan"), 1);
        assert.deepEqual(
            (await calls()).filter((c) => c.m !== "GET"),
            [],
            "nothing written",
        );
        const adopted = await runner("orphan", {
            ...args,
            adopt: first.outputs.datasetId,
            tables: [product([{ name: "Price", dataType: "Double" }])],
        }).up();
        ok(adopted);
        assert.equal(adopted.outputs.datasetId, first.outputs.datasetId);
        const writes = (await calls()).filter((c) => c.m !== "GET").map((c) => `${c.m} ${c.p.split("/").slice(-2).join("/")}`);
        assert.deepEqual(writes, ["PUT tables/Product"], "no POST: the adopted dataset's changed table is PUT");
        // While adopt stays, a `pulumi up --replace` (create-first, the provider not asked) would adopt it again.
        const preview = await runner("orphan", {
            ...args,
            adopt: first.outputs.datasetId,
            tables: [product([{ name: "Price", dataType: "Double" }])],
        }).preview();
        assert.ok(
            preview.logs.stderr.some((l) =>
                /adopt names the dataset this resource has held since it was adopted: remove adopt from the program/.test(l),
            ),
            `the preview did not say to remove adopt: ${preview.logs.stderr.join("\n")}`,
        );
    });

    it("refuses when datasets of its name exist, naming every id; adopt takes over only one with the program's tables", async () => {
        const token = await pbiToken(fx.emu);
        const ids = [
            await createDataset(fx.emu, token, undefined, { name: "Twice", tables: [product()] }),
            await createDataset(fx.emu, token, undefined, { name: "Twice", tables: [product()] }),
        ];
        const twice = await runner("twice", { name: "Twice", tables: [product()] }).up();
        assert.equal(twice.errors.length, 1);
        assert.match(twice.errors[0]!.message, /2 datasets named "Twice" already exist in My workspace/);
        for (const id of ids) assert.match(twice.errors[0]!.message, new RegExp(id));

        const other = await createDataset(fx.emu, token, undefined, {
            name: "Other",
            tables: [{ name: "Orders", columns: [{ name: "Id", dataType: "Int64" }] }],
        });
        await fx.emu.admin.clearRequests();
        const clash = await runner("clash", { name: "Other", tables: [product()], adopt: other }).up();
        assert.equal(clash.errors.length, 1);
        assert.match(clash.errors[0]!.message, new RegExp(`dataset ${other} has the tables \\[Orders\\], the program declares \\[Product\\]`));
        assert.equal(await countNamed("Other"), 1, "nothing created");
        assert.equal((await calls()).filter((c) => c.m !== "GET").length, 0, "nothing written");
    });

    it("deletes on destroy", async () => {
        const stack = runner("destroy", { name: "ToDelete", tables: [product()] });
        ok(await stack.up());
        assert.equal(await countNamed("ToDelete"), 1);
        ok(await stack.destroy());
        assert.equal(await countNamed("ToDelete"), 0);
    });

    it("explains a workspace the identity is not a member of", async () => {
        const up = await runner("finance", { name: "X", workspaceId: IDS.financeWorkspaceId, tables: [product()] }).up();
        assert.equal(up.errors.length, 1);
        assert.match(up.errors[0]!.message, /403 PowerBINotAuthorizedException/);
        assert.match(up.errors[0]!.message, /membership .* of workspace 2b6d41f0-93c7-4e8a-b5d2-7a1e0c9f3b64/);
    });

    it("takes a 202 Accepted as a success, like 201", async () => {
        await fx.emu.admin.setNextPowerBiPostStatus(IDS.tenantId, 202);
        const up = await runner("accepted", { name: "Accepted", tables: [product()] }).up();
        ok(up);
        assert.match(String(up.outputs.datasetId), /^[0-9a-f-]{36}$/);
        assert.equal(await countNamed("Accepted"), 1);
    });

    it("adopts an existing dataset by id instead of creating one, and converges its tables", async () => {
        const first = await runner("adopt-src", { name: "Existing", tables: [product()] }).up();
        ok(first);
        const id = String(first.outputs.datasetId);
        await fx.emu.admin.clearRequests();
        const adopted = await runner("adopt", { name: "Existing", adopt: id, tables: [product([{ name: "Extra", dataType: "Boolean" }])] }).up();
        ok(adopted);
        assert.equal(adopted.outputs.datasetId, id);
        const writes = (await calls()).filter((c) => c.m !== "GET").map((c) => `${c.m} ${c.p.split("/").slice(-2).join("/")}`);
        assert.deepEqual(writes, ["PUT tables/Product"], "no POST: the dataset is taken over");
        assert.equal(await countNamed("Existing"), 1);
    });
});
