/**
 * The input models of the five resources for the hostile-input property tests: what a valid input looks like (by
 * the services' documented rules, written here independently of the provider's schemas), the single defects that
 * make it invalid and where check must report them, and the typos a program may make.
 */
import fc from "fast-check";
import { SIG } from "../../harness/wire";
import {
    codePoint,
    type InputModel,
    type Kind,
    type Mutation,
    type Obj,
    type Path,
    SEGMENT_ESCAPES,
    UNKNOWN,
    anyText,
    hugeText,
    inner,
    junk,
    member,
    notAString,
    stringOutside,
} from "./hostile-arbitraries";
import { ARCHIVE_SIG, ASSET_SIG, BAD_FILES, fileAsset, IMAGE_PROPERTIES, type ImageProperty, VALID_FILES } from "./hostile-support";

const chars = (alphabet: string, minLength: number, maxLength: number) =>
    fc.string({ unit: fc.constantFrom(...[...alphabet]), minLength, maxLength });
const uuid = fc.uuid().chain((u) => fc.constantFrom(u, u.toUpperCase()));
const removed = fc.constant(undefined);
const badUuid = fc.oneof(
    fc.constantFrom(
        ...SEGMENT_ESCAPES,
        "f089354e-8366-4e18-aea3-4cb4a3a50b48/../x",
        "f089354e-8366-4e18-aea3-4cb4a3a50b48%2F",
        "f089354e83664e18aea34cb4a3a50b48",
        "contoso.onmicrosoft.com",
    ),
    anyText.filter((s) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s) && s !== UNKNOWN),
    notAString,
);
const notABoolean = junk.filter((v) => typeof v !== "boolean" && v !== UNKNOWN);

// ---------------------------------------------------------------- entra.TemporaryAccessPassMethods

const upn = fc.oneof(
    fc.tuple(chars("abcxyzABC019._-+'/?#%&=~!$*é😀", 1, 30), chars("abcxyz019.-/?#%é", 1, 30)).map(([l, d]) => `${l}@${d}`),
    fc.constantFrom("ann_contoso.com#EXT#@fabrikam.onmicrosoft.com", "../../me@contoso.com", "a/b?c#d%2Fe@contoso.com", "..@.."),
);

export const tapModel: InputModel = {
    kinds: { user: "string" },
    valid: fc.record({ user: fc.oneof(uuid, upn) }, { requiredKeys: [] }),
    mutations: [
        member("user", notAString),
        member(
            "user",
            fc.oneof(
                fc.constantFrom(
                    ...SEGMENT_ESCAPES,
                    "alice",
                    "a@b@c",
                    "al ice@contoso.com",
                    "a\u0000b@contoso.com",
                    "a\nb@x",
                    `${"a".repeat(114)}@x.com`,
                    `a@${"b".repeat(256)}`,
                ),
                anyText.filter(
                    (s) => !s.includes("@") && !/^\s*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\s*$/i.test(s) && s !== UNKNOWN,
                ),
            ),
        ),
    ],
    typos: ["usr", "User", "userId", "upn"],
};

// ---------------------------------------------------------------- devops.GitPush

const INT32 = 2 ** 31 - 1;
/** A project or repository name or id: anything printable, path characters included, but not a dot segment. */
const adoName = (max: number) =>
    chars("abcXYZ019 ._-/?#%&+é😀", 1, max).filter((s) => s.trim() !== "" && s.trim() !== "." && s.trim() !== ".." && s.trim().length <= max);
const dotsAndBlanks = fc.constantFrom("", " ", "\t", ".", "..", " .. ", "a\u0000", "\u0007", "x\u007f");

