using System;

namespace Acme.Shop.Models;

public partial class Order : IComparable<Order>
{
    public Status State { get; private set; } = Status.Open;

    public override bool Validate() => _lines.Count > 0 && State != Status.Paid;

    public override void Touch()
    {
        base.Touch();
    }

    public int Count(string sku)
    {
        int total = 0;
        foreach (var line in _lines)
        {
            if (line.Sku == sku) total += line.Quantity;
        }
        return total;
    }

    public int CompareTo(Order other) => Id.CompareTo(other.Id);

    public static Money operator +(Order a, Order b) => new Money(a.Id + b.Id);
}

public struct Money : IEquatable<Money>
{
    public Money(long cents) { Cents = cents; }
    public long Cents { get; }
    public bool Equals(Money other) => Cents == other.Cents;
}
