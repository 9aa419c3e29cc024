/**
 * Which datasets of a workspace carry a name, for create's refusal to make a second dataset of a name (a create never
 * takes one over unless the program says so: lifecycle.ts). A provider host serves one `pulumi up`; its creates share
 * one listing per workspace (fetched once, again after `MAX_AGE_MS`), so a plan of 200 datasets costs one GET instead
 * of 200. What this process creates is added to the listing, so a second resource of the same name in one program is
 * refused instead of getting a second dataset of that name. Nothing here guards what a resource holds: a create never
 * takes over a dataset it found, so the listing only decides between creating and refusing.
 */
import type { ServiceClient } from "../../core/http/http";
import type { DatasetJson } from "./api";

/** A listing older than this is fetched again. */
export const MAX_AGE_MS = 60_000;

interface Listing {
    readonly at: number;
    readonly datasets: Promise<readonly DatasetJson[]>;
}

/** The directory of one client (credentials and endpoint); keyed by workspace (`""` for My workspace). */
export class DatasetDirectory {
    private readonly listings = new Map<string, Listing>();
    /** The creates of a workspace and name, one after another: the second sees what the first made. */
    private readonly queues = new Map<string, Promise<unknown>>();

    constructor(private readonly now: () => number = Date.now) {}

    /** Datasets named exactly `name` (the service's own comparison of names is exact: it allows `Sales` beside `sales`). */
    async named(workspace: string, name: string, list: () => Promise<DatasetJson[]>): Promise<DatasetJson[]> {
        return (await this.datasets(workspace, list)).filter((d) => d.name === name);
    }

    /**
     * The workspace's datasets: the kept listing while it is fresh, else a new one. A preview's check reads a named
     * workspace through here, so the creates of the `up` that follows share that listing instead of reading again.
     */
    datasets(workspace: string, list: () => Promise<DatasetJson[]>): Promise<readonly DatasetJson[]> {
        const listing = this.listings.get(workspace);
        return (listing && this.now() - listing.at <= MAX_AGE_MS ? listing : this.relist(workspace, list)).datasets;
    }

    /** Like `named`, from a fresh listing (after a create whose outcome is unknown). */
    async namedNow(workspace: string, name: string, list: () => Promise<DatasetJson[]>): Promise<DatasetJson[]> {
        return (await this.relist(workspace, list).datasets).filter((d) => d.name === name);
    }

    /** Lists the workspace and keeps the listing for the next creates; a failed listing is dropped, not kept. */
    private relist(workspace: string, list: () => Promise<DatasetJson[]>): Listing {
        const listing: Listing = { at: this.now(), datasets: list() };
        this.listings.set(workspace, listing);
        listing.datasets.catch(() => this.listings.get(workspace) === listing && this.listings.delete(workspace));
        return listing;
    }

    /** Adds a dataset this process created to the kept listing, so that a later create of its name sees it. */
    add(workspace: string, dataset: DatasetJson): void {
        const listing = this.listings.get(workspace);
        if (listing === undefined) return;
        this.listings.set(workspace, {
            at: listing.at,
            datasets: listing.datasets.then((all) => [...all.filter((d) => d.id !== dataset.id), dataset]),
        });
    }

    /** Drops a deleted dataset from the kept listing. */
    remove(workspace: string, id: string): void {
        const listing = this.listings.get(workspace);
        if (listing === undefined) return;
        const gone = id.toLowerCase();
        this.listings.set(workspace, { at: listing.at, datasets: listing.datasets.then((all) => all.filter((d) => d.id.toLowerCase() !== gone)) });
    }

    /** Drops the workspace's listing: the next create lists again (after a POST whose outcome stayed unknown). */
    forget(workspace: string): void {
        this.listings.delete(workspace);
    }

    /**
     * Runs `fn` after every earlier create of `name` in `workspace` in this process has ended, so that it finds the
     * dataset an earlier one made. Two processes (two explicit providers on one workspace) are not ordered: each may
     * make a dataset of the name; neither takes over the other's.
     */
    async oneAtATime<T>(workspace: string, name: string, fn: () => Promise<T>): Promise<T> {
        const key = `${workspace.toLowerCase()}\n${name}`;
        const before = this.queues.get(key) ?? Promise.resolve();
        const run = before.then(fn, fn);
        const settled = run.catch(() => undefined);
        this.queues.set(key, settled);
        try {
            return await run;
        } finally {
            if (this.queues.get(key) === settled) this.queues.delete(key);
        }
    }
}

const directories = new WeakMap<ServiceClient, DatasetDirectory>();

/**
 * The directory shared by every create that uses `client` (one per session and service), whichever operation's view of
 * the client it holds: keyed by the shared client.
 */
export function directoryFor(client: Pick<ServiceClient, "shared">): DatasetDirectory {
    let d = directories.get(client.shared);
    if (!d) directories.set(client.shared, (d = new DatasetDirectory()));
    return d;
}
