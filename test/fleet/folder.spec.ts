/**
 * The stacks' folder: the runner writes the fleet's Pulumi.yaml where there is none, and refuses, before any stack
 * runs, a folder whose Pulumi.yaml names another project (its stacks would be that project's). No `pulumi` runs here:
 * a fleet of no tenant goes as far as the folder's check.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Fleet } from "../../provider/fleet/fleetFile";
import { runFleet } from "../../provider/fleet/run";

describe("fleet: the stacks' folder", () => {
    let dir = "";
    beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-fleet-folder-"))));
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
    const fleet = (): Fleet => ({ file: path.join(dir, "fleet.yaml"), project: "fleet-test", tenants: [] });
    const pulumiYaml = (text: string) => fs.writeFileSync(path.join(dir, "Pulumi.yaml"), text);

    it("a Pulumi.yaml naming another project is refused, naming both projects and the file", async () => {
        pulumiYaml("runtime: nodejs\nname: billing\n");
        await assert.rejects(runFleet(fleet(), "preview"), {
            message: `${path.join(dir, "Pulumi.yaml")} names the project billing, the fleet file fleet-test: give the fleet its own folder, or the same project name in both`,
        });
    });

    it("a Pulumi.yaml naming the fleet's project in any YAML spelling is the fleet's", async () => {
        pulumiYaml("# the fleet's stacks\nname: 'fleet-test' # as the fleet file says\nruntime:\n  name: nodejs\n");
        const r = await runFleet(fleet(), "preview");
        assert.deepEqual(r.rows, []);
    });

    it("a Pulumi.yaml naming no project is refused", async () => {
        pulumiYaml("runtime: nodejs\n");
        await assert.rejects(runFleet(fleet(), "preview"), /names the project \(none\), the fleet file fleet-test/);
    });
});
