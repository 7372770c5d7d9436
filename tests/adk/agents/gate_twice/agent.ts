/**
 * gate_twice: a workflow written for Loupe's interrupt tests. Every user message runs START →
 * fetch (a FunctionNode auth gate). ADK JS names the gate's adk_request_credential call after the
 * credential key, so each run's request reuses the call id "gate_key" (tests/integration/adk-pauses.test.ts).
 */
import { AuthCredentialTypes, FunctionNode, Workflow } from "@google/adk";
import type { AuthConfig } from "@google/adk";

const GATE: AuthConfig = {
  authScheme: { type: "apiKey", in: "header", name: "X-Gate-Key" },
  rawAuthCredential: { authType: AuthCredentialTypes.API_KEY },
  credentialKey: "gate_key",
};

// rerunOnResume: the node runs again with the credential instead of returning the reply (adk.md §9.5).
const fetchNode = new FunctionNode("fetch", () => ({ fetched: true }), { authConfig: GATE, rerunOnResume: true });

export const rootAgent = new Workflow({
  name: "gate_twice",
  description: "START -> fetch (auth gate); every message runs it again.",
  edges: [["START", fetchNode]],
});
