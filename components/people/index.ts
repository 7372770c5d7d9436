/** Team mode's people as the shell places them (issue 25): the header's who-am-i, the role banner, the Audit view. */
export { AuditLink, type AuditLinkProps } from "./audit-link";
export { AuditMain } from "./audit-main";
export { RoleBanner } from "./role-banner";
export { WhoAmI } from "./who-am-i";
export { RoleProvider } from "./role-provider";
