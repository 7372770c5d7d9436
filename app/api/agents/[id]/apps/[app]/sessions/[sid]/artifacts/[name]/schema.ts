export { artifactQuery } from "../schema";
