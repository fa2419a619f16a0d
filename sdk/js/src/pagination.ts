import type { WithResponse } from "./api-promise.js";
import type { PageMeta } from "./types.js";

interface ListBody<T> {
  data: T[];
  meta: PageMeta;
}

/** Fetches page number `page` (from 1) of the same list, with the same filters and page size. */
export type PageFetcher<T> = (page: number) => Promise<{ body: ListBody<T>; response: Response }>;

/**
 * One page of a list, and an async iterator over every item of every page from this one on:
 * `for await (const project of await stint.projects.list())`.
 */
export class Page<T> implements AsyncIterable<T> {
  readonly data: T[];
  readonly meta: PageMeta;
  /** The HTTP answer this page came in. */
  readonly response: Response;
  private readonly fetchPage: PageFetcher<T>;

  constructor(body: ListBody<T>, response: Response, fetchPage: PageFetcher<T>) {
    this.data = body.data;
    this.meta = body.meta;
    this.response = response;
    this.fetchPage = fetchPage;
  }

  /** Whether a page follows this one. */
  hasNextPage(): boolean {
    const { page, per_page: perPage, total } = this.meta;
    return this.data.length > 0 && page * perPage < total;
  }

  /** The page after this one; `null` after the last. */
  async nextPage(): Promise<Page<T> | null> {
    if (!this.hasNextPage()) return null;
    const { body, response } = await this.fetchPage(this.meta.page + 1);
    return new Page(body, response, this.fetchPage);
  }

  /** This page and every page after it, fetched as the loop asks for them. */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    yield this;
    let page = await this.nextPage();
    while (page) {
      yield page;
      page = await page.nextPage();
    }
  }

  /** Every item of this page and of every page after it. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.data;
  }
}

/**
 * What a list method returns: await it for the first page, or loop over it with `for await`
 * for every item without awaiting first.
 */
export class PagePromise<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  private readonly first: Promise<Page<T>>;

  constructor(fetchPage: PageFetcher<T>, firstPage = 1) {
    this.first = fetchPage(firstPage).then(({ body, response }) => new Page(body, response, fetchPage));
    // Unawaited, a failed first page must not be reported as unhandled before the caller looks.
    this.first.catch(() => undefined);
  }

  /** The first page, as a promise would give it. */
  then<A = Page<T>, B = never>(
    onFulfilled?: ((page: Page<T>) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.first.then(onFulfilled, onRejected);
  }

  /** The first page's failure, as a promise would give it. */
  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page<T> | B> {
    return this.first.catch(onRejected);
  }

  /** The first page with the HTTP response it came in (`status`, `headers`) and its request id. */
  withResponse(): Promise<WithResponse<Page<T>>> {
    return this.first.then((page) => ({
      data: page,
      response: page.response,
      requestId: page.response.headers.get("x-request-id") ?? undefined,
    }));
  }

  /** Every item of every page, from the first page on. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    yield* await this.first;
  }
}
