// The spec reporter, plus one closing line "N passed, N failed, N skipped" that CI reads.
"use strict";
const Mocha = require("mocha");
const { EVENT_RUN_END } = Mocha.Runner.constants;

class SummaryReporter extends Mocha.reporters.Spec {
    constructor(runner, options) {
        super(runner, options);
        runner.once(EVENT_RUN_END, () => {
            const s = runner.stats || {};
            process.stdout.write(`\ntests: ${s.passes || 0} passed, ${s.failures || 0} failed, ${s.pending || 0} skipped\n`);
        });
    }
}
module.exports = SummaryReporter;
