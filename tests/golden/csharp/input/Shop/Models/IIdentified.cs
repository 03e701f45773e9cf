namespace Acme.Shop.Models
{
    /// <summary>Something with a stable identifier.</summary>
    public interface IIdentified
    {
        long Id { get; }

        bool IsNew() => Id == 0;
    }

    /// <summary>Called when an entity changes.</summary>
    public delegate void ChangedHandler(IIdentified sender, string property);

    public enum Status
    {
        Open,
        Paid = 2,
    }
}
