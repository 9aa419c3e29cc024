// The plugin-start benchmark's reference (bench/plugin.ts): a provider plugin on @pulumi/pulumi/provider that does
// nothing, so that its first answer costs only Node, the SDK and the gRPC handshake.
const provider = require("@pulumi/pulumi/provider");

provider.main({ version: "0.0.1" }, process.argv.slice(2));
