export { userQuery } from "../schema";