export const gitPushModel: InputModel = {
    kinds: {
        organization: "string",
        project: "string",
        repository: "string",
        pushId: "number",
        includeCommits: "number",
        includeRefUpdates: "boolean",
    },
    valid: fc.record(
        {
            organization: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$/),
            project: adoName(64),
            repository: adoName(100),
            pushId: fc.integer({ min: 1, max: INT32 }),
            includeCommits: fc.integer({ min: 0, max: INT32 }),
            includeRefUpdates: fc.boolean(),
        },
        { requiredKeys: ["organization", "repository", "pushId"] },
    ),
    mutations: [
        member("organization", fc.oneof(notAString, removed, fc.constantFrom(...SEGMENT_ESCAPES, "fab rikam", "-x", "a".repeat(51), "é"))),
        member("project", fc.oneof(notAString, dotsAndBlanks, fc.constant("x".repeat(65)))),
        member("repository", fc.oneof(notAString, removed, dotsAndBlanks)),
        member("pushId", fc.oneof(removed, fc.constantFrom(0, -1, 1.5, 2 ** 31, "1", null, true, NaN, Infinity))),
        member("includeCommits", fc.constantFrom(-1, 0.5, "10", true, 2 ** 31, null)),
        member("includeRefUpdates", notABoolean),
    ],
    typos: ["organisation", "repo", "pushID", "includeCommit", "projectId"],
};

// ---------------------------------------------------------------- powerbi.PushDataset

const DATA_TYPES = ["Int64", "Double", "Decimal", "Boolean", "bool", "DateTime", "String"];
const anyCase = (s: string) => fc.constantFrom(s, s.toLowerCase(), s.toUpperCase());
/** Names within the spec's NAME_LIMITED (table and relationship names). */
const limitedName = chars("abcXYZ019 _-#@^~é😀", 0, 12);
const anyName = chars("abcXYZ019 _-.,/?#%&()[]{}:;'\"!\té😀", 0, 20);

interface Column {
    name: string;
    dataType: string;
    sortByColumn?: string;
    isHidden?: boolean;
}
interface Table {
    name: string;
    columns: Column[];
    measures?: { name: string; expression: string }[];
}

const column = (i: number) =>
    fc
        .record({ prefix: anyName, dataType: fc.constantFrom(...DATA_TYPES).chain(anyCase), isHidden: fc.option(fc.boolean(), { nil: undefined }) })
        .map(({ prefix, dataType, isHidden }): Column => ({ name: `${prefix}c${i}`, dataType, ...(isHidden === undefined ? {} : { isHidden }) }));

const table = (i: number) =>
    fc
        .record({
            prefix: limitedName,
            columns: fc.integer({ min: 1, max: 4 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, j) => column(j)))),
            measures: fc.array(anyName, { maxLength: 2 }),
            sortBy: fc.option(fc.nat(), { nil: undefined }),
        })
        .map(({ prefix, columns, measures, sortBy }): Table => {
            if (sortBy !== undefined && columns.length > 1) {
                const target = sortBy % columns.length;
                const source = (target + 1) % columns.length;
                columns[source] = { ...columns[source]!, sortByColumn: columns[target]!.name };
            }
            const t: Table = { name: `${prefix}t${i}`, columns };
            if (measures.length) t.measures = measures.map((m, j) => ({ name: `${m}m${j}`, expression: "SUM(x)" }));
            return t;
        });

const dataset = fc
    .record({
        name: chars("abcXYZ019 _-.,/?#%&😀é\t", 1, 40),
        workspaceId: fc.option(uuid, { nil: undefined }),
        tables: fc.integer({ min: 1, max: 3 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => table(i)))),
        relationships: fc.array(
            fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat(), limitedName, fc.constantFrom("OneDirection", "bothdirections", "Automatic", undefined)),
            { maxLength: 2 },
        ),
        defaultMode: fc.constantFrom("Push", "PushStreaming", undefined),
        defaultRetentionPolicy: fc.constantFrom("None", "basicFIFO", undefined),
        adopt: fc.option(uuid, { nil: undefined }),
        datasourceId: fc.option(uuid, { nil: undefined }),
    })
    .map((d): Obj => {
        const out: Obj = { name: d.name, tables: d.tables };
        const rels = d.relationships.map(([a, b, c, e, name, cross], k) => {
            const from = d.tables[a % d.tables.length]!;
            const to = d.tables[c % d.tables.length]!;
            return {
                name: `${name}r${k}`,
                fromTable: from.name,
                fromColumn: from.columns[b % from.columns.length]!.name,
                toTable: to.name,
                toColumn: to.columns[e % to.columns.length]!.name,
                ...(cross === undefined ? {} : { crossFilteringBehavior: cross }),
            };
        });
        if (rels.length) out.relationships = rels;
        for (const k of ["workspaceId", "defaultMode", "defaultRetentionPolicy", "adopt"] as const) if (d[k] !== undefined) out[k] = d[k];
        if (d.datasourceId)
            out.datasources = [{ datasourceType: "Sql", datasourceId: d.datasourceId, connectionDetails: { server: "db", database: "sales" } }];
        return out;
    });

