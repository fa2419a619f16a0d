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
