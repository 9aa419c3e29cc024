/**
 * The push datasets of the state-size benchmark: one small, realistic sales table each. Shared by the program
 * (which creates them) and the benchmark (which counts the bytes of exactly these args as the user's data).
 */

/** The args the program passes for dataset `i` (a plain object: no outputs, so its JSON is the user's data). */
export function datasetArgs(i: number, workspaceId: string | undefined): Record<string, unknown> {
    return {
        ...(workspaceId ? { workspaceId } : {}),
        name: `Sales ${String(i).padStart(4, "0")}`,
        defaultRetentionPolicy: "basicFIFO",
        tables: [
            {
                name: "Sales",
                columns: [
                    { name: "Date", dataType: "DateTime", formatString: "yyyy-mm-dd" },
                    { name: "Product", dataType: "String" },
                    { name: "Region", dataType: "String" },
                    { name: "Quantity", dataType: "Int64", summarizeBy: "sum" },
                    { name: "Amount", dataType: "Double", formatString: "0.00", summarizeBy: "sum" },
                ],
            },
        ],
    };
}

/** The Pulumi resource name of dataset `i`. */
export const datasetName = (i: number): string => `sales-${String(i).padStart(4, "0")}`;
