import { z } from "zod";
import { queryInteger } from "./validation";

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 200;

/** `page` (from 1) and `per_page` (1-200, default 50); anything else is a 400. */
export const pagingQuery = {
  page: queryInteger(1, 1_000_000, 1),
  per_page: queryInteger(1, MAX_PER_PAGE, DEFAULT_PER_PAGE),
};

export interface Page {
  page: number;
  per_page: number;
}

export interface ListEnvelope<T> {
  data: T[];
  meta: { total: number; page: number; per_page: number };
}

export function skipOf(page: Page): number {
  return (page.page - 1) * page.per_page;
}

export function listEnvelope<T>(data: T[], total: number, page: Page): ListEnvelope<T> {
  return { data, meta: { total, page: page.page, per_page: page.per_page } };
}

export type PagingQuery = z.infer<z.ZodObject<typeof pagingQuery>>;
