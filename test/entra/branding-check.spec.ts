/**
 * What a branding's check says of values a rule lists (core/model/schemaOf.ts derives them from the definition): the
 * enumerations' messages, a nested object's unknown key, the default it applies, each on the property's path.
 */
import { strict as assert } from "node:assert";
import { handler } from "../../provider/entra/branding/handler";
import { handler as localizationHandler } from "../../provider/entra/brandingLocalization/handler";
import { configureOffline } from "../support/offlineConfig";

const check = async (news: Record<string, unknown>, h = handler) => {
    await configureOffline(h);
    return h.check!({}, news);
};

describe("OrganizationalBranding check, from the definition's rules", () => {
    it("refuses a layout template type it does not list, naming both it does", async () => {
        const r = await check({ loginPageLayoutConfiguration: { layoutTemplateType: "horizontalSplit" } });
        assert.deepEqual(r.failures, [{ property: "loginPageLayoutConfiguration.layoutTemplateType", reason: "must be default or verticalSplit" }]);
    });

    it("refuses an onDestroy it does not know, naming the three it does", async () => {
        const r = await check({ onDestroy: "delete" });
        assert.deepEqual(r.failures, [{ property: "onDestroy", reason: 'must be "restore", "reset" or "retain"' }]);
    });

    it("names an unknown key inside a nested object by its path", async () => {
        const r = await check({ loginPageTextVisibilitySettings: { hideForgotMyPasword: true } });
        assert.deepEqual(r.failures, [
            { property: "loginPageTextVisibilitySettings.hideForgotMyPasword", reason: 'unknown property "hideForgotMyPasword": check its spelling' },
        ]);
    });

    it("gives onDestroy its default, restore, when the program leaves it unset", async () => {
        const r = await check({ signInPageText: "Welcome" });
        assert.deepEqual(r.failures, []);
        assert.deepEqual(r.inputs, { signInPageText: "Welcome", onDestroy: "restore" });
    });

    it("lists a localization's locale failure after its branding properties' failures", async () => {
        const r = await check({ locale: "french", backgroundColor: "blue" }, localizationHandler);
        assert.deepEqual(
            (r.failures ?? []).map((f) => f.property),
            ["backgroundColor", "locale"],
        );
    });
});
