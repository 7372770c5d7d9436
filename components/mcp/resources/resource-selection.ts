/** The Resources tab's open item: a resource by URI or a template by its URI template (?r= / ?rt=). */
export type ResourceSelection = { kind: "resource"; uri: string } | { kind: "template"; uriTemplate: string } | null;
