/**
 * Shared helpers of the emulator tests: one emulator per test file on port 0 with a controllable clock,
 * reset before each test, and small HTTP helpers. Not a spec file: mocha only runs `*.spec.ts`.
 */
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../emulator/server";
import { defaultSeed, DEFAULT_SEED_IDS } from "../../emulator/seeds/default";
import { appToken as harnessAppToken } from "../../harness/emulatorStack";

/** Ids of the default seed. */
export const IDS = DEFAULT_SEED_IDS;

/** Start of the test clock: a fixed instant, so pass usability is deterministic. */
export const T0 = new Date("2025-06-01T12:00:00.000Z");

/** A clock tests move by hand instead of sleeping. */
export class Clock {
    private ms: number;
    constructor(start: Date = T0) {
        this.ms = start.getTime();
    }
    readonly now = (): Date => new Date(this.ms);
    advance(ms: number): void {
        this.ms += ms;
    }
    set(date: Date): void {
        this.ms = date.getTime();
    }
}

/** What {@link useEmulator} gives a test file. */
export interface EmulatorFixture {
    readonly emu: RunningEmulator;
    readonly clock: Clock;
}

/**
 * Starts one emulator for the enclosing `describe` (closed in `after`) and, before each test, resets the
 * clock to {@link T0}, the directory to the default seed, and clears faults, throttle and the request log.
 * With `shared`, the reset happens once, before the describe's own `before` hooks: its tests read what those hooks
 * made (one stack up once for tests that only read it) and must change nothing another test reads.
 */
export function useEmulator(extra: Partial<EmulatorOptions> = {}, o: { shared?: boolean } = {}): EmulatorFixture {
    const clock = new Clock();
    let emu: RunningEmulator | undefined;
    before(async () => {
        emu = await startEmulator({ now: clock.now, ...extra });
        if (o.shared) await reset();
    });
    if (!o.shared) beforeEach(reset);
    async function reset(): Promise<void> {
        clock.set(T0);
        const admin = fixture.emu.admin;
        await admin.seed(defaultSeed(T0));
        await admin.clearFaults();
        await admin.throttle(null);
        await admin.clearRequests();
    }
    after(async () => {
        await emu?.close();
    });
    const fixture: EmulatorFixture = {
        get emu(): RunningEmulator {
            if (emu === undefined) throw new Error("the emulator is not started yet");
            return emu;
        },
        clock,
    };
    return fixture;
}

/** A response read completely. */
export interface Fetched {
    status: number;
    headers: Headers;
    text: string;
    /** The body parsed as JSON (undefined if it is not JSON). */
    json: unknown;
}

/** fetch, then read the whole body. */
export async function fetchAll(url: string, init: RequestInit = {}): Promise<Fetched> {
    const res = await fetch(url, init);
    const text = await res.text();
    let json: unknown;
    try {
        json = JSON.parse(text) as unknown;
    } catch {
        json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
}

/** Posts a client-credentials form to the emulator's token endpoint over plain http. */
export function postToken(emu: RunningEmulator, form: Record<string, string>, tenant: string = IDS.domain): Promise<Fetched> {
    return fetchAll(`${emu.url}/login/${tenant}/oauth2/v2.0/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
    });
}

/** An app token of the quickstart client (or another client) for a resource. */
export function appToken(emu: RunningEmulator, opts: { clientId?: string; secret?: string; scope?: string } = {}): Promise<string> {
    const app = { domain: IDS.domain, clientId: opts.clientId ?? IDS.quickstartClientId, secret: opts.secret ?? IDS.quickstartClientSecret };
    return harnessAppToken(emu.url, { scope: opts.scope, app });
}

/** GET a Graph path (`/v1.0/...`) with an optional bearer token. */
export function graphGet(emu: RunningEmulator, path: string, token?: string, headers: Record<string, string> = {}): Promise<Fetched> {
    const auth: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
    return fetchAll(`${emu.url}/graph${path}`, { headers: { ...auth, ...headers } });
}

/** The claims of a JWT-shaped token (no verification). */
export function decodeJwt(token: string): Record<string, unknown> {
    return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8")) as Record<string, unknown>;
}

/** The TAP list path of a user (the segment passed through encodeURIComponent). */
export function tapPath(user: string): string {
    return `/v1.0/users/${encodeURIComponent(user)}/authentication/temporaryAccessPassMethods`;
}

/**
 * Rotates the quickstart app's client secret in the emulator and in the stack's config, as an administrator would after
 * an `up`: the emulator then refuses the old secret, which the config saved in state at that up still holds.
 */
export async function rotateQuickstartSecret(
    emu: RunningEmulator,
    stack: { setConfig(key: string, value: string, o: { secret?: boolean }): Promise<void> },
    rotated: string,
): Promise<void> {
    const state = structuredClone(await emu.admin.state());
    state.tenants[0]!.clients.find((c) => c.clientId === IDS.quickstartClientId)!.secret = rotated;
    await emu.admin.seed(state);
    await stack.setConfig("tenantkit:clientSecret", rotated, { secret: true });
}
