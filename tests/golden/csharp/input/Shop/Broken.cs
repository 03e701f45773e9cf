namespace Acme.Shop;

public class Broken
{
    public void Fine() { }

    public void Broken( { }

    public class StillFound
    {
        public int Size() => 0;
    }
}
