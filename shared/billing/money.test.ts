import { amountInMinorUnits, hasAtMostTwoDecimals, isCurrency, isHourlyRate, majorUnits, minorDigits, rateInHundredths } from "./money";

describe("currencies", () => {
  it("when a code is ISO 4217, then it is known with its minor digits", () => {
    expect(isCurrency("USD")).toBe(true);
    expect(minorDigits("USD")).toBe(2);
    expect(minorDigits("JPY")).toBe(0);
    expect(minorDigits("KWD")).toBe(3);
  });

  it("when a code is not ISO 4217 or not upper case, then it is unknown", () => {
    expect(isCurrency("usd")).toBe(false);
    expect(isCurrency("XYZ")).toBe(false);
    expect(() => minorDigits("XYZ")).toThrow(RangeError);
  });
});

describe("hourly rates", () => {
  it.each([0, 1, 95, 95.5, 95.55, 1_000_000])("when the rate is %p, then it is accepted", (rate) => {
    expect(isHourlyRate(rate)).toBe(true);
  });

  it.each([-1, 95.555, 0.001, 1_000_000.01, Number.NaN, Number.POSITIVE_INFINITY])("when the rate is %p, then it is refused", (rate) => {
    expect(isHourlyRate(rate)).toBe(false);
  });

  it("when a rate has a binary-inexact decimal, then its hundredths are exact", () => {
    expect(rateInHundredths(0.29)).toBe(29);
    expect(rateInHundredths(1.15)).toBe(115);
    expect(rateInHundredths(95.55)).toBe(9555);
  });
});

describe("amounts", () => {
  it("when an hour is billed, then the amount is the rate in minor units", () => {
    expect(amountInMinorUnits(3600, 9550, 2)).toBe(9550);
    expect(amountInMinorUnits(3600, 150050, 0)).toBe(1501);
    expect(amountInMinorUnits(3600, 1234, 3)).toBe(12340);
  });

  it("when the exact amount ends in half a minor unit, then it rounds up", () => {
    // 1 second at 18.00 an hour is 0.5 cents.
    expect(amountInMinorUnits(1, 1800, 2)).toBe(1);
    // 1 second at 17.99 an hour is 0.4997 cents.
    expect(amountInMinorUnits(1, 1799, 2)).toBe(0);
    // 30 minutes at 1,001 yen an hour is 500.5 yen.
    expect(amountInMinorUnits(1800, 100100, 0)).toBe(501);
  });

  it("when nothing is billed or the rate is zero, then the amount is zero", () => {
    expect(amountInMinorUnits(0, 9550, 2)).toBe(0);
    expect(amountInMinorUnits(3600, 0, 2)).toBe(0);
  });

  it("when the product leaves the doubles' exact range, then the amount is still exact", () => {
    // A day at the highest rate in a currency of four digits: 86,400 × 100,000,000 × 10,000.
    const seconds = 86_400;
    const hundredths = 100_000_000;
    expect(amountInMinorUnits(seconds, hundredths, 4)).toBe(Number((BigInt(seconds) * BigInt(hundredths) * 10_000n) / 360_000n));
  });

  it("when amounts are shown, then they are exact to the minor unit", () => {
    expect(majorUnits(1999, 2)).toBe(19.99);
    expect(majorUnits(1501, 0)).toBe(1501);
    expect(majorUnits(12345, 3)).toBe(12.345);
    expect(majorUnits(10, 2)).toBe(0.1);
  });
});

describe("two decimals", () => {
  it.each([0.07, 19.99, 1000.5, 999_999_999.99, 1e9, 0])("when the value is %p, then it has at most two decimals", (value) => {
    expect(hasAtMostTwoDecimals(value)).toBe(true);
  });

  it.each([7 * 0.01, 123_456_789 * 0.01, 0.1 + 0.2])(
    "when a client's arithmetic left %p a unit in the last place off, then it has at most two decimals",
    (value) => {
      expect(hasAtMostTwoDecimals(value)).toBe(true);
    },
  );

  it.each([10.005, 0.001, 999_999_999.995, Number.NaN, Number.POSITIVE_INFINITY])("when the value is %p, then it has more", (value) => {
    expect(hasAtMostTwoDecimals(value)).toBe(false);
  });
});
