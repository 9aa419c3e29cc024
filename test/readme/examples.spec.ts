/**
 * The READMEs of examples/python and examples/go give a user both routes, as equals, after one setup: `pulumi up` with
 * Pulumi's language host, and the Automation API driver without it (which test/cli/plugin-programs.spec.ts runs by
 * these very commands). Before, their steps ended in `pulumi up`, which stops with `no language plugin
 * 'pulumi-language-python' found` where the host is missing, and the driver was labelled "for CI, not for you".
 */
import { strict as assert } from "node:assert";
import { pageCommands } from "./commands";

for (const example of ["python", "go"]) {
    const readme = `examples/${example}/README.md`;

    describe(`${readme}'s routes`, () => {
        it("sets up the stack once, for both routes", () => {
            const setup = pageCommands(readme, "setup");
            assert.ok(setup.includes("pulumi stack init dev"), setup.join("\n"));
            assert.ok(
                setup.some((c) => c.startsWith("pulumi plugin install resource tenantkit ")),
                setup.join("\n"),
            );
        });

        it("gives `pulumi up` with Pulumi's language host", () => {
            assert.deepEqual(pageCommands(readme, "language host"), ["pulumi up"]);
        });

        it("gives the Automation API driver, run on the same stack, for a machine without the host", () => {
            const commands = pageCommands(readme, "automation api");
            assert.match(commands.at(-1) ?? "", /driver\S* dev up$/);
        });
    });
}
