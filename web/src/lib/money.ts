/**
 * Money as the app shows and reads it. Rates and amounts are numbers in the major unit of
 * the organization's currency (docs/api.md, "Money: rates, amounts and budgets"); a rate the
 * reader may not see is absent from what the server sends, and is shown as a dash.
 */

import type { OrganizationUpdateParams } from "@stint/sdk";

/** An ISO 4217 code as the API takes it: one of the codes its contract lists. */
export type CurrencyCode = NonNullable<OrganizationUpdateParams["currency"]>;

/**
 * `code` as the API takes it. The browser's list of codes may differ from the server's, so
 * the server decides: it refuses a code it does not keep with a 400 naming `currency`.
 */
export function currencyCode(code: string): CurrencyCode {
  if (!/^[A-Z]{3}$/.test(code)) throw new Error("Choose a currency from the list.");
  return code as CurrencyCode;
}

/**
 * ISO 4217 codes to offer: the browser's list (the server accepts the list of its own
 * platform, `Intl.supportedValuesOf("currency")`, and names `currency` when it refuses one),
 * with the current code always among them.
 */
export function currencyCodes(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : [];
  return [...new Set([...known, current])].sort();
}

/** "EUR" -> "EUR: Euro", when the browser can name it. */
export function currencyLabel(code: string): string {
  try {
    const name = new Intl.DisplayNames(undefined, { type: "currency" }).of(code);
    return name && name !== code ? `${code}: ${name}` : code;
  } catch {
    return code;
  }
}

/** 85.5 in EUR -> "€85.50", or a dash when there is no rate or the reader may not see it. */
export function showMoney(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined) return "—";
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/**
 * A rate as typed: empty is `null` (no rate); otherwise a number, which the server checks
 * further (at most two decimals, 0 to 1,000,000) and names the field when it refuses it.
 */
export function parseRate(text: string, what = "The hourly rate"): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const rate = Number(trimmed);
  if (!Number.isFinite(rate)) throw new Error(`${what} must be a number, such as 85.50.`);
  return rate;
}

/** A rate as the form holds it: text, empty for none. */
export function rateText(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? "" : String(rate);
}
