/** An expected failure: the client did something the rules refuse. Answered as {"detail": message}. */
export class AppError extends Error {
  readonly statusCode: number;
  /** Fields the answer carries beside `detail` (a series' `clashes`), as the route declares. */
  readonly extra: Record<string, unknown> | undefined;

  constructor(statusCode: number, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.extra = extra;
  }
}

export const notFound = (message: string) => new AppError(404, message);
export const badRequest = (message: string) => new AppError(400, message);
export const conflict = (message: string) => new AppError(409, message);
