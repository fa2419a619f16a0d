/**
 * Money in Stint: amounts are computed in integer minor units of the organization's
 * currency (cents, yen, fils) and shown as JSON numbers in major units, exact to the minor
 * unit. Rates are decimals in the major unit with at most two decimals, so a rate is held
 * as an integer count of hundredths: every amount is then a ratio of integers, rounded
 * once, half-up, per entry (docs/api.md, "Money: rates, amounts and budgets").
 */

/** ISO 4217 codes Stint accepts: the ones Node's ICU knows, which also gives their minor digits. */
export const CURRENCIES: readonly string[] = Object.freeze(Intl.supportedValuesOf("currency"));

const KNOWN = new Set(CURRENCIES);

export const DEFAULT_CURRENCY = "USD";

/** The highest hourly rate accepted at any level. */
export const MAX_HOURLY_RATE = 1_000_000;

export function isCurrency(code: string): boolean {
  return KNOWN.has(code);
}

const digitsCache = new Map<string, number>();

/** Digits after the decimal point of the currency's minor unit: 2 for USD, 0 for JPY, 3 for KWD. */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    if (!isCurrency(currency)) throw new RangeError(`unknown currency ${currency}`);
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** True when `rate` is a finite, non-negative decimal with at most two decimals, within the maximum. */
export function isHourlyRate(rate: number): boolean {
  if (!Number.isFinite(rate) || rate < 0 || rate > MAX_HOURLY_RATE) return false;
  const hundredths = Math.round(rate * 100);
  return Math.abs(hundredths - rate * 100) < 1e-6;
}

/**
 * True when `value` is a finite number with at most two decimals, as budgets are: a whole
 * number of hundredths, up to the few units in the last place that a client's own arithmetic
 * leaves (`7 * 0.01` is 0.07000000000000001), whatever its size.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) <= Math.abs(hundredths) * Number.EPSILON * 4;
}

/** A rate (major units per hour, at most two decimals) as an integer count of hundredths. */
export function rateInHundredths(rate: number): number {
  if (!isHourlyRate(rate)) throw new RangeError(`not an hourly rate: ${rate}`);
  return Math.round(rate * 100);
}

/** Hundredths of a major unit per hour, back as the decimal the API shows. */
export function rateFromHundredths(hundredths: number): number {
  return hundredths / 100;
}

const SECONDS_PER_HOUR_IN_HUNDREDTHS = 3600 * 100;

/**
 * The amount, in minor units, of `seconds` at `hundredths` (of the major unit) an hour,
 * rounded half-up to the minor unit: seconds × hundredths × 10^digits / 360,000, in
 * integers: doubles hold them exactly while the numerator stays below 2^53 (a day at the
 * highest rate in a currency of three digits is 8.64e15); beyond that, BigInt.
 */
export function amountInMinorUnits(seconds: number, hundredths: number, digits: number): number {
  if (seconds <= 0 || hundredths <= 0) return 0;
  const scale = 10 ** digits;
  const numerator = seconds * hundredths * scale;
  if (Number.isSafeInteger(numerator)) {
    // `%` is exact on doubles, and so is dividing out what it leaves: no float rounding.
    const remainder = numerator % SECONDS_PER_HOUR_IN_HUNDREDTHS;
    const whole = (numerator - remainder) / SECONDS_PER_HOUR_IN_HUNDREDTHS;
    return 2 * remainder >= SECONDS_PER_HOUR_IN_HUNDREDTHS ? whole + 1 : whole;
  }
  const big = BigInt(seconds) * BigInt(hundredths) * BigInt(scale);
  const denominator = BigInt(SECONDS_PER_HOUR_IN_HUNDREDTHS);
  return Number((2n * big + denominator) / (2n * denominator));
}

/** Minor units as a JSON number in major units, exact to the minor unit (1999 cents → 19.99). */
export function majorUnits(minor: number, digits: number): number {
  if (digits === 0) return minor;
  return Number((minor / 10 ** digits).toFixed(digits));
}
