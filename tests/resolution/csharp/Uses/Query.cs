namespace Geo.Uses;

// a fluent builder: each call's receiver is the previous call's result (or a created object), and the
// type of a variable it initialises is what the last call returns
public class Query {
    public Query Where(string field) { return this; }
    public Query And(string field) { return this; }
    public Query Limit(int count) { return this; }
    public Query Page(int size) { return this; }
    public string Build() { return ""; }

    public static string Report() {
        return new Query().Where("a").And("b").Limit(10).Page(2).Build();
        //                 ^ defined: Uses/Query.cs::Geo.Uses.Query.Where
        //                                               ^ defined: Uses/Query.cs::Geo.Uses.Query.Page
        //                                                       ^ defined: Uses/Query.cs::Geo.Uses.Query.Build
    }

    public static string Started() {
        var query = new Query();
        var later = query.Where("a").And("b");
        later.Limit(1);
        //    ^ defined: Uses/Query.cs::Geo.Uses.Query.Limit
        return later.Page(3).Build();
        //                   ^ defined: Uses/Query.cs::Geo.Uses.Query.Build
    }
}
