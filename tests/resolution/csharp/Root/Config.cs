// A type of the global namespace, and a namespace that declares a type of the same name: ``global::Config``
// names this one from inside that namespace, the bare ``Config`` the namespace's own.
public class Config
{
    public void Load() {}
}
