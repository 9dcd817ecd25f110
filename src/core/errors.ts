/** Errors the core reports to people: each says what is wrong in one line. */

/** Bad input: nothing was written (CLI exit code 2). */
export class CortexInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CortexInputError';
  }
}

/** The file kept changing underneath: nothing was overwritten (CLI exit code 3). */
export class CortexConflictError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'CortexConflictError';
  }
}
