/**
 * `make`, called once and its promise shared by every caller; a failure is forgotten, so the next
 * call tries again (a database that did not answer at start-up).
 */
export function onceUntilFailure<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}
