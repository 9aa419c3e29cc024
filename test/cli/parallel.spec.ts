/**
 * The engine runs independent steps in parallel (the harness serializes them): 50 branding localizations and 50 push
 * datasets without dependsOn, at the CLI's default parallelism, under the emulator's throttle. No write is lost, none
 * is made twice, each audience's token is requested once per provider host, and the throttle's 429s are waited out.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator/server";
import { defaultSeed } from "../../emulator/seeds/default";
import { IDS } from "../support/emulator";
import { CliStack, describeCli, emulatorStackConfig, resourcesOfType, ROOT } from "./pulumi";

const COUNT = 50;
const PER_SECOND = 25;

describeCli("parallel steps of the real engine", (binDir) => {
    let emu: RunningEmulator;
    // The emulator on the real clock: its throttle counts requests per second of its clock.
    before(async () => {
        emu = await startEmulator({});
    });
    after(async () => {
        await emu.close();
    });

    it(`50 localizations and 50 datasets created, refreshed and destroyed in parallel under a ${PER_SECOND} requests/s throttle: each exactly once`, async () => {
        await emu.admin.seed(defaultSeed(new Date()));
        const localesBefore = Object.keys((await emu.admin.branding(IDS.tenantId))?.localizations ?? {});
        const stack = await CliStack.create(binDir, {
            projectDir: path.join(ROOT, "test", "fixtures", "programs", "parallel"),
            stack: "parallel",
            config: { ...emulatorStackConfig(emu.url), "parallelprog:count": String(COUNT), "parallelprog:workspaceId": IDS.salesWorkspaceId },
        });
        try {
            await emu.admin.throttle({ perSecond: PER_SECOND, retryAfter: "1" });
            await emu.admin.clearRequests();
            await stack.up();

            const outputs = await stack.outputs();
            const locales = outputs.locales as string[];
            const branding = await emu.admin.branding(IDS.tenantId);
            for (const [i, locale] of locales.entries()) {
                assert.equal(branding?.localizations[locale]?.signInPageText, `Sign-in text ${i}`, `localization ${locale} lost its write`);
            }
            const datasets = (await emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name.startsWith("Parallel"));
            assert.equal(datasets.length, COUNT, "a dataset is missing or was made twice");
            assert.equal(new Set(datasets.map((d) => d.name)).size, COUNT, "two datasets of one name");
            const ids = resourcesOfType((await stack.exportState()).deployment, "tenantkit:PushDataset")
                .map((r) => r.id)
                .sort();
            assert.deepEqual(ids, datasets.map((d) => d.id).sort(), "state and the service disagree on the datasets");

            const requests = await emu.admin.requests();
            const tokens = requests.filter((r) => r.method === "POST" && /\/oauth2\/v2\.0\/token$/.test(r.path));
            const scopes = tokens.map((r) => new URLSearchParams(r.bodyText ?? "").get("scope")).sort();
            assert.deepEqual(scopes, [...new Set(scopes)], `more than one token request for an audience: ${scopes.join(", ")}`);
            const posts = requests.filter((r) => r.method === "POST" && /\/datasets$/.test(r.path) && r.status >= 200 && r.status < 300);
            assert.equal(posts.length, COUNT, "a dataset POST succeeded more than once");
            const throttled = requests.filter((r) => r.status === 429).length;
            assert.ok(throttled > 0, "the throttle never answered 429: the test did not load the service");

            await stack.expectNoChanges();
            await stack.refresh(["--expect-no-changes"]);
            await stack.destroy();
            assert.deepEqual(Object.keys((await emu.admin.branding(IDS.tenantId))?.localizations ?? {}).sort(), [...localesBefore].sort());
            assert.deepEqual(
                (await emu.admin.powerBi(IDS.tenantId)).datasets.filter((d) => d.name.startsWith("Parallel")),
                [],
            );
        } finally {
            await emu.admin.throttle(null);
            await stack.dispose();
        }
    });
});
