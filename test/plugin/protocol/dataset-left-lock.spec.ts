/**
 * Regression (issue 49, defect 9): a create held the dataset's name with a lock directory in the program's
 * `.tenantkit/claims/`, and waited while a live process owned it: a lock an unrelated live process owned (a reused
 * pid) made `pulumi up` wait for ten minutes and ignore Ctrl-C, and an empty one was waited on for ten minutes too.
 * Nothing a create does depends on a file any more: the lock an earlier version left in the folder is not looked at.
 */
import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { IDS, useEmulator } from "../../support/emulator";
import { DATASET, datasetInputs, usePluginProcesses } from "./fixtures";

describe("regression: a dataset create never waits on a lock left in the program's folder", function () {
    this.timeout(60_000);
    const fx = useEmulator();
    const { provider, dir } = usePluginProcesses(fx, "left-lock");

    /** The lock directory the version before issue 49 took for a name in a workspace, owned by `owner` (or empty). */
    const leaveLock = (name: string, owner?: number) => {
        const key = createHash("sha256").update(`${IDS.salesWorkspaceId.toLowerCase()}\n${name}`).digest("hex").slice(0, 32);
        const lock = path.join(dir(), ".tenantkit", "claims", `name-${key}.lock`);
        fs.mkdirSync(lock, { recursive: true });
        if (owner !== undefined) fs.writeFileSync(path.join(lock, "owner.json"), JSON.stringify({ pid: owner, since: new Date().toISOString() }));
    };

    for (const [what, owner] of [
        ["owned by a live process", process.pid],
        ["empty", undefined],
    ] as const) {
        it(`a lock ${what}: the create finishes within seconds`, async () => {
            leaveLock("Locked", owner);
            const p = await provider();
            const checked = await p.client.check({ type: DATASET, news: datasetInputs("Locked") });
            const started = Date.now();
            const created = await p.client.create({ type: DATASET, properties: checked.inputs });
            assert.ok(Date.now() - started < 10_000, `the create took ${(Date.now() - started) / 1000} s`);
            assert.deepEqual(
                (await fx.emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name === "Locked").map((d) => d.id),
                [created.id],
            );
        });
    }
});