const tables = (o: Obj) => o.tables as Table[];
const someTable = (o: Obj, n: number): number => n % tables(o).length;
const someColumn = (o: Obj, n: number): Path => {
    const t = someTable(o, n);
    return ["tables", t, "columns", (n >> 3) % tables(o)[t]!.columns.length];
};
const rels = (o: Obj) => (o.relationships as Obj[] | undefined) ?? [];
const atRelationship =
    (member: string) =>
    (o: Obj, n: number): Path | undefined =>
        rels(o).length ? ["relationships", n % rels(o).length, member] : undefined;

const datasetMutations: Mutation[] = [
    member("name", fc.oneof(notAString, removed, fc.constantFrom("", "bad\u0001name", "😀".repeat(257)))),
    member("workspaceId", badUuid),
    member("adopt", fc.oneof(notAString, fc.constantFrom("", ".", ".."))),
    member(
        "tables",
        fc.oneof(
            removed,
            fc.constant([]),
            junk.filter((v) => !Array.isArray(v) && v !== UNKNOWN),
        ),
    ),
    {
        name: "table name",
        at: (o, n) => ["tables", someTable(o, n), "name"],
        bad: fc.oneof(notAString, fc.constantFrom("", "a/b", "a.b", "a?b", "%2F", "..", "a".repeat(101))),
    },
    { name: "no columns", at: (o, n) => ["tables", someTable(o, n), "columns"], bad: fc.constantFrom([], "Id", null) },
    { name: "column name", at: (o, n) => [...someColumn(o, n), "name"], bad: fc.oneof(notAString, fc.constantFrom("", "a\u0000b")) },
    {
        name: "data type",
        at: (o, n) => [...someColumn(o, n), "dataType"],
        bad: fc.oneof(notAString, removed, stringOutside(["int64", "double", "decimal", "boolean", "bool", "datetime", "string"], true)),
    },
    { name: "unknown column member", at: (o, n) => [...someColumn(o, n), "datatype"], bad: fc.constant("Int64") },
    {
        name: "cross filtering",
        at: atRelationship("crossFilteringBehavior"),
        bad: fc.oneof(notAString, stringOutside(["onedirection", "bothdirections", "automatic"], true)),
    },
    member("defaultMode", fc.oneof(notAString, stringOutside(["Push", "PushStreaming"]))),
    member("defaultRetentionPolicy", fc.oneof(notAString, stringOutside(["None", "basicFIFO"]))),
    { name: "datasource id", at: (o) => (o.datasources ? ["datasources", 0, "datasourceId"] : undefined), bad: badUuid },
    {
        name: "too many tables",
        at: () => ["tables"],
        bad: (o) => fc.constant(Array.from({ length: 76 }, (_, i) => ({ ...tables(o)[0]!, name: `t${i}` }))),
    },
    {
        name: "too many columns",
        at: (o, n) => ["tables", someTable(o, n), "columns"],
        bad: fc.constant(Array.from({ length: 76 }, (_, i) => ({ name: `c${i}`, dataType: "Int64" }))),
    },
    {
        name: "duplicate table",
        crossField: true,
        at: (o) => ["tables", tables(o).length],
        bad: (o) => fc.constant(duplicateTable(o)),
        report: ["name"],
    },
    {
        name: "sort by a missing column",
        crossField: true,
        at: (o, n) => [...someColumn(o, n), "sortByColumn"],
        bad: fc.constant("\u2603 no such column"),
    },
    { name: "relationship to a missing table", crossField: true, at: atRelationship("toTable"), bad: fc.constant("NoSuchTable") },
];

/** A copy of table 0 whose name differs only in case (the model compares names case-insensitively). */
function duplicateTable(o: Obj): Table {
    const first = tables(o)[0]!;
    return { ...first, name: first.name.toUpperCase() === first.name ? first.name.toLowerCase() : first.name.toUpperCase() };
}

