/**
 * Regression (issue 49, defect 4): a branding value that changed in the tenant outside tenantkit's writes (in the admin
 * center, or given back by the delete of a resource this one replaced, which the engine runs after the replacement's
 * create for `pulumi up --replace` and a rename without an alias) left the state saying the program's value while the
 * tenant showed another, and a no-change preview passed: state and tenant disagreed, silently. Now the diff compares
 * the tenant with what tenantkit observed after its last write: the preview shows an update and says why, the up writes
 * the program's value again and records the tenant's as what destroy gives back.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { LifecycleRunner, type RunResult } from "../../harness/lifecycle";
import type { StackConfig } from "../../harness/wire";
import { IDS, useEmulator } from "../support/emulator";
import { emulatorConfig, useStateDir } from "../support/stacks";

const PROGRAM = path.resolve(__dirname, "..", "fixtures", "programs", "branding", "index.ts");
const TYPE = "pulumi-nodejs:dynamic/tenantkit:OrganizationalBranding";
const LOC_TYPE = "pulumi-nodejs:dynamic/tenantkit:OrganizationalBrandingLocalization";

describe("regression: a branding changed outside tenantkit's writes is seen at preview", function () {
    this.timeout(120_000);
    const fx = useEmulator();
    const states = useStateDir("tk-drift-", { hostCwd: true });
    const runner = (stack: string, props: object, localizations?: object) => {
        const config: StackConfig = { ...emulatorConfig(fx), "brandprog:props": JSON.stringify(props) };
        if (localizations) config["brandprog:localizations"] = JSON.stringify(localizations);
        return new LifecycleRunner({ programPath: PROGRAM, cwd: states.dir, statePath: states.statePath(stack), project: "brandprog", config });
    };
    const ok = (r: RunResult) => assert.deepEqual(r.errors, [], JSON.stringify(r.errors, null, 2));
    const ops = (r: RunResult, type = TYPE) => r.steps.filter((s) => s.type === type).map((s) => s.op);
    const branding = async () => (await fx.emu.admin.branding(IDS.tenantId))!;
    const props = { signInPageText: "Managed", backgroundColor: "#102030" };

    it("a text given back to the tenant's own value: the preview updates it and says why; the up writes it again, and destroy restores the tenant's", async () => {
        ok(await runner("given-back", props).up());
        // What a replaced resource's delete does after its replacement's create: the tenant's values, back.
        await fx.emu.admin.updateBranding(IDS.tenantId, "0", { signInPageText: "Contoso" });

        const preview = await runner("given-back", props).preview();
        ok(preview);
        assert.deepEqual(ops(preview), ["update"], "the preview passed with no change while the tenant shows another text");
        assert.ok(
            preview.logs.stderr.some((l) => /the tenant shows other values than tenantkit last wrote for signInPageText/.test(l)),
            `the preview did not say why: ${preview.logs.stderr.join("\n")}`,
        );

        await fx.emu.admin.clearRequests();
        ok(await runner("given-back", props).up());
        assert.equal((await branding()).default.signInPageText, "Managed");
        const patches = (await fx.emu.admin.requests({ service: "graph", method: "PATCH" })).map((r) => JSON.parse(r.bodyText ?? "{}") as object);
        assert.deepEqual(patches, [{ signInPageText: "Managed" }], "only the drifted text is written again");
        assert.deepEqual(ops(await runner("given-back", props).preview()), ["same"], "the preview after the up is not quiet");

        ok(await runner("given-back", props).destroy());
        const after = await branding();
        assert.deepEqual([after.default.signInPageText, after.default.backgroundColor], ["Contoso", "#0F6CBD"]);
    });

    it("a value changed in the admin center is written again at the next up, and destroy gives back the admin center's", async () => {
        ok(await runner("portal", props).up());
        await fx.emu.admin.updateBranding(IDS.tenantId, "0", { backgroundColor: "#ABCDEF" });
        ok(await runner("portal", props).up());
        assert.equal((await branding()).default.backgroundColor, "#102030");
        ok(await runner("portal", props).destroy());
        assert.equal((await branding()).default.backgroundColor, "#ABCDEF", "the tenant's latest own value is what it gets back");
    });

    it("a localization deleted outside tenantkit: the preview updates it, the up creates it again, and destroy deletes it", async () => {
        const localizations = { "fr-FR": { signInPageText: "Accès réservé" } };
        ok(await runner("loc-gone", props, localizations).up());
        await fx.emu.admin.deleteBrandingLocalization(IDS.tenantId, "fr-FR");

        const preview = await runner("loc-gone", props, localizations).preview();
        ok(preview);
        assert.deepEqual(ops(preview, LOC_TYPE), ["update"]);
        ok(await runner("loc-gone", props, localizations).up());
        assert.equal((await branding()).localizations["fr-FR"]?.signInPageText, "Accès réservé");
        ok(await runner("loc-gone", props, localizations).destroy());
        assert.equal((await branding()).localizations["fr-FR"], undefined);
    });

    it("a value the service shows as tenantkit wrote it is no drift: a second preview reads the branding and changes nothing", async () => {
        ok(await runner("quiet", props).up());
        await fx.emu.admin.clearRequests();
        const preview = await runner("quiet", props).preview();
        assert.deepEqual(ops(preview), ["same"]);
        const reads = (await fx.emu.admin.requests({ service: "graph" })).filter((r) => /branding$/.test(r.path));
        assert.equal(reads.length, 1, "the diff reads the branding once");
    });
});
