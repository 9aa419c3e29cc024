/**
 * Hostile input (issue 8), paths: identifiers that try to leave their URL path segment (`../`, `/`, `?`, `#`, `%2F`,
 * control characters, very long strings) in every identifier that goes into a URL, and files that are not what
 * an image property accepts. Each identifier is either refused by check with its property path, or reaches exactly
 * the object it names: the emulator is seeded with objects bearing those names, and its request log shows one path,
 * the intended one. Bad files fail at preview, through the real provider host, with the file name in the reason.
 */
import { strict as assert } from "node:assert";
import { randomUUID } from "node:crypto";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import type { Seed } from "../../emulator/client";
import { defaultSeed } from "../../emulator/seeds/default";
import { getGitPush } from "../../provider/devops/gitPush";
import { getTemporaryAccessPassMethods } from "../../provider/entra/temporaryAccessPass";
import { IDS, T0, useEmulator } from "../support/emulator";
import { type ProviderHost, startHost } from "../../harness/host";
import { serializeProvider } from "../../harness/serialize";
import { emulatorConfig } from "../support/stacks";
import { rejectionOf } from "../support/rejection";
import { BAD_FILES, configuredHandler, fileAsset, IMAGE_PROPERTIES, type ImageProperty, useProgramFolder } from "./hostile-support";

const enc = encodeURIComponent;
const LONG = "x".repeat(10_000);
/** Values that no guid-valued identifier may take. */
const NOT_GUIDS = [
    "..",
    ".",
    "../",
    "/",
    "?",
    "#",
    "%2F",
    "",
    " ",
    "\u0000",
    LONG,
    `${IDS.salesWorkspaceId}/../x`,
    `${IDS.salesWorkspaceId}?x=1`,
    `${IDS.salesWorkspaceId}#x`,
    `${IDS.salesWorkspaceId}%2F`,
    `${IDS.tenantId}\n`,
];

