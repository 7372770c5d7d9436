import type { CaseTarget } from "@/lib/contracts/testing";

/**
 * A suite file is meant for a repository, so an exported target keeps no secret (DESIGN: secrets are
 * masked in every export): each header of a URL target and each environment variable of a command
 * target is written as a `${env:NAME}` reference, and whoever runs the file (`loupe-inspector test`
 * in CI, or Loupe) supplies NAME. `expandTargetEnv` reads them back, refusing in words a variable
 * that is not set.
 */

const REFERENCE = /^\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** The variable a header or environment entry is exported under: `LOUPE_SECRET_<NAME>`. */
export function secretVariable(name: string): string {
  return `LOUPE_SECRET_${name.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}`;
}

function referenced(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.keys(values).map((k) => [k, REFERENCE.test(values[k] ?? "") ? values[k]! : `\${env:${secretVariable(k)}}`]),
  );
}

/** The target as a suite file holds it: header and environment values replaced by `${env:…}` references. */
export function portableTarget(target: CaseTarget): CaseTarget {
  if (target.kind === "url" && target.headers) return { ...target, headers: referenced(target.headers) };
  if (target.kind === "command" && target.env) return { ...target, env: referenced(target.env) };
  return target;
}

function expand(values: Record<string, string>, env: Readonly<Record<string, string | undefined>>, what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const name = REFERENCE.exec(value)?.[1];
    if (!name) {
      out[key] = value;
      continue;
    }
    const set = env[name];
    if (set === undefined) throw new Error(`${what} ${key} is \${env:${name}}: set ${name} to its value`);
    out[key] = set;
  }
  return out;
}

/** A target's `${env:NAME}` references replaced by the values in `env`; throws, naming it, when one is not set. */
export function expandTargetEnv(target: CaseTarget, env: Readonly<Record<string, string | undefined>>): CaseTarget {
  if (target.kind === "url" && target.headers) return { ...target, headers: expand(target.headers, env, "the header") };
  if (target.kind === "command" && target.env) return { ...target, env: expand(target.env, env, "the environment variable") };
  return target;
}
