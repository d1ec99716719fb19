/** An error meant for the user: printed without a stack trace, with what to do next. */
export class UserError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
    this.name = 'UserError';
  }
}
