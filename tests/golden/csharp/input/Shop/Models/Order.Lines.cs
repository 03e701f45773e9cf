using System.Collections.Generic;

namespace Acme.Shop.Models;

public partial class Order : Entity<long>
{
    /// <summary>One line of an order.</summary>
    public record Line(string Sku, int Quantity);

    private readonly List<Line> _lines = new List<Line>();

    public Order(long id) : base(id) { }

    public Order() : this(0) { }

    public int this[string sku] => Count(sku);

    public void Add(string sku, int quantity)
    {
        _lines.Add(new Line(sku, quantity));
        Touch();
    }
}
