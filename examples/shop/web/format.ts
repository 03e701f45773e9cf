export type Money = { amount: string; currency: string };

export function formatPrice(value: number, currency = "EUR"): Money {
  return { amount: value.toFixed(2), currency };
}
