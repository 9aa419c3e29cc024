/**
 * Which datasets of a workspace already carry a name, for create's adoption by name. A provider host serves one
 * `pulumi up`; its creates share one listing per workspace (fetched once, again after `MAX_AGE_MS`), so a plan of
 * 200 datasets costs one GET instead of 200. A dataset this process created or adopted is claimed and never offered
 * again, so two resources of the same name in one program never share a dataset. Which resource holds a dataset a
 * create took over is not kept here but on disk and in state (core/runtime/holders.ts): the delete of the resource it replaced
 * may run in another process.
 */
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
    private readonly claimed = new Set<string>();

    constructor(private readonly now: () => number = Date.now) {}

    /** Datasets named exactly `name` that this process has not claimed. */
    async named(workspace: string, name: string, list: () => Promise<DatasetJson[]>): Promise<DatasetJson[]> {
        return this.unclaimed(await this.datasets(workspace, list), name);
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
        return this.unclaimed(await this.relist(workspace, list).datasets, name);
    }

    /** Lists the workspace and keeps the listing for the next creates; a failed listing is dropped, not kept. */
    private relist(workspace: string, list: () => Promise<DatasetJson[]>): Listing {
        const listing: Listing = { at: this.now(), datasets: list() };
        this.listings.set(workspace, listing);
        listing.datasets.catch(() => this.listings.get(workspace) === listing && this.listings.delete(workspace));
        return listing;
    }

    /** Drops the workspace's listing: the next create lists again (after a POST whose outcome stayed unknown). */
    forget(workspace: string): void {
        this.listings.delete(workspace);
    }

    /** Marks a dataset as this process's: it is never offered for adoption again. */
    claim(id: string): void {
        this.claimed.add(id.toLowerCase());
    }

    private unclaimed(datasets: readonly DatasetJson[], name: string): DatasetJson[] {
        return datasets.filter((d) => d.name === name && !this.claimed.has(d.id.toLowerCase()));
    }
}

const directories = new WeakMap<object, DatasetDirectory>();

/** The directory shared by every create that uses `client` (one per session and service). */
export function directoryFor(client: object): DatasetDirectory {
    let d = directories.get(client);
    if (!d) directories.set(client, (d = new DatasetDirectory()));
    return d;
}
