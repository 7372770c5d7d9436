/** Vitest's JSON report, as far as npm test reads it. */
export interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  testResults?: {
    name?: string;
    status: string;
    message?: string;
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}

export function readVitestReport(report: VitestReport, root: string): { passed: number; failed: number; failures: string[] };
