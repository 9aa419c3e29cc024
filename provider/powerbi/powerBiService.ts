/**
 * The Power BI REST API as the HTTP client needs to know it: its error bodies and request id header.
 */
import { bodyAsJson, jsonField, jsonString, requestIdFrom, withBodyFallback, type ServiceErrorBody } from "../core/errors/errorBodies";
import type { ServiceProfile } from "../core/errors/serviceProfile";

const REQUEST_ID_HEADERS = ["requestid", "x-ms-request-id", "request-id"];

/**
 * Power BI's error body: `{"error":{"code","message"}}` (powerbi-docs troubleshoot-rest-api.md), sometimes only a
 * `pbi.error` member or `details[].message` (community captures, docs/api-facts.md C).
 */
export function parsePowerBiError(body: unknown, headers?: unknown): ServiceErrorBody {
    const json = bodyAsJson(body);
    const error = jsonField(json, "error") ?? json;
    const pbi = jsonField(error, "pbi.error");
    const code = jsonString(error, "code") ?? jsonString(pbi, "code");
    const pbiCode = jsonString(pbi, "code");
    return withBodyFallback(body, {
        code,
        innerCode: pbiCode !== code ? pbiCode : undefined,
        message: jsonString(error, "message") ?? firstDetailMessage(error) ?? firstDetailMessage(pbi),
        requestId: requestIdFrom(REQUEST_ID_HEADERS, headers),
    });
}

function firstDetailMessage(o: unknown): string | undefined {
    const details = jsonField(o, "details");
    return Array.isArray(details) ? jsonString(details[0], "message") : undefined;
}

/** The Power BI REST API (`https://api.powerbi.com`). */
export const powerBiService: ServiceProfile = {
    name: "powerbi",
    requestIdHeaders: REQUEST_ID_HEADERS,
    parseError: parsePowerBiError,
};
