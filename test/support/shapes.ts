/** The bodies API suites read, as docs/api.md#errors and docs/api.md#lists-and-paging define them. */

export interface StyleAError {
  error: {
    code: string;
    message: string;
    details: { field?: string; reason?: string; errors?: { field: string; reason: string }[] } & Record<string, unknown>;
  };
}

export interface StyleBError {
  error: string;
  code: string;
  details: { field?: string; reason?: string } & Record<string, unknown>;
}

export interface List<T> {
  data: T[];
  meta: { total: number; page: number; per_page: number };
}

export const A = "/api/v1";
export const B = "/api";

/** A project id as the given style writes it (`prj_` in A, `proj_` in B), from either style's (docs/api.md#identifiers). */
export function projectIdIn(style: "A" | "B", id: string): string {
  return `${style === "A" ? "prj" : "proj"}_${id.slice(id.indexOf("_") + 1)}`;
}
