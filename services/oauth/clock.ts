/**
 * The time the oauth service's use cases go by, in epoch milliseconds. Every expiry (codes,
 * device codes, refresh tokens) and every retention age is measured against it, so tests
 * can move it instead of waiting.
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
