/**
 * What every language's program over the provider plugin is held to (test/cli/plugin-*.spec.ts): the same branding,
 * localization, dataset in a named workspace and two lookups, through preview, up, a preview with no changes, a refresh
 * with none, an update and destroy, the emulator's state checked after each step. Each language brings a way to run one step.
 * Not a spec file.
 */
import { strict as assert } from "node:assert";
import type { EmulatorFixture } from "../support/emulator";
import { IDS } from "../support/emulator";

/** One step of the lifecycle in some language; `config` holds the program's own settings (greeting, idType). */
export interface ProgramRunner {
    preview(): Promise<string>;
    up(): Promise<string>;
    /** A preview that must show no change. */
    expectNoChanges(): Promise<void>;
    /**
     * A refresh that must find no change (`--expect-no-changes`): the engine diffs what it read against the inputs in
     * state, as the `up` of an unchanged program would (RefreshStep in pkg/resource/deploy), so it stands for a second
     * preview after the refresh.
     */
    refreshExpectNoChanges(): Promise<void>;
    setConfig(key: "greeting" | "idType", value: string): Promise<void>;
    outputs(): Promise<Record<string, unknown>>;
    destroy(): Promise<void>;
}

export async function provesLifecycle(fx: EmulatorFixture, run: ProgramRunner): Promise<void> {
    const before = await fx.emu.admin.branding(IDS.tenantId);

    const preview = await run.preview();
    assert.match(preview, /tenantkit:powerbi:PushDataset +sales +create|create.*tenantkit:powerbi:PushDataset/);
    assert.equal((await datasets(fx)).length, 0, "a preview created the dataset");

    await run.up();
    const dataset = await expectDeployed(fx);
    const outputs = await run.outputs();
    assert.equal(outputs.datasetId, dataset.id);
    assert.equal(outputs.tapUsable, true);
    assert.equal(outputs.pushedBy, "Chuck Reinhart");
    assert.ok(Array.isArray(outputs.cdnList) && outputs.cdnList.length > 0, `cdnList: ${JSON.stringify(outputs.cdnList)}`);

    await run.expectNoChanges();
    await run.refreshExpectNoChanges();

    await run.setConfig("greeting", "Hello again");
    await run.setConfig("idType", "Double");
    await run.up();
    const [updated] = await datasets(fx);
    assert.equal(updated?.id, dataset.id, "changing a column's type replaced the dataset");
    assert.equal(updated?.tables[0]?.columns[0]?.dataType, "Double");
    assert.equal((await fx.emu.admin.branding(IDS.tenantId))?.default.signInPageText, "Hello again");
    await run.expectNoChanges();

    await run.destroy();
    await expectRemoved(fx, before);
}

const datasets = async (fx: EmulatorFixture) => (await fx.emu.admin.powerBi(IDS.tenantId)).datasets;

type Branding = Awaited<ReturnType<EmulatorFixture["emu"]["admin"]["branding"]>>;

/** The emulator as `up` of the program with its default settings leaves it: the dataset (returned), branding and localization. */
export async function expectDeployed(fx: EmulatorFixture): Promise<{ id: string }> {
    const [dataset] = await datasets(fx);
    assert.ok(dataset, "up made no dataset");
    assert.equal(dataset.name, "SalesMarketing");
    assert.equal(dataset.workspaceId, IDS.salesWorkspaceId);
    assert.deepEqual(
        dataset.tables.map((t) => t.columns.map((c) => `${c.name}:${c.dataType}`)),
        [["ProductID:Int64", "Name:String"]],
    );
    const branding = await fx.emu.admin.branding(IDS.tenantId);
    assert.equal(branding?.default.signInPageText, "Welcome to Contoso");
    assert.equal(branding?.default.backgroundColor, "#102030");
    assert.equal(branding?.localizations["fr-FR"]?.signInPageText, "Bienvenue chez Contoso");
    return dataset;
}

/** The emulator after `destroy`: no dataset, the sign-in text of `before` (the branding before `up`), no localization. */
export async function expectRemoved(fx: EmulatorFixture, before: Branding): Promise<void> {
    assert.deepEqual(await datasets(fx), []);
    const after = await fx.emu.admin.branding(IDS.tenantId);
    assert.equal(after?.default.signInPageText, before?.default.signInPageText, "destroy did not restore the sign-in text");
    assert.equal(after?.localizations["fr-FR"], undefined, "destroy left the localization");
}
