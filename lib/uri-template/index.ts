export { parseTemplate, requiredVariableNames, tryParseTemplate, variableNames, UriTemplateError } from "./parse";
export type { Operator, ParsedTemplate, TemplatePart, VarSpec } from "./parse";
export { encodeValue, expandTemplate } from "./expand";
export type { TemplateValue, TemplateValues } from "./expand";
