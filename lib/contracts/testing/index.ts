/**
 * The testing contract (issue 24): cases, assertions, suites, runs and the suite file, shared by
 * the server (lib/server/testing/), the browser (the Tests view) and the CLI (lib/cli/test.ts).
 */
export * from "@/lib/contracts/testing/assertions";
export * from "@/lib/contracts/testing/case";
export * from "@/lib/contracts/testing/runs";
export * from "@/lib/contracts/testing/suite-file";
export * from "@/lib/contracts/testing/model-evals";
