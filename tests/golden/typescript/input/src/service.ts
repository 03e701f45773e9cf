import { Product, Status, type Money } from "./models";
import * as models from "./models";
import { format } from "./util";
import express from "express";

function Injectable(target: unknown): void {}

export namespace Pricing {
  export const VAT = 0.2;
  export function withVat(amount: number): number {
    return amount * (1 + VAT);
  }
}

@Injectable
export class Catalog {
  private items = new Map<string, Product>();

  add(product: Product, ...more: Product[]): this {
    this.items.set(product.id, product);
    more.forEach((p) => this.add(p));
    return this;
  }

  total(currency?: string): Money {
    let sum = 0;
    for (const item of this.items.values()) {
      sum += Pricing.withVat(item.price);
    }
    return { amount: sum, currency: currency ?? "EUR" };
  }

  async status(): Promise<Status> {
    return models.Status.Open;
  }
}

export const makeCatalog = (...products: Product[]): Catalog => {
  const catalog = new Catalog();
  products.forEach((p) => catalog.add(p));
  format(catalog.total());
  return catalog;
};

export function overloaded(x: string): string;
export function overloaded(x: number): number;
export function overloaded(x: string | number): string | number {
  return x;
}

const app = express();
app.listen(3000);
