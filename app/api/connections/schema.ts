import { ConnectionInput } from "@/lib/contracts/connections";

/** POST /api/connections: a new connection's configuration. */
export const createConnectionBody = ConnectionInput;
