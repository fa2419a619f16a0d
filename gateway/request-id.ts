import { randomUUID } from "node:crypto";

/** Ids we accept from callers: short and printable, so they are safe in logs and headers. */
const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && ACCEPTABLE.test(value) ? value : randomUUID();
}
