import type { ErrorObject } from "ajv";
import { plural } from "@/lib/format";
import { joinPointer } from "./pointer";
import type { ValidationIssue } from "./types";

const TYPE_NAMES: Record<string, string> = {
  string: "text",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  null: "null",
};

const FORMAT_NAMES: Record<string, string> = {
  email: "an email address",
  uri: "a full URI (with a scheme, e.g. https://…)",
  "uri-reference": "a URI reference",
  url: "a URL",
  date: "a date (YYYY-MM-DD)",
  "date-time": "a date and time (e.g. 2025-01-31T12:00:00Z)",
  time: "a time (HH:MM:SS with a timezone)",
  uuid: "a UUID",
  ipv4: "an IPv4 address",
  ipv6: "an IPv6 address",
  hostname: "a host name",
  regex: "a regular expression",
};

function show(value: unknown): string {
  return typeof value === "string" ? `"${value}"` : JSON.stringify(value);
}

function typeMessage(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(",");
  return `must be ${types.map((t: unknown) => TYPE_NAMES[String(t)] ?? String(t)).join(" or ")}`;
}

/** One ajv error → a field-level message in plain English, addressed to the field it is about. */
export function toIssue(error: ErrorObject): ValidationIssue {
  const p = error.params as Record<string, unknown>;
  const at = error.instancePath;
  switch (error.keyword) {
    case "required":
      return { path: joinPointer(at, String(p.missingProperty)), message: "is required" };
    case "dependentRequired":
    case "dependencies":
      return { path: joinPointer(at, String(p.missingProperty)), message: `is required when ${String(p.property)} is set` };
    case "additionalProperties":
      return { path: joinPointer(at, String(p.additionalProperty)), message: "is not an allowed property" };
    case "unevaluatedProperties":
      return { path: joinPointer(at, String(p.unevaluatedProperty)), message: "is not an allowed property" };
    case "type":
      return { path: at, message: typeMessage(p.type) };
    case "minimum":
      return { path: at, message: `must be at least ${String(p.limit)}` };
    case "maximum":
      return { path: at, message: `must be at most ${String(p.limit)}` };
    case "exclusiveMinimum":
      return { path: at, message: `must be greater than ${String(p.limit)}` };
    case "exclusiveMaximum":
      return { path: at, message: `must be less than ${String(p.limit)}` };
    case "multipleOf":
      return { path: at, message: `must be a multiple of ${String(p.multipleOf)}` };
    case "minLength":
      return { path: at, message: p.limit === 1 ? "must not be empty" : `must be at least ${plural(Number(p.limit), "character")}` };
    case "maxLength":
      return { path: at, message: `must be at most ${plural(Number(p.limit), "character")}` };
    case "pattern":
      return { path: at, message: `must match the pattern ${String(p.pattern)}` };
    case "format":
      return { path: at, message: `must be ${FORMAT_NAMES[String(p.format)] ?? `a valid ${String(p.format)}`}` };
    case "enum":
      return { path: at, message: `must be one of ${(p.allowedValues as unknown[]).map(show).join(", ")}` };
    case "const":
      return { path: at, message: `must be ${show(p.allowedValue)}` };
    case "minItems":
      return { path: at, message: `must have at least ${plural(Number(p.limit), "item")}` };
    case "items":
    case "additionalItems":
      // Tuple schemas: items past the declared positions are not allowed.
      if (typeof p.limit === "number") return { path: at, message: `must have at most ${plural(Number(p.limit), "item")}` };
      return { path: at, message: error.message ?? "has an item that is not allowed" };
    case "maxItems":
      return { path: at, message: `must have at most ${plural(Number(p.limit), "item")}` };
    case "uniqueItems":
      return { path: at, message: `must not repeat items (items ${Number(p.j) + 1} and ${Number(p.i) + 1} are equal)` };
    case "minProperties":
      return { path: at, message: `must have at least ${plural(Number(p.limit), "property", "properties")}` };
    case "maxProperties":
      return { path: at, message: `must have at most ${plural(Number(p.limit), "property", "properties")}` };
    case "anyOf":
    case "oneOf":
      return {
        path: at,
        message: p.passingSchemas ? "matches more than one of the allowed shapes" : "must match one of the allowed shapes",
      };
    case "not":
      return { path: at, message: "is not allowed here" };
    case "false schema":
      return { path: at, message: "is not allowed" };
    default:
      return { path: at, message: error.message ?? `fails ${error.keyword}` };
  }
}
