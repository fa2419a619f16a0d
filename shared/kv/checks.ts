/** Both adapters reject the same arguments: Redis takes only whole, positive expiries. */
export function checkPositiveInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`${what} must be a positive whole number, got ${value}`);
}

export function checkInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number, got ${value}`);
}
