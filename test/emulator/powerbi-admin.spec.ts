/**
 * The Power BI admin API of the emulator: inspection, out-of-band deletion and schema drift, workspaces,
 * the lost-response switch, and persistence of datasets across emulator processes on one state file.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { EmulatorAdminError } from "../../emulator/client";
import { startEmulator } from "../../emulator/server";
import { IDS, useEmulator } from "../support/emulator";
import { base, createDataset, pbi, pbiToken, simpleDataset } from "./powerbi-helpers";

describe("emulator Power BI admin API", () => {
    const f = useEmulator();

    it("shows the seeded workspaces and the datasets with their tables", async () => {
        const before = await f.emu.admin.powerBi(IDS.domain);
        assert.deepEqual(
            before.workspaces.map((w) => w.name),
            ["Sales", "Finance"],
        );
        assert.equal(before.workspaces[0].id, IDS.salesWorkspaceId);
        const id = await createDataset(f.emu, await pbiToken(f.emu), IDS.salesWorkspaceId);
        const [d] = (await f.emu.admin.powerBi(IDS.tenantId)).datasets;
        assert.equal(d.id, id);
        assert.equal(d.workspaceId, IDS.salesWorkspaceId);
        assert.deepEqual(d.tables[0].columns, [
            { name: "ProductID", dataType: "Int64" },
            { name: "Name", dataType: "String" },
        ]);
    });

    it("deletes a dataset out of band, after which the API answers 404", async () => {
        const token = await pbiToken(f.emu);
        const id = await createDataset(f.emu, token);
        await f.emu.admin.deletePowerBiDataset(IDS.tenantId, id);
        assert.equal((await pbi(f.emu, "GET", `/v1.0/myorg/datasets/${id}`, token)).status, 404);
        await assert.rejects(f.emu.admin.deletePowerBiDataset(IDS.tenantId, id), (e: unknown) => e instanceof EmulatorAdminError && e.status === 404);
    });

    it("changes a table's columns out of band, seen by GetTables, and validates the change", async () => {
        const token = await pbiToken(f.emu);
        const id = await createDataset(f.emu, token);
        await f.emu.admin.updatePowerBiTable(IDS.tenantId, id, "product", { columns: [{ name: "ProductID", dataType: "Double" }] });
        const tables = await pbi(f.emu, "GET", `/v1.0/myorg/datasets/${id}/tables`, token);
        assert.deepEqual((tables.json as { value: unknown[] }).value, [{ name: "Product", columns: [{ name: "ProductID", dataType: "Double" }] }]);
        await assert.rejects(
            f.emu.admin.updatePowerBiTable(IDS.tenantId, id, "Product", { columns: [{ name: "x", dataType: "Blob" as "Int64" }] }),
            (e: unknown) => e instanceof EmulatorAdminError && e.status === 400,
        );
        await assert.rejects(
            f.emu.admin.updatePowerBiTable(IDS.tenantId, id, "Nope", {}),
            (e: unknown) => e instanceof EmulatorAdminError && e.status === 404,
        );
    });

    it("adds a workspace whose members may use it", async () => {
        const ws = await f.emu.admin.addPowerBiWorkspace(IDS.tenantId, { name: "Ops", members: [IDS.quickstartClientId] });
        assert.equal((await pbi(f.emu, "GET", `${base(ws.id)}/datasets`, await pbiToken(f.emu))).status, 200);
        await assert.rejects(
            f.emu.admin.addPowerBiWorkspace(IDS.tenantId, { id: ws.id, name: "Again" }),
            (e: unknown) => e instanceof EmulatorAdminError && e.status === 409,
        );
        await assert.rejects(
            f.emu.admin.addPowerBiWorkspace(IDS.tenantId, { id: "nope", name: "Bad" }),
            (e: unknown) => e instanceof EmulatorAdminError && e.status === 400,
        );
    });

    it("stores the dataset but loses the response of the next POST, once", async () => {
        const token = await pbiToken(f.emu);
        await f.emu.admin.loseNextPowerBiPostResponse(IDS.tenantId);
        await assert.rejects(pbi(f.emu, "POST", `${base(IDS.salesWorkspaceId)}/datasets`, token, simpleDataset("Lost")));
        const list = await pbi(f.emu, "GET", `${base(IDS.salesWorkspaceId)}/datasets`, token);
        assert.deepEqual(
            (list.json as { value: { name: string }[] }).value.map((d) => d.name),
            ["Lost"],
            "created exactly once",
        );
        const [entry] = await f.emu.admin.requests({ service: "powerbi", method: "POST" });
        assert.equal(entry.status, 0);
        assert.equal(entry.fault, "lostResponse");
        assert.equal((await pbi(f.emu, "POST", "/v1.0/myorg/datasets", token, simpleDataset())).status, 201, "the next POST answers");
    });

    it("refuses a next-post-status other than 201 or 202", async () => {
        await assert.rejects(
            f.emu.admin.setNextPowerBiPostStatus(IDS.tenantId, 200 as 201),
            (e: unknown) => e instanceof EmulatorAdminError && e.status === 400,
        );
    });
});

describe("emulator Power BI persistence", () => {
    it("shares datasets between two emulators on one state file", async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-pbi-"));
        const statePath = path.join(dir, "state.json");
        const a = await startEmulator({ statePath });
        const b = await startEmulator({ statePath });
        try {
            const id = await createDataset(a, await pbiToken(a), IDS.salesWorkspaceId);
            const got = await pbi(b, "GET", `${base(IDS.salesWorkspaceId)}/datasets/${id}`, await pbiToken(b));
            assert.equal(got.status, 200);
            assert.equal((got.json as { id: string }).id, id);
        } finally {
            await a.close();
            await b.close();
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});

describe("emulator Power BI seed", () => {
    const f = useEmulator();

    it("refuses a seed whose workspaces are invalid, naming each problem", async () => {
        const state = await f.emu.admin.state();
        const tenant = { ...state.tenants[0], powerbi: { workspaces: [{ id: "x", name: "", members: "all" as unknown as string[] }], datasets: [] } };
        await assert.rejects(
            f.emu.admin.seed({ tenants: [tenant] }),
            (e: unknown) =>
                e instanceof EmulatorAdminError &&
                e.status === 400 &&
                /workspaces\[0\]\.id/.test(e.body) &&
                /workspaces\[0\]\.name/.test(e.body) &&
                /workspaces\[0\]\.members/.test(e.body),
        );
    });
});
