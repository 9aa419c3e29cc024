// The bare provider plugin the plugin benchmarks compare tenantkit's with (bench/barePlugin.ts bundles it as
// scripts/plugin.ts bundles tenantkit's: the same ncc step, the same launcher). It serves tenantkit's schema, so the
// same Node.js SDK and the same YAML programs drive it with the same resource tokens and properties, and answers every
// call at once: Check returns the inputs, Diff says nothing changed, Create, Read and Update echo the properties. It
// is built as tenantkit's server is (provider/plugin/server.ts: @grpc/grpc-js and the SDK's generated modules), so its
// start and its answers cost what serving the engine costs, and nothing of tenantkit's own.
"use strict";

const grpc = require("@grpc/grpc-js");
const { Empty } = require("google-protobuf/google/protobuf/empty_pb");
const provider = require("@pulumi/pulumi/proto/provider_pb");
const providerRpc = require("@pulumi/pulumi/proto/provider_grpc_pb");
const plugin = require("@pulumi/pulumi/proto/plugin_pb");
// Required, as tenantkit's main.ts requires both, so the bundle carries them.
const { version } = require("../../../package.json");
const schema = JSON.stringify(require("../../../schema.json"));

const unary = (body) => (call, callback) => {
    try {
        callback(null, body(call.request));
    } catch (err) {
        callback(err, null);
    }
};

/** The resource's name, the last part of its URN: a stable id for a bare resource. */
const nameOf = (urn) => urn.slice(urn.lastIndexOf("::") + 2);

const noChanges = () => new provider.DiffResponse().setChanges(provider.DiffResponse.DiffChanges.DIFF_NONE).setHasdetaileddiff(true);

const service = {
    getPluginInfo: unary(() => new plugin.PluginInfo().setVersion(version)),
    getSchema: unary(() => new provider.GetSchemaResponse().setSchema(schema)),
    checkConfig: unary((req) => new provider.CheckResponse().setInputs(req.getNews())),
    diffConfig: unary(noChanges),
    configure: unary(() =>
        new provider.ConfigureResponse().setAcceptsecrets(true).setSupportspreview(true).setAcceptresources(false).setAcceptoutputs(false),
    ),
    check: unary((req) => new provider.CheckResponse().setInputs(req.getNews())),
    diff: unary(noChanges),
    create: unary((req) => new provider.CreateResponse().setId(nameOf(req.getUrn())).setProperties(req.getProperties())),
    read: unary((req) => new provider.ReadResponse().setId(req.getId()).setProperties(req.getProperties()).setInputs(req.getInputs())),
    update: unary((req) => new provider.UpdateResponse().setProperties(req.getNews())),
    delete: unary(() => new Empty()),
    cancel: unary(() => new Empty()),
    attach: unary(() => new Empty()),
};

const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024, "grpc.max_send_message_length": 400 * 1024 * 1024 });
server.addService(providerRpc.ResourceProviderService, service);
server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
    if (err) {
        console.error(`the bare plugin could not start: ${err.message}`);
        process.exit(1);
    }
    process.stdout.write(`${port}\n`);
});
