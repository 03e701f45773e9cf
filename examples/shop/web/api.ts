/** HTTP handlers for the shop's web front. */
import { formatPrice, Money } from "./format";

export interface CartView {
  items: string[];
  total: Money;
}

export class CartController {
  private views = 0;

  constructor(private readonly currency: string) {}

  render(items: string[], total: number): CartView {
    this.views += 1;
    return { items, total: formatPrice(total, this.currency) };
  }
}

export const handler = async (body: string): Promise<CartView> => {
  const controller = new CartController("EUR");
  return controller.render(body.split(","), 0);
};