describe("hostile identifiers and files: refused at preview, or kept in their own path segment", function () {
    this.timeout(60_000);
    const fx = useEmulator();
    const program = useProgramFolder({ chdir: false });

    const requests = async (service: string) => (await fx.emu.admin.requests({ service })).map((r) => `${r.method} ${r.path}`);
    const failedProperties = (r: { failures?: pulumi.dynamic.CheckFailure[] }) => [...new Set((r.failures ?? []).map((f) => f.property))];

    /** Runs `body` with the program-side settings pointing at the emulator. */
    async function asProgram<T>(body: () => Promise<T>): Promise<T> {
        const saved = { ...process.env };
        Object.assign(process.env, {
            TENANTKIT_EMULATOR: fx.emu.url,
            AZURE_TENANT_ID: IDS.tenantId,
            AZURE_CLIENT_ID: IDS.quickstartClientId,
            AZURE_CLIENT_SECRET: IDS.quickstartClientSecret,
        });
        try {
            return await body();
        } finally {
            process.env = saved;
        }
    }

    describe("TemporaryAccessPassMethods user", () => {
        const ACCEPTED = [
            "a/b@contoso.com",
            "../../me@contoso.com",
            "..@contoso.com",
            "x?y=1&z@contoso.com",
            "x#frag@contoso.com",
            "x%2Fy@contoso.com",
            "%2e%2e%2f@contoso.com",
            "back\\slash@contoso.com",
            `${"l".repeat(113)}@${"d".repeat(255)}`,
        ];
        const REFUSED = [
            "..",
            ".",
            "../",
            "/",
            "?",
            "#",
            "%2F",
            "",
            "   ",
            "me",
            "a/b",
            "a\u0000b@contoso.com",
            "a\nb@contoso.com",
            "x\u007f@contoso.com",
            `${"l".repeat(114)}@contoso.com`,
            `a@${"d".repeat(256)}`,
            LONG,
        ];
        const tapPath = (user: string) => `/graph/v1.0/users/${enc(user)}/authentication/temporaryAccessPassMethods`;

        it("reaches exactly the user named, for names full of path characters, from the handler and from the program", async () => {
            const tap = await configuredHandler("entra/temporaryAccessPass", fx);
            for (const user of ACCEPTED) {
                await fx.emu.admin.addUser(IDS.tenantId, { userPrincipalName: user });
                const pass = await fx.emu.admin.setTemporaryAccessPass(IDS.tenantId, user);
                await fx.emu.admin.clearRequests();
                const checked = await tap.check!({}, { user });
                assert.deepEqual(checked.failures ?? [], [], user);
                const created = await tap.create!(checked.inputs);
                assert.equal((created.outs as { method: { id: string } }).method.id, pass.id, `${user}: its own pass`);
                assert.deepEqual(await requests("graph"), [`GET ${tapPath(user)}`], user);

                await fx.emu.admin.clearRequests();
                const r = await asProgram(() => getTemporaryAccessPassMethods({ user }));
                assert.equal(r.method?.id, pass.id);
                assert.deepEqual(await requests("graph"), [`GET ${tapPath(user)}`], user);
            }
        });

        it("refuses the others at preview with the path user, and the program-side function before any request", async () => {
            const tap = await configuredHandler("entra/temporaryAccessPass", fx);
            for (const user of REFUSED) {
                assert.deepEqual(failedProperties(await tap.check!({}, { user })), ["user"], JSON.stringify(user.slice(0, 40)));
                const err = await rejectionOf(asProgram(() => getTemporaryAccessPassMethods({ user })));
                assert.match(err.message, /^getTemporaryAccessPassMethods: invalid arguments: user: /);
            }
            assert.deepEqual(await requests("graph"), []);
        });
    });

    describe("GitPush organization, project, repository and pushId", () => {
        const PROJECT = "p/q?r#s%2Ft";
        const REPOSITORIES = ["../repo?x#y%2Fz\\w", "r".repeat(300), "...."];
        const repoIds = new Map<string, string>();

        beforeEach(async () => {
            // contoso's organization gains a project and repositories named with path characters, each with push 1.
            const seed: Seed = defaultSeed(T0);
            const org = seed.tenants[0]!.devops!.organizations[0]!;
            const template = org.projects[0]!.repositories[0]!.pushes[0]!;
            const repositories = REPOSITORIES.map((name) => {
                const id = randomUUID();
                repoIds.set(name, id);
                return { id, name, pushes: [{ ...template, pushId: 1, refUpdates: template.refUpdates.map((u) => ({ ...u, repositoryId: id })) }] };
            });
            org.projects.push({ id: randomUUID(), name: PROJECT, visibility: "private", repositories: repositories.slice(0, 2) });
            org.projects.push({ id: randomUUID(), name: "...", visibility: "private", repositories: repositories.slice(2) });
            await fx.emu.admin.seed(seed);
            await fx.emu.admin.clearRequests();
        });

        const ACCEPTED: { project?: string; repository: string }[] = [
            { project: PROJECT, repository: REPOSITORIES[0]! },
            { project: PROJECT, repository: REPOSITORIES[1]! },
            { repository: REPOSITORIES[0]! },
            { project: "...", repository: "...." },
        ];
        const pushPath = (a: { project?: string; repository: string }) =>
            `/devops/fabrikam${a.project === undefined ? "" : `/${enc(a.project)}`}/_apis/git/repositories/${enc(a.repository)}/pushes/1`;

        it("reaches exactly the repository named, with or without a project, from the handler and from the program", async () => {
            const handler = await configuredHandler("devops/gitPush", fx);
            for (const a of ACCEPTED) {
                const args = { organization: "fabrikam", ...a, pushId: 1, includeRefUpdates: true };
                const checked = await handler.check!({}, args);
                assert.deepEqual(checked.failures ?? [], [], JSON.stringify(a).slice(0, 80));
                await fx.emu.admin.clearRequests();
                const created = await handler.create!(checked.inputs);
                const push = (created.outs as { push: { pushId: number; refUpdates?: { repositoryId?: string }[] } }).push;
                assert.equal(push.pushId, 1);
                assert.equal(push.refUpdates?.[0]?.repositoryId, repoIds.get(a.repository), "the push of the repository named");
                assert.deepEqual(await requests("devops"), [`GET ${pushPath(a)}`]);

                await fx.emu.admin.clearRequests();
                const fromProgram = await asProgram(() => getGitPush(args));
                assert.equal(fromProgram.refUpdates?.[0]?.repositoryId, repoIds.get(a.repository));
                assert.deepEqual(await requests("devops"), [`GET ${pushPath(a)}`]);
            }
        });

        const REFUSED: Record<string, unknown[]> = {
            organization: [
                "..",
                ".",
                "a/b",
                "fabrikam/../contoso",
                "fabrikam?x=1",
                "fabrikam#x",
                "fab%2Frikam",
                "fab\u0000rikam",
                "x".repeat(51),
                "",
                " ",
                LONG,
            ],
            project: [".", "..", " .. ", "", "a\u0001b", "x".repeat(65), LONG],
            repository: [".", "..", " . ", "", "\u0007", "a\u0000b"],
            pushId: [0, -1, 1.5, 2 ** 31, "1", "1/../2", null],
        };

        it("refuses the others at preview with their path, and the program-side function before any request", async () => {
            const handler = await configuredHandler("devops/gitPush", fx);
            for (const [property, values] of Object.entries(REFUSED)) {
                for (const value of values) {
                    const args = { organization: "fabrikam", project: PROJECT, repository: REPOSITORIES[0]!, pushId: 1, [property]: value };
                    const what = `${property} ${JSON.stringify(value).slice(0, 40)}`;
                    assert.deepEqual(failedProperties(await handler.check!({}, args)), [property], what);
                    const err = await rejectionOf(asProgram(() => getGitPush(args as Parameters<typeof getGitPush>[0])));
                    assert.match(err.message, new RegExp(`^getGitPush: invalid arguments: ${property}: `), what);
                }
            }
            assert.deepEqual(await requests("devops"), []);
        });
    });

    describe("PushDataset workspaceId and adopt", () => {
        const table = { name: "Sales", tables: [{ name: "T", columns: [{ name: "c", dataType: "Int64" }] }] };

        it("refuses a workspaceId that is not a guid, and . or .. as the dataset to adopt, at preview", async () => {
            const handler = await configuredHandler("powerbi/pushDataset", fx);
            for (const workspaceId of NOT_GUIDS)
                assert.deepEqual(
                    failedProperties(await handler.check!({}, { ...table, workspaceId })),
                    ["workspaceId"],
                    JSON.stringify(workspaceId.slice(0, 40)),
                );
            for (const adopt of [".", "..", ""]) assert.deepEqual(failedProperties(await handler.check!({}, { ...table, adopt })), ["adopt"], adopt);
            assert.deepEqual(await requests("powerbi"), []);
        });

        it("looks for a dataset to adopt at its own path only, whatever its id holds, and creates nothing when it is not there", async () => {
            const handler = await configuredHandler("powerbi/pushDataset", fx);
            const collection = `/powerbi/v1.0/myorg/groups/${IDS.salesWorkspaceId}/datasets`;
            for (const adopt of ["a/b", "../x", "..%2F..", "?x=1", "#x", "%2F", "a\u0000b", "line\nbreak", "...", LONG]) {
                const checked = await handler.check!({}, { ...table, workspaceId: IDS.salesWorkspaceId, adopt });
                assert.deepEqual(checked.failures ?? [], [], JSON.stringify(adopt.slice(0, 40)));
                await fx.emu.admin.clearRequests();
                await rejectionOf(handler.create!(checked.inputs));
                const seen = await requests("powerbi");
                const own = `GET ${collection}/${enc(adopt)}`;
                assert.ok(seen.includes(own), `${JSON.stringify(adopt.slice(0, 40))}: ${seen.join(", ").slice(0, 300)}`);
                assert.deepEqual(
                    seen.filter((r) => r !== own && r !== `GET ${collection}`),
                    [],
                    "no request to any other path, and no write",
                );
            }
        });
    });

    describe("OrganizationalBranding organizationId and OrganizationalBrandingLocalization locale", () => {
        it("refuses every value that would not stay a guid or a culture name, at preview with its path", async () => {
            const branding = await configuredHandler("entra/branding", fx);
            const localization = await configuredHandler("entra/brandingLocalization", fx);
            for (const organizationId of NOT_GUIDS) {
                assert.deepEqual(failedProperties(await branding.check!({}, { organizationId })), ["organizationId"]);
                assert.deepEqual(failedProperties(await localization.check!({}, { organizationId, locale: "fr-FR" })), ["organizationId"]);
            }
            for (const locale of [
                ".",
                "..",
                "../",
                "/",
                "?",
                "#",
                "%2F",
                "",
                "fr-FR/../en-US",
                "fr-FR?x=1",
                "fr-FR#x",
                "fr%2FFR",
                "fr-FR\u0000",
                "fr-FR\n",
                LONG,
                "0",
                "default",
            ]) {
                assert.deepEqual(failedProperties(await localization.check!({}, { locale })), ["locale"], JSON.stringify(locale.slice(0, 40)));
            }
            assert.deepEqual(await requests("graph"), []);
        });
    });

    describe("image and CSS files, previewed through the real provider host", () => {
        let host: ProviderHost;
        const providers: Record<string, string> = {};
        before(async () => {
            host = await startHost({ cwd: program.dir, project: "hostile" });
            await host.configure(emulatorConfig(fx));
            for (const module of ["entra/branding", "entra/brandingLocalization"]) {
                // eslint-disable-next-line @typescript-eslint/no-require-imports
                const { stub } = require(path.resolve(__dirname, "..", "..", "provider", module, "resource.ts")) as {
                    stub: pulumi.dynamic.ResourceProvider;
                };
                providers[module] = await serializeProvider(stub);
            }
        });
        after(async () => {
            await host?.close();
        });

        /** What the reason must say for each bad file, for an image property and for customCSS. */
        const expected = (kind: keyof typeof BAD_FILES, p: ImageProperty): RegExp => {
            const css = p === "customCSS";
            switch (kind) {
                case "missing":
                    return /does not exist \(resolved from /;
                case "folder":
                    return /is not a file/;
                case "gifNamedPng":
                case "textNamedPng":
                    return css ? /is not a \.css file/ : new RegExp(`is not a PNG or (JPEG|ICO) image \\(${p} accepts`);
                case "oversizedPng":
                    return css ? /is not a \.css file/ : new RegExp(`is 308224 bytes; ${p} allows at most \\d+ bytes`);
                case "oversizedCss":
                    return css ? /is 26628 bytes; customCSS allows at most 25600 bytes \(25 KB\)/ : /is not a PNG or (JPEG|ICO) image/;
            }
        };

        for (const [module, type, extra] of [
            ["entra/branding", "OrganizationalBranding", {}],
            ["entra/brandingLocalization", "OrganizationalBrandingLocalization", { locale: "fr-FR" }],
        ] as const) {
            it(`${type}: each image property refuses oversized, mislabelled and missing files, naming the file`, async () => {
                const urn = `urn:pulumi:dev::hostile::pulumi-nodejs:dynamic/tenantkit:${type}::b`;
                for (const p of IMAGE_PROPERTIES) {
                    for (const [kind, file] of Object.entries(BAD_FILES) as [keyof typeof BAD_FILES, string][]) {
                        for (const value of [file, fileAsset(file)]) {
                            const r = await host.check({ urn, news: { __provider: providers[module]!, ...extra, [p]: value }, preview: true });
                            const what = `${p} = ${kind} as ${typeof value === "string" ? "a path" : "a FileAsset"}`;
                            assert.deepEqual(failedProperties(r), [p], what);
                            for (const f of r.failures) assert.ok(f.reason.startsWith(`${file} `), `${what}: the reason names the file: ${f.reason}`);
                            assert.ok(
                                r.failures.some((f) => expected(kind, p).test(f.reason)),
                                `${what}: ${r.failures.map((f) => f.reason).join(" | ")}`,
                            );
                        }
                    }
                }
                assert.deepEqual(await fx.emu.admin.requests(), [], "a preview sends nothing");
            });
        }
    });
});
