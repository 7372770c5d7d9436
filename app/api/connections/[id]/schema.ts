import { ConnectionInput } from "@/lib/contracts/connections";

/** PATCH /api/connections/:id: the whole edited config; SECRET_MASK values keep the stored secret. */
export const updateConnectionBody = ConnectionInput;
