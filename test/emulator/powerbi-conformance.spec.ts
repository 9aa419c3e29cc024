/**
 * The official Power BI payloads (test/fixtures/conformance/powerbi-*) against the emulator: every request
 * payload is accepted in its URL form, and every response has at least the example's members, with the
 * same JSON types.
 */
import { strict as assert } from "node:assert";
import { conformance } from "../support/conformance";
import { IDS, useEmulator, type Fetched } from "../support/emulator";
import { base, createDataset, pbi, pbiToken } from "./powerbi-helpers";

type Obj = Record<string, unknown>;

/** Asserts that `actual` has every member of `example`, recursively, with the same JSON type. */
function assertShape(actual: unknown, example: unknown, at = "$"): void {
    const kind = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
    assert.equal(kind(actual), kind(example), `${at}: type`);
    if (Array.isArray(example) && Array.isArray(actual)) {
        assert.ok(actual.length >= 1, `${at}: not empty`);
        example.forEach((item, i) => assertShape(actual[Math.min(i, actual.length - 1)], item, `${at}[${i}]`));
    } else if (kind(example) === "object") {
        for (const [key, value] of Object.entries(example as Obj)) {
            assert.ok(key in (actual as Obj), `${at}.${key}: missing`);
            assertShape((actual as Obj)[key], value, `${at}.${key}`);
        }
    }
}

describe("emulator Power BI conformance", () => {
    const f = useEmulator();
    let token: string;
    beforeEach(async () => {
        token = await pbiToken(f.emu);
    });

    for (const [suffix, group] of [
        ["", undefined],
        ["-in-group", IDS.salesWorkspaceId],
    ] as const) {
        it(`accepts powerbi-post-dataset${suffix}.request.json and answers the shape of its response`, async () => {
            const res = await pbi(
                f.emu,
                "POST",
                `${base(group)}/datasets?defaultRetentionPolicy=basicFIFO`,
                token,
                conformance(`powerbi-post-dataset${suffix}.request.json`),
            );
            assert.equal(res.status, 201, res.text);
            const example = conformance<Obj>(`powerbi-post-dataset${suffix}.response.json`);
            assertShape(res.json, example);
            assert.equal((res.json as Obj).defaultRetentionPolicy, example.defaultRetentionPolicy);
        });

        it(`answers GetDataset(s)${suffix} in the shape of the official examples`, async () => {
            const id = await createDataset(f.emu, token, group, conformance(`powerbi-post-dataset${suffix}.request.json`));
            assertShape(
                (await pbi(f.emu, "GET", `${base(group)}/datasets/${id}`, token)).json,
                conformance(`powerbi-get-dataset${suffix}.response.json`),
            );
            assertShape((await pbi(f.emu, "GET", `${base(group)}/datasets`, token)).json, conformance(`powerbi-get-datasets${suffix}.response.json`));
        });

        it(`accepts powerbi-put-table${suffix} and powerbi-post-rows${suffix}`, async () => {
            const id = await createDataset(f.emu, token, group, conformance(`powerbi-post-dataset${suffix}.request.json`));
            const put: Fetched = await pbi(
                f.emu,
                "PUT",
                `${base(group)}/datasets/${id}/tables/Product`,
                token,
                conformance(`powerbi-put-table${suffix}.request.json`),
            );
            assert.equal(put.status, 200, put.text);
            assertShape(put.json, conformance(`powerbi-put-table${suffix}.response.json`));
            const rows = await pbi(
                f.emu,
                "POST",
                `${base(group)}/datasets/${id}/tables/Product/rows`,
                token,
                conformance(`powerbi-post-rows${suffix}.request.json`),
            );
            assert.equal(rows.status, 200, rows.text);
            const [stored] = (await f.emu.admin.powerBi(IDS.tenantId)).datasets;
            assert.equal(stored.tables[0].rowCount, 3);
            assert.ok(stored.tables[0].columns.some((c) => c.name === "NewColumn" && c.dataType === "String"));
        });
    }

    it("spells Dataset members in camelCase as the official examples do, never the swagger's PascalCase", async () => {
        // The swagger's definitions write IsRefreshable, CreatedDate, IsEffectiveIdentityRequired, ... and
        // `odata.context`; every official example response writes isRefreshable, ... (DESIGN.md, "Power BI casing").
        const pascal = [
            "IsRefreshable",
            "CreatedDate",
            "ContentProviderType",
            "IsEffectiveIdentityRequired",
            "IsEffectiveIdentityRolesRequired",
            "IsOnPremGatewayRequired",
            "IsInPlaceSharingEnabled",
            "CreateReportEmbedURL",
            "QnaEmbedURL",
            "Encryption",
        ];
        const id = await createDataset(f.emu, token, IDS.salesWorkspaceId, conformance("powerbi-post-dataset-in-group.request.json"));
        const one = (await pbi(f.emu, "GET", `${base(IDS.salesWorkspaceId)}/datasets/${id}`, token)).json as Obj;
        const list = (await pbi(f.emu, "GET", `${base(IDS.salesWorkspaceId)}/datasets`, token)).json as { value: Obj[] } & Obj;
        for (const dataset of [one, ...list.value]) {
            for (const key of Object.keys(dataset)) assert.match(key, /^(@odata\.context|[a-z][A-Za-z]*)$/, `member ${key}`);
            for (const key of pascal) assert.ok(!(key in dataset), `no ${key}`);
            assert.equal(typeof dataset.isRefreshable, "boolean");
            assert.equal(typeof dataset.createdDate, "string");
        }
        assert.ok("@odata.context" in list && !("odata.context" in list), "the wrapper member is @odata.context");
    });

    it("accepts powerbi-post-dataset-advanced.request.json (measures, relationships, lower-case types)", async () => {
        const res = await pbi(f.emu, "POST", "/v1.0/myorg/datasets", token, conformance("powerbi-post-dataset-advanced.request.json"));
        assert.equal(res.status, 201, res.text);
        const [stored] = (await f.emu.admin.powerBi(IDS.tenantId)).datasets;
        assert.deepEqual(
            stored.tables.map((t) => t.name),
            ["Date", "sales", "forecast"],
        );
        assert.equal(stored.tables[1].measures?.[0].name, "percent to forecast");
        assert.deepEqual(
            stored.relationships.map((r) => r.crossFilteringBehavior),
            ["BothDirections", "BothDirections"],
        );
    });

    it("answers an expired token with exactly the official TokenExpired body", async () => {
        f.clock.advance(2 * 3600_000);
        const res = await pbi(f.emu, "GET", "/v1.0/myorg/datasets", token);
        assert.equal(res.status, 403);
        assert.deepEqual(res.json, conformance("powerbi-error-tokenexpired.response.json"));
    });
});
