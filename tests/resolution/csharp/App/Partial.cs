namespace Geo.App
{
    public partial class Board
    {
        public void Draw() => Clear();
        //                    ^ defined: App/Partial.cs:19
    }

    public class Panel
    {
        public Board Owner { get; set; }

        public void Refresh() => Owner.Clear();
        //                             ^ defined: App/Partial.cs:19
    }

    public partial class Board
    {
        public void Clear() { }
    }
}
