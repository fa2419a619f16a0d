/** The bodies API suites read, as decisions §1 and §6 define them. */

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
