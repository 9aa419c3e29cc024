/** Power BI: push datasets (area C). */
export * from "./pushDataset";
