/**
 * Which api-versions the push GET serves, against what the location service reports for git/pushes (min 1.0,
 * released 7.1, max 7.2, resource version 3), and the service's 400 for the others (emulator/devops/locations.ts).
 */
import { strict as assert } from "node:assert";
import { devops, devopsError, pushPath } from "./devops-helpers";
import { IDS, useEmulator } from "../support/emulator";

describe("emulator: Azure DevOps api-version of the push GET", () => {
    const f = useEmulator();
    const PUSH = pushPath(IDS.devopsWebRepositoryName, 1, IDS.devopsWebProjectName);

    async function refusal(version: string): Promise<{ typeKey: string; message: string }> {
        const res = await devops(f.emu, PUSH, `api-version=${encodeURIComponent(version)}`);
        assert.equal(res.status, 400, `${version}: ${res.text}`);
        return devopsError(res);
    }

    it("serves the released versions from 1.0 to 7.1", async () => {
        for (const version of ["1.0", "4.1", "5.0", "6.0", "7.0", "7.1"]) {
            const res = await devops(f.emu, PUSH, `api-version=${version}`);
            assert.equal(res.status, 200, `${version}: ${res.text}`);
        }
    });

    it("serves the previews up to 7.2 and resource version 3, what azure-devops-node-api negotiates to", async () => {
        for (const version of ["7.2-preview", "7.2-preview.1", "7.2-preview.3", "7.1-preview.1", "7.1-preview", "5.1-preview.2"]) {
            const res = await devops(f.emu, PUSH, `api-version=${version}`);
            assert.equal(res.status, 200, `${version}: ${res.text}`);
        }
    });

    it("refuses 7.2 without -preview with VssInvalidPreviewVersionException", async () => {
        const err = await refusal("7.2");
        assert.equal(err.typeKey, "VssInvalidPreviewVersionException");
        assert.equal(
            err.message,
            'The requested version "7.2" of the resource is under preview. The -preview flag must be supplied in the api-version for such requests. For example: "7.2-preview"',
        );
    });

    it("refuses a version above 7.2 with VssVersionOutOfRangeException naming 7.2", async () => {
        for (const version of ["7.3", "8.0-preview.1"]) {
            const err = await refusal(version);
            assert.equal(err.typeKey, "VssVersionOutOfRangeException", version);
            assert.match(
                err.message,
                /^The requested REST API version of (7\.3|8\.0) is out of range for this server\. The latest REST API version this server supports is 7\.2\.$/,
            );
        }
    });

    it("refuses a resource version above 3 and a version below 1.0", async () => {
        assert.equal((await refusal("7.2-preview.4")).typeKey, "VssVersionOutOfRangeException");
        assert.equal((await refusal("0.9")).typeKey, "VssVersionNotSupportedException");
    });

    it("refuses a malformed version with VssInvalidApiResourceVersionException", async () => {
        for (const version of ["7", "latest", "7.1-beta", "v7.1"]) {
            const err = await refusal(version);
            assert.equal(err.typeKey, "VssInvalidApiResourceVersionException", version);
            assert.match(err.message, /^Invalid api version string: /);
        }
    });
});
