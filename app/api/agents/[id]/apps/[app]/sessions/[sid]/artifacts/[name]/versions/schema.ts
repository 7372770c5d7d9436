export { userQuery } from "../../schema";
