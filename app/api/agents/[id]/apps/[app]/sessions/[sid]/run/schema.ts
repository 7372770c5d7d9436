import { RunBody } from "@/lib/contracts/agents";

/** POST …/run: the user's message parts (text or inline files), streaming, optional stateDelta. */
export const runBody = RunBody;
