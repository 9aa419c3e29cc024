/**
 * "The destroy preview lists the stack twice" (issue 25): it is the CLI's own non-interactive display, not tenantkit.
 * `pulumi destroy --preview-only` runs no program (so neither tenantkit nor our language host takes part), and a
 * Pulumi YAML stack with no tenantkit resource shows the same two lines. docs/dynamic-resources.md ("pulumi destroy --preview-only")
 * says so; when a CLI upgrade prints the stack once, this test fails and the page's note goes.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { CliStack, describeCli, ROOT } from "./pulumi";

const YAML_PROGRAM = path.join(ROOT, "test", "fixtures", "programs", "yaml-minimal");

describeCli("the destroy preview's display", (binDir) => {
    it("`pulumi destroy --preview-only` of a YAML stack without tenantkit prints the stack's delete twice, and counts it once", async () => {
        const stack = await CliStack.create(binDir, { projectDir: YAML_PROGRAM, stack: "destroy-preview" });
        try {
            await stack.up();
            const preview = await stack.ok(["destroy", "--preview-only", "--config-file", stack.configFile]);
            const stackLines = preview.stdout.split("\n").filter((l) => /^ -\s+pulumi:pulumi:Stack yamlprog-destroy-preview delete/.test(l));
            assert.equal(stackLines.length, 2, preview.stdout);
            assert.match(preview.stdout, /- 1 to delete/);
        } finally {
            await stack.dispose();
        }
    });
});
