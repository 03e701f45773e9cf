using System;
using Clock = System.DateTime;
using static System.Math;

namespace Acme.Shop.Services
{
    using Acme.Shop.Models;

    [AttributeUsage(AttributeTargets.Method)]
    public sealed class AuditedAttribute : Attribute
    {
        public AuditedAttribute(string action) { Action = action; }
        public string Action { get; }
    }

    public class OrderService
    {
        private readonly Func<long, Order> _factory = id => new Order(id);

        [Audited("checkout")]
        public async Task<Order> CheckoutAsync(long id)
        {
            var order = _factory(id);
            order.Add("sku-1", Max(1, 2));
            if (order.Validate())
            {
                Log(order);
            }
            return order;

            void Log(IIdentified entity) => Console.WriteLine($"{entity.Id} at {Clock.Now}");
        }

        internal static T Pick<T>(T first, T second) where T : IComparable<T> =>
            first.CompareTo(second) <= 0 ? first : second;
    }
}
