/**
 * Validation of a tenant's `powerbi` member in seeds and state files: workspaces strictly (they are what
 * seeds write by hand), stored datasets by shape (they are what the emulator itself wrote).
 */
import { DATA_TYPES, type PowerBiData, type StoredDataset, type Workspace } from "./model";

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
    return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Checks `powerbi`; returns it (a copy) when valid, else records problems and returns undefined. */
export function checkPowerBi(v: unknown, at: string, problems: string[]): PowerBiData | undefined {
    if (!isObj(v)) {
        problems.push(`${at}: must be an object with workspaces and datasets`);
        return undefined;
    }
    const before = problems.length;
    const workspaces = Array.isArray(v.workspaces) ? v.workspaces : [];
    if (!Array.isArray(v.workspaces)) problems.push(`${at}.workspaces: must be an array`);
    workspaces.forEach((w, i) => checkWorkspace(w, `${at}.workspaces[${i}]`, problems));
    const ids = workspaces.filter(isObj).map((w) => String(w.id).toLowerCase());
    if (new Set(ids).size !== ids.length) problems.push(`${at}.workspaces: a workspace id appears twice`);
    const datasets = Array.isArray(v.datasets) ? v.datasets : [];
    if (v.datasets !== undefined && !Array.isArray(v.datasets)) problems.push(`${at}.datasets: must be an array`);
    datasets.forEach((d, i) => checkDataset(d, `${at}.datasets[${i}]`, problems));
    if (v.nextPostStatus !== undefined && v.nextPostStatus !== 202) problems.push(`${at}.nextPostStatus: must be 202 if present`);
    if (v.loseNextPostResponse !== undefined && typeof v.loseNextPostResponse !== "boolean") {
        problems.push(`${at}.loseNextPostResponse: must be a boolean if present`);
    }
    if (problems.length > before) return undefined;
    const data: PowerBiData = { workspaces: structuredClone(workspaces) as Workspace[], datasets: structuredClone(datasets) as StoredDataset[] };
    if (v.nextPostStatus === 202) data.nextPostStatus = 202;
    if (v.loseNextPostResponse === true) data.loseNextPostResponse = true;
    return data;
}

function checkWorkspace(w: unknown, at: string, problems: string[]): void {
    if (!isObj(w)) return void problems.push(`${at}: must be an object`);
    if (typeof w.id !== "string" || !GUID.test(w.id)) problems.push(`${at}.id: must be a GUID`);
    if (typeof w.name !== "string" || w.name.trim() === "") problems.push(`${at}.name: must be a non-empty string`);
    if (!Array.isArray(w.members) || !w.members.every((m) => typeof m === "string" && m !== "")) {
        problems.push(`${at}.members: must be an array of client ids or user object ids`);
    }
}

function checkDataset(d: unknown, at: string, problems: string[]): void {
    if (!isObj(d)) return void problems.push(`${at}: must be an object`);
    for (const key of ["id", "name", "ownerId", "createdDate", "configuredBy"]) {
        if (typeof d[key] !== "string") problems.push(`${at}.${key}: must be a string`);
    }
    if (d.workspaceId !== null && typeof d.workspaceId !== "string") problems.push(`${at}.workspaceId: must be a group id or null`);
    if (d.defaultMode !== "Push" && d.defaultMode !== "PushStreaming") problems.push(`${at}.defaultMode: must be Push or PushStreaming`);
    if (d.defaultRetentionPolicy !== "None" && d.defaultRetentionPolicy !== "basicFIFO") {
        problems.push(`${at}.defaultRetentionPolicy: must be None or basicFIFO`);
    }
    if (!Array.isArray(d.relationships) || !Array.isArray(d.datasources)) problems.push(`${at}: relationships and datasources must be arrays`);
    if (!Array.isArray(d.tables)) return void problems.push(`${at}.tables: must be an array`);
    d.tables.forEach((t, i) => {
        const ok =
            isObj(t) &&
            typeof t.name === "string" &&
            typeof t.rowCount === "number" &&
            Array.isArray(t.columns) &&
            t.columns.every((c) => isObj(c) && typeof c.name === "string" && (DATA_TYPES as readonly unknown[]).includes(c.dataType));
        if (!ok) problems.push(`${at}.tables[${i}]: must be a stored table (name, columns with canonical data types, rowCount)`);
    });
}
