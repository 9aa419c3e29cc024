// Tests run TypeScript through ts-node (transpile only: `npm test` type-checks with tsc first).
process.env.TS_NODE_PROJECT = require("path").join(__dirname, "..", "..", "tsconfig.json");
process.env.TS_NODE_TRANSPILE_ONLY = "true";
require("ts-node/register");