export const pushDatasetModel: InputModel = {
    kinds: {
        name: "string",
        workspaceId: "string",
        tables: "array",
        relationships: "array",
        datasources: "array",
        defaultMode: "string",
        defaultRetentionPolicy: "string",
        adopt: "string",
    },
    valid: dataset,
    mutations: datasetMutations,
    typos: ["tabels", "workspace", "retentionPolicy", "Name"],
};

// ---------------------------------------------------------------- entra.OrganizationalBranding(Localization)

const imageValue = (p: ImageProperty) => fc.constantFrom(VALID_FILES[p], fileAsset(VALID_FILES[p]));
const badImage = fc.oneof(
    fc.constantFrom(...Object.values(BAD_FILES)).chain((f) => fc.constantFrom(f, fileAsset(f))),
    fc.constantFrom(
        "",
        42,
        true,
        [],
        { path: "assets/banner.png" },
        { [SIG]: ARCHIVE_SIG, path: "assets" },
        { [SIG]: ASSET_SIG, uri: "https://contoso.com/a.png" },
        { [SIG]: ASSET_SIG, text: "x" },
        { [SIG]: ASSET_SIG, path: "" },
    ),
);

const hex = fc.stringMatching(/^#[0-9A-Fa-f]{6}$/);
const url = fc.oneof(
    fc.constant(""),
    fc
        .tuple(fc.constantFrom("https://", "http://", "HTTPS://"), chars("abcxyz019-.", 1, 30), chars("abcXYZ019/-_.~%?=&#", 0, 60))
        .map(([s, h, p]) => `${s}${h}/${p}`),
);
const text = (max: number) => fc.string({ unit: codePoint, maxLength: max });
const hint = chars("abcXYZ019 .,-_@'é😀", 0, 64);
const keyValues = fc.array(fc.record({ key: fc.string({ minLength: 1, maxLength: 10 }), value: fc.string({ maxLength: 10 }) }), { maxLength: 2 });

const brandingShape = {
    backgroundColor: hex,
    headerBackgroundColor: hex,
    customAccountResetCredentialsUrl: url,
    customPrivacyAndCookiesUrl: url,
    customTermsOfUseUrl: url,
    customCannotAccessYourAccountText: text(256),
    customForgotMyPasswordText: text(256),
    customPrivacyAndCookiesText: text(256),
    customTermsOfUseText: text(256),
    signInPageText: text(1024),
    usernameHintText: hint,
    loginPageLayoutConfiguration: fc.record(
        { layoutTemplateType: fc.constantFrom("default", "verticalSplit"), isHeaderShown: fc.boolean(), isFooterShown: fc.boolean() },
        { requiredKeys: [] },
    ),
    loginPageTextVisibilitySettings: fc.record(
        Object.fromEntries(
            [
                "hideAccountResetCredentials",
                "hideCannotAccessYourAccount",
                "hideForgotMyPassword",
                "hidePrivacyAndCookies",
                "hideResetItNow",
                "hideTermsOfUse",
            ].map((k) => [k, fc.boolean()]),
        ),
        { requiredKeys: [] },
    ),
    contentCustomization: fc.record({ attributeCollection: keyValues, registrationCampaign: keyValues }, { requiredKeys: [] }),
    onDestroy: fc.constantFrom("restore", "reset", "retain"),
    organizationId: uuid,
};

/**
 * Valid branding inputs: any of the JSON properties, and at most two images (each read, hashed and sized by every
 * check; hostile-paths.spec.ts covers each image property one by one).
 */
const validBranding = fc
    .tuple(
        fc.record(brandingShape, { requiredKeys: [] }),
        fc.subarray([...IMAGE_PROPERTIES], { maxLength: 2 }).chain((ps) => fc.tuple(...ps.map((p) => imageValue(p).map((v) => [p, v] as const)))),
    )
    .map(([json, images]): Obj => ({ ...json, ...Object.fromEntries(images) }));

const badText = (max: number) =>
    fc.oneof(
        notAString,
        fc.constant("😀".repeat(max + 1)),
        hugeText.filter((s) => [...s].length > max),
    );
const badUrl = fc.oneof(
    notAString,
    fc.constantFrom(
        "https://contoso.com/tér",
        "ftp://contoso.com",
        "contoso.com",
        "javascript:alert(1)",
        "https://a b",
        `https://contoso.com/${"a".repeat(110)}`,
        "https://",
    ),
);

const brandingMutations: Mutation[] = [
    ...["backgroundColor", "headerBackgroundColor"].map((k) =>
        member(k, fc.oneof(notAString, fc.constantFrom("blue", "#12345", "#GGGGGG", "0F6CBD", "#0F6CBD ", "#0F6CBD00"))),
    ),
    ...["customAccountResetCredentialsUrl", "customPrivacyAndCookiesUrl", "customTermsOfUseUrl"].map((k) => member(k, badUrl)),
    ...["customCannotAccessYourAccountText", "customForgotMyPasswordText", "customPrivacyAndCookiesText", "customTermsOfUseText"].map((k) =>
        member(k, badText(256)),
    ),
    member("signInPageText", badText(1024)),
    member(
        "usernameHintText",
        fc.oneof(badText(64), fc.constantFrom("see https://contoso.com", "<b>x</b>", "{x}", "www.contoso.com", "`x`", "javascript:x")),
    ),
    member(
        "customCannotAccessYourAccountUrl",
        junk.filter((v) => v !== UNKNOWN),
    ),
    member(
        "customResetItNowText",
        junk.filter((v) => v !== UNKNOWN),
    ),
    member("loginPageLayoutConfiguration", fc.constantFrom("default", 1, [], null)),
    inner("loginPageLayoutConfiguration", ["layoutTemplateType"], fc.oneof(notAString, stringOutside(["default", "verticalSplit"]))),
    inner("loginPageLayoutConfiguration", ["isHeaderShown"], notABoolean),
    inner("loginPageTextVisibilitySettings", ["hideForgotMyPassword"], notABoolean),
    inner("loginPageTextVisibilitySettings", ["hideForgotPassword"], fc.constant(true)),
    inner("contentCustomization", ["attributeCollection", 0, "key"], fc.oneof(notAString, fc.constant(""))),
    member("onDestroy", fc.oneof(notAString, stringOutside(["restore", "reset", "retain"]))),
    member("organizationId", badUuid),
    ...IMAGE_PROPERTIES.map((p) => member(p, badImage)),
];

const brandingTypos = ["backgroundColour", "bannerlogo", "signinPageText", "customCss", "organizationID"];

const brandingKinds: Record<string, Kind> = {
    ...Object.fromEntries(Object.keys(brandingShape).map((k) => [k, "string" as Kind])),
    loginPageLayoutConfiguration: "object",
    loginPageTextVisibilitySettings: "object",
    contentCustomization: "object",
    ...Object.fromEntries(IMAGE_PROPERTIES.map((p) => [p, "image" as Kind])),
    // Known to the schema but always refused: the service says not to use them.
    customCannotAccessYourAccountUrl: "refused",
    customResetItNowText: "refused",
};

export const brandingModel: InputModel = {
    kinds: brandingKinds,
    valid: validBranding,
    mutations: brandingMutations,
    typos: brandingTypos,
};

const locale = fc
    .tuple(fc.stringMatching(/^[a-z]{2}$/), fc.option(fc.stringMatching(/^[A-Z]{2}$/), { nil: undefined }))
    .map(([l, r]) => (r ? `${l}-${r}` : l));

export const localizationModel: InputModel = {
    kinds: { ...brandingKinds, locale: "string" },
    valid: fc.tuple(validBranding, locale).map(([b, l]) => ({ ...b, locale: l })),
    mutations: [
        ...brandingMutations,
        member(
            "locale",
            fc.oneof(
                notAString,
                removed,
                fc.constantFrom(
                    ...SEGMENT_ESCAPES,
                    "0",
                    "default",
                    "Default",
                    "fr_FR",
                    "FR-fr",
                    "fr-fr",
                    "fra",
                    "fr-FR/../en-US",
                    "fr-FR?x",
                    "fr-FR#x",
                    "fr%2FFR",
                    "fr-FR\u0000",
                ),
                anyText.filter((s) => s !== UNKNOWN && !/^[a-z]{2}(-[A-Z]{2})?$/.test(s)),
            ),
        ),
    ],
    typos: [...brandingTypos, "Locale", "language"],
};
