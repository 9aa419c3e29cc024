/**
 * The quota-enforce workload: `count` @pulumi/databricks registrations, a realistic mix that keeps every limit below
 * its warning share (providers, catalogs, schemas keyed by catalog outputs, then 10% SqlEndpoint, 30% Job, 60%
 * SqlTable, 1 table in 10 keyed by Schema outputs; the program awaits every 1,000 registrations). One module for
 * both measurements, so they judge the same program: bench/quotaEnforce.ts runs it under the SDK's mocks, and
 * bench/quotaCliPreview.ts through `pulumi preview` of the real CLI (index.ts beside this file). The SDK modules are
 * parameters: the mock benchmark loads them before its clock starts.
 */
/** The program's resources: a realistic mix that keeps every limit below its warning share. */
export type Databricks = typeof import("@pulumi/databricks");

export async function program(pulumi: typeof import("@pulumi/pulumi"), db: Databricks, count: number): Promise<void> {
    const batch = 1_000;
    let pending: Array<{ urn: import("@pulumi/pulumi").Output<string> }> = [];
    const flush = async (): Promise<void> => {
        const urns = pending.map((r) => r.urn);
        pending = [];
        await new Promise<void>((resolve) => pulumi.all(urns).apply(() => resolve()));
    };
    const workspaces = Math.ceil(count / 5_000);
    const catalogs = Math.ceil(count / 10_000);
    const schemasPerCatalog = 20;
    const providers = Array.from(
        { length: workspaces },
        (_, w) => new db.Provider(`ws-${w}`, { host: `https://adb-${1000 + w}.${w % 9}.azuredatabricks.net` }),
    );
    const schemas: InstanceType<Databricks["Schema"]>[] = [];
    const plainSchemas: Array<{ catalog: string; schema: string }> = [];
    for (let c = 0; c < catalogs; c++) {
        const opts = { provider: providers[c % workspaces] };
        const catalog = new db.Catalog(`cat-${c}`, { name: `cat_${c}` }, opts);
        for (let s = 0; s < schemasPerCatalog; s++) {
            // The schema's catalog is an output: judged once it resolves, through the transform's dependsOn gate.
            schemas.push(new db.Schema(`cat-${c}-sch-${s}`, { catalogName: catalog.name, name: `sch_${s}` }, opts));
            plainSchemas.push({ catalog: `cat_${c}`, schema: `sch_${s}` });
        }
    }
    const rest = count - workspaces - catalogs - catalogs * schemasPerCatalog;
    for (let i = 0; i < rest; i++) {
        if (pending.length >= batch) await flush();
        const opts = { provider: providers[Math.floor(i / 10) % workspaces] };
        const kind = i % 10;
        if (kind === 0) {
            pending.push(new db.SqlEndpoint(`wh-${i}`, { name: `wh-${i}`, clusterSize: "2X-Small", maxNumClusters: 1, autoStopMins: 10 }, opts));
        } else if (kind <= 3) {
            pending.push(
                new db.Job(`job-${i}`, { name: `etl-${i}`, tasks: [{ taskKey: "main", notebookTask: { notebookPath: `/Jobs/etl-${i}` } }] }, opts),
            );
        } else {
            const columns = [
                { name: "id", type: "BIGINT" },
                { name: "amount", type: "DECIMAL(10,2)" },
                { name: "at", type: "TIMESTAMP" },
            ];
            const n = Math.floor(i / 10);
            const where =
                n % 10 === 0
                    ? { catalogName: schemas[n % schemas.length].catalogName, schemaName: schemas[n % schemas.length].name }
                    : { catalogName: plainSchemas[n % plainSchemas.length].catalog, schemaName: plainSchemas[n % plainSchemas.length].schema };
            pending.push(new db.SqlTable(`tbl-${i}`, { ...where, name: `t_${i}`, tableType: "MANAGED", columns }, opts));
        }
    }
    // The last batch and the schemas too: when this resolves, every registration was judged.
    pending.push(...schemas);
    await flush();
}
