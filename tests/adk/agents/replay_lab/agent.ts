import { replayLab } from "../../replay-lab";

export const rootAgent = replayLab("replay_lab");
