/**
 * The provider's parsers accept Graph's official TAP payloads (test/fixtures/conformance, see SOURCES.md there).
 */
import { strict as assert } from "node:assert";
import { TemporaryAccessPassMethodListWire, TemporaryAccessPassMethodWire } from "../../provider/entra/temporaryAccessPass/schema";
import { conformance } from "../support/conformance";

describe("conformance: Graph temporaryAccessPassMethods payloads", () => {
    it("parses the official list response, one method with a null pass", () => {
        const parsed = TemporaryAccessPassMethodListWire.parse(conformance("graph-tap-list.response.json"));
        assert.equal(parsed.value.length, 1);
        assert.equal(parsed.value[0]!.id, "bdaede67-61e0-4349-9347-d2d6afd84009");
        assert.equal(parsed.value[0]!.temporaryAccessPass, null);
        assert.equal(parsed.value[0]!.methodUsabilityReason, "NotYetValid");
        assert.match(parsed["@odata.context"]!, /users\('071cc716-8147-4397-a5ba-b2105951cc0b'\)/);
    });

    it("parses the official single-method response, keeping the fields Graph adds (@odata.type)", () => {
        const parsed = TemporaryAccessPassMethodWire.parse(conformance("graph-tap-get.response.json"));
        assert.equal(parsed.id, "6f1967b7-15e8-4935-ac26-d50770ed07a7");
        assert.equal(parsed.lifetimeInMinutes, 60);
        assert.equal(parsed["@odata.type"], "#microsoft.graph.temporaryAccessPassAuthenticationMethod");
    });
});
