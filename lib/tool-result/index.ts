export * from "./content";
export * from "./size";
export * from "./status";
export * from "./text-format";
export * from "./validate";
