/** What a row's error says: the engine's diagnostics out of the Automation API's error, and its one-line summary. */

/**
 * The part of an Automation API error a user reads: the engine's diagnostics (each resource that failed, and its
 * error), without the command line, the ports and the progress around them. The CLI's error (a CommandError) has
 * its output as `code: N\n stdout: ...\n stderr: ...\n err?: ...`; an inline program's preview and update print the
 * diagnostics on stderr, other commands on stdout.
 */
export function errorText(err: unknown): string {
    const message = err instanceof Error ? err.message : String(err);
    const stderr = /\n ?stderr: ([\s\S]*?)(?:\n ?err\?: |$)/.exec(message)?.[1]?.trim();
    const stdout = /\n ?stdout: ([\s\S]*?)\n ?stderr: /.exec(message)?.[1] ?? "";
    const diagnosticsOf = (text: string) => /Diagnostics:\n([\s\S]*?)(?:\n\S[^\n]*:\n|\nResources:|\nOutputs:|$)/.exec(text)?.[1]?.trimEnd();
    const diagnostics = diagnosticsOf(stdout) ?? diagnosticsOf(stderr ?? "");
    if (diagnostics !== undefined && diagnostics.trim() !== "") return dedent(diagnostics);
    // The command line, which names the CLI by its path and the ports of this run.
    const rest = (stderr ?? "").replace(/^Command failed with [^\n]*\n?/, "").trim();
    return rest || message;
}

/** Text without the indentation all its lines share. */
function dedent(text: string): string {
    const lines = text.split("\n");
    const indent = Math.min(...lines.filter((l) => l.trim() !== "").map((l) => /^ */.exec(l)![0].length));
    return lines
        .map((l) => l.slice(indent).trimEnd())
        .join("\n")
        .trim();
}

/**
 * The line of a row's error that a one-line summary shows (a progress line, the report's table): its first `error:`
 * line that says more than that an update or a preview failed, else its first line.
 */
export function errorHeadline(error: string): string {
    const lines = error.split("\n").map((l) => l.trim());
    const errors = lines.filter((l) => l.startsWith("error:")).map((l) => l.slice("error:".length).trim());
    return errors.find((l) => !/^(update|preview|refresh|destroy) failed$/.test(l)) ?? errors[0] ?? lines[0] ?? "";
}
