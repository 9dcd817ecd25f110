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

/**
 * The file system refused (permission, read-only, disk full, a folder where a file
 * should be…): the message names the file and says what to do; nothing was written
 * (CLI exit code 5). `code` is the system's error code (`EACCES`…).
 */
export class CortexFileError extends Error {
  constructor(
    message: string,
    readonly path: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'CortexFileError';
  }
}

/**
 * The change was written, but could not be confirmed: within the settle window
 * another program wrote the file again and the change could not be put back, or the
 * other program's concurrent edit may be missing (CLI exit code 4). The message says
 * which, and what to check.
 */
export class CortexUnconfirmedError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'CortexUnconfirmedError';
  }
}

/**
 * How a failed write is told apart, the same way by every door: the CLI's exit codes
 * (input 2, conflict 3, unconfirmed 4, file 5), the MCP tools' `error.kind`, the
 * extension's warnings. `other` is anything else (a bug): its message as it is.
 */
export type FailureKind = 'input' | 'conflict' | 'unconfirmed' | 'file' | 'other';

export function failureKind(e: unknown): FailureKind {
  if (e instanceof CortexUnconfirmedError) return 'unconfirmed';
  if (e instanceof CortexConflictError) return 'conflict';
  if (e instanceof CortexInputError) return 'input';
  if (e instanceof CortexFileError) return 'file';
  return 'other';
}
