import { AppError } from "@/lib/errors";

/** The AppError `fn` throws; anything else thrown is thrown on, and nothing thrown fails the test. */
export function thrownAppError(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("did not throw");
}

/** The AppError `promise` rejects with; anything else is thrown on, and a resolved one fails the test. */
export async function rejectedAppError(promise: Promise<unknown>): Promise<AppError> {
  const outcome: unknown = await promise.then(
    () => new Error("did not reject"),
    (e: unknown) => e,
  );
  if (outcome instanceof AppError) return outcome;
  throw outcome;
}
