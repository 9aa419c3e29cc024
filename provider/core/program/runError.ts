/**
 * What tenantkit throws in a program to stop it with a message a person can act on: a `pulumi.RunError`, which the
 * CLI prints as its message alone, with no stack trace nor a dump of the error's fields.
 */
import * as pulumi from "@pulumi/pulumi";

/**
 * A `pulumi.RunError` named `name` that carries no stack frames. The CLI never shows a RunError's frames, but the SDK
 * still formats every uncaught error with `util.inspect(err, { colors: true })` for its trace span, and Node loops in
 * that call on a frame such as `node_modules/@pulumi/output.ts:379:13` or `node_modules/@pulumi/resource.ts:475:26`
 * (no separator after the file; nodejs/node#64011). Every error thrown in an `apply` or in a resource's constructor
 * (a stack transformation, as enforceQuotas's) has one: the preview spent half a minute of CPU and gigabytes of
 * memory until the string grew too long, before it could fail.
 */
export class ProgramRunError extends pulumi.RunError {
    constructor(name: string, message: string) {
        super(message);
        Object.defineProperty(this, "name", { value: name, enumerable: false, configurable: true, writable: true });
        this.stack = `${name}: ${message}`;
    }
}
