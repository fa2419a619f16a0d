/** What a call answered, with the HTTP response it came in. */
export interface WithResponse<T> {
  /** What the call itself resolves to. */
  data: T;
  /** The HTTP response, its body already read: `status`, `headers`. */
  response: Response;
  /** The server's `X-Request-Id` for the request: quote it when asking why. */
  requestId: string | undefined;
}

/**
 * What every method that sends a request returns: a promise of its result which can also
 * give the HTTP response it came in, `await stint.projects.get(id).withResponse()`.
 */
export class APIPromise<T> extends Promise<T> {
  /** `then`, `catch` and `finally` make plain promises: they know nothing of a response. */
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  private readonly answer: Promise<WithResponse<T>>;

  constructor(answer: Promise<{ data: T; response: Response }>) {
    super((resolve, reject) => answer.then(({ data }) => resolve(data), reject));
    this.answer = answer.then(({ data, response }) => ({ data, response, requestId: response.headers.get("x-request-id") ?? undefined }));
    // A caller may await either face and leave the other alone: neither is an unhandled rejection then.
    this.answer.catch(() => undefined);
    this.catch(() => undefined);
  }

  /** The result with the HTTP response it came in (`status`, `headers`) and its request id. */
  withResponse(): Promise<WithResponse<T>> {
    return this.answer;
  }
}
