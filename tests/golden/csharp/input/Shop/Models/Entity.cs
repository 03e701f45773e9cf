using System;

namespace Acme.Shop.Models;

/// <summary>
/// The base of every stored object.
/// </summary>
/// <typeparam name="TKey">The key type.</typeparam>
[Serializable]
public abstract class Entity<TKey> : IIdentified where TKey : struct
{
    public const string TablePrefix = "shop_";
    protected static readonly int MaxVersion = 100;
    private int _version;

    public event ChangedHandler Changed;

    protected Entity(long id)
    {
        Id = id;
    }

    public long Id { get; protected set; }

    /// <summary>Validates the entity.</summary>
    public abstract bool Validate();

    public virtual void Touch()
    {
        _version++;
        Changed?.Invoke(this, nameof(Id));
    }

    public override string ToString() => $"{TablePrefix}{Id}";
}
