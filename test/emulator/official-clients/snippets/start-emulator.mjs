// Start the emulator inside a test process instead (a free port each time), from the package's `emulator` entry point.
import { startEmulator } from "pulumi-tenantkit/emulator";

const emu = await startEmulator(); // the default seed; { seed } for your own, { port } for a fixed port
try {
    // emu.url (http), emu.httpsUrl (same port, TLS), emu.caPem (its CA), emu.admin (seed, request log, faults)
    const areas = await fetch(`${emu.url}/devops/fabrikam/_apis/ResourceAreas?api-version=7.2-preview.1`, {
        headers: { authorization: `Basic ${Buffer.from(":devops-pat-alice-code-read").toString("base64")}` },
    });
    const log = await emu.admin.requests({ service: "devops" });
    console.log(
        JSON.stringify({
            https: emu.httpsUrl.startsWith("https://127.0.0.1:"),
            ca: emu.caPem.includes("BEGIN CERTIFICATE"),
            resourceAreas: areas.status,
            logged: log.map((r) => `${r.method} ${r.status}`),
        }),
    );
} finally {
    await emu.close();
}
