/**
 * A program copied from Microsoft's docs, with the lowercase spellings the official payloads write, passes the type
 * check the Node.js SDK runs before the program, and `pulumi preview` plans the dataset.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { useEmulator } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, ROOT } from "./pulumi";

describeCli("the docs' spellings through the real CLI", (binDir) => {
    const fx = useEmulator();

    it("pulumi preview of a dataset with dataType int64/dateTime/string/bool, summarizeBy none/sum and bothDirections plans it", async () => {
        const stack = await CliStack.create(binDir, {
            projectDir: path.join(ROOT, "test", "fixtures", "programs", "docs-spellings"),
            stack: "docs",
            config: emulatorStackConfig(fx.emu.url),
            // The test runner registers ts-node transpile-only through this variable, which the program's ts-node
            // would inherit; a user's `pulumi preview` type-checks.
            env: { TS_NODE_TRANSPILE_ONLY: "false" },
        });
        try {
            const preview = await stack.preview();
            assert.doesNotMatch(preview.output, /TS\d{4}/);
            assert.match(preview.stdout, /\+ 2 to create/);
        } finally {
            await stack.dispose();
        }
    });
});
