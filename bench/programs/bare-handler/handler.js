// The bare side of host-start (bench/hostStart.ts): a handler that does nothing, in a module a stub requires by path
// at configure, as tenantkit's stub requires its handler (provider/core/program/stub.ts). Both sides then pay the same
// spawn, the same SDK and the same stub; only the handler's own work differs. Plain JavaScript: the provider host
// runs node without TypeScript.
"use strict";

const operations = {
    async check(_olds, news) {
        return { inputs: news };
    },
    async diff() {
        return {};
    },
    async create(inputs) {
        return { id: "1", outs: inputs };
    },
    async read(id, props) {
        return { id, props };
    },
    async update(_id, _olds, news) {
        return { outs: news };
    },
    async delete() {},
};

// Installs the operations on the stub the host deserialized, as the `configure` export of tenantkit's handler modules
// does (core/host/handler.ts stubConfigure): the stub calls `require(m).configure(this, request)`.
exports.configure = async (stub) => {
    Object.assign(stub, operations);
};
