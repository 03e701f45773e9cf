"""The Ruby adapter and rules: symbols, visibility, locals, calls, requires, reopened classes."""

from __future__ import annotations

from pathlib import Path

from codeknit.graph.model import EdgeKind, Resolution, SymbolKind
from codeknit.languages.adapters import adapter_for, extract
from codeknit.languages.engine import load_query_text
from codeknit.languages.records import Extraction, RawRef, RawSymbol
from codeknit.resolve.resolver import build_graph


def rb(source: str, path: str = "lib/mod.rb") -> Extraction:
    return extract(path, "ruby", source.encode())


def symbols(extraction: Extraction) -> dict[str, RawSymbol]:
    out: dict[str, RawSymbol] = {}
    for symbol in extraction.symbols[1:]:
        out.setdefault(symbol.qualname, symbol)
    return out


def parent_of(extraction: Extraction, symbol: RawSymbol) -> str:
    return extraction.symbols[symbol.parent].qualname if symbol.parent > 0 else ""


def refs(extraction: Extraction, kind: EdgeKind) -> list[tuple[str, str]]:
    """``(scope qualname, text)`` in source order; the module scope is ``""``."""
    return [
        (extraction.symbols[r.scope].qualname if r.scope else "", r.text)
        for r in extraction.refs
        if r.kind is kind
    ]


def one_ref(extraction: Extraction, kind: EdgeKind, text: str) -> RawRef:
    found = [r for r in extraction.refs if r.kind is kind and r.text == text]
    assert len(found) == 1, (text, found)
    return found[0]


def test_adapter_is_registered_and_query_compiles() -> None:
    from tree_sitter import Query
    from tree_sitter_language_pack import get_language

    assert adapter_for("ruby").language == "ruby"
    assert Query(get_language("ruby"), load_query_text("ruby/queries.scm")).pattern_count > 8


def test_module_symbol() -> None:
    extraction = rb("x = 1\n", "lib/shop/cart.rb")
    module = extraction.symbols[0]
    assert module.kind is SymbolKind.MODULE
    assert (module.name, module.signature) == ("lib/shop/cart", "lib/shop/cart")
    assert module.span == (1, 0, 2, 0)


# -- declarations ---------------------------------------------------------------------------

DECLARATIONS = """\
# frozen_string_literal: true

module Shop
  # A cart.
  #   Holds items.
  class Cart < Base::Model
    LIMIT = 10
    attr_reader :items, :owner
    attr_writer :note

    def initialize(owner, limit = LIMIT, *rest, key:, opt: 1, **kw, &blk)
      @owner = owner
    end

    def self.build; new(nil); end

    class << self
      attr_accessor :registry
      def registered?(x) = registry.include?(x)
    end

    def add(item) = items << item

    private

    # Internal.
    def check; end
    attr_accessor :cache

    protected

    def peer; end

    public def open; end
    private def closed; end
    def later; end
    private :later, :add
    private_constant :LIMIT
  end

  module Util
    module_function

    def helper; end
  end

  class Cart::Line; end
end

class Shop::Receipt; end

def top_helper(a); end
"""


def test_kinds_qualnames_and_parents() -> None:
    extraction = rb(DECLARATIONS)
    found = {q: (s.kind, parent_of(extraction, s)) for q, s in symbols(extraction).items()}
    assert found == {
        "Shop": (SymbolKind.NAMESPACE, ""),
        "Shop.Cart": (SymbolKind.CLASS, "Shop"),
        "Shop.Cart.LIMIT": (SymbolKind.CONSTANT, "Shop.Cart"),
        "Shop.Cart.items": (SymbolKind.FIELD, "Shop.Cart"),
        "Shop.Cart.owner": (SymbolKind.FIELD, "Shop.Cart"),
        "Shop.Cart.note": (SymbolKind.FIELD, "Shop.Cart"),
        "Shop.Cart.initialize": (SymbolKind.CONSTRUCTOR, "Shop.Cart"),
        "Shop.Cart.build": (SymbolKind.METHOD, "Shop.Cart"),
        "Shop.Cart.registry": (SymbolKind.FIELD, "Shop.Cart"),
        "Shop.Cart.registered?": (SymbolKind.METHOD, "Shop.Cart"),
        "Shop.Cart.add": (SymbolKind.METHOD, "Shop.Cart"),
        "Shop.Cart.check": (SymbolKind.METHOD, "Shop.Cart"),
        "Shop.Cart.cache": (SymbolKind.FIELD, "Shop.Cart"),
        "Shop.Cart.peer": (SymbolKind.METHOD, "Shop.Cart"),
        "Shop.Cart.open": (SymbolKind.METHOD, "Shop.Cart"),
        "Shop.Cart.closed": (SymbolKind.METHOD, "Shop.Cart"),
        "Shop.Cart.later": (SymbolKind.METHOD, "Shop.Cart"),
        "Shop.Util": (SymbolKind.NAMESPACE, "Shop"),
        "Shop.Util.helper": (SymbolKind.METHOD, "Shop.Util"),
        "Shop.Cart.Line": (SymbolKind.CLASS, "Shop"),  # ``class Cart::Line`` inside Shop
        "Shop.Receipt": (SymbolKind.CLASS, ""),
        "top_helper": (SymbolKind.FUNCTION, ""),
    }


def test_signatures_and_properties() -> None:
    found = symbols(rb(DECLARATIONS))
    signatures = {q: s.signature for q, s in found.items()}
    assert signatures["Shop.Cart"] == "Cart"
    assert signatures["Shop.Cart.initialize"] == "initialize(owner, limit=…, *rest, key:, opt: …, **kw, &blk)"
    assert signatures["Shop.Cart.build"] == "build()"
    assert signatures["Shop.Cart.registered?"] == "registered?(x)"
    assert signatures["Shop.Cart.items"] == "items"
    assert signatures["Shop.Cart.Line"] == "Cart.Line"
    assert signatures["top_helper"] == "top_helper(a)"
    properties = {q: s.properties for q, s in found.items()}
    assert properties["Shop"] == {"exported": True}
    assert properties["Shop.Cart"] == {}
    assert properties["Shop.Cart.LIMIT"] == {"visibility": "private"}
    assert properties["Shop.Cart.items"] == {"attr": "reader"}
    assert properties["Shop.Cart.note"] == {"attr": "writer"}
    assert properties["Shop.Cart.initialize"] == {}
    assert properties["Shop.Cart.build"] == {"static": True}
    assert properties["Shop.Cart.registry"] == {"attr": "accessor", "static": True}
    assert properties["Shop.Cart.registered?"] == {"static": True}
    assert properties["Shop.Cart.add"] == {"visibility": "private"}  # by ``private :later, :add``
    assert properties["Shop.Cart.check"] == {"visibility": "private"}
    assert properties["Shop.Cart.cache"] == {"attr": "accessor", "visibility": "private"}
    assert properties["Shop.Cart.peer"] == {"visibility": "protected"}
    assert properties["Shop.Cart.open"] == {"visibility": "public"}
    assert properties["Shop.Cart.closed"] == {"visibility": "private"}
    assert properties["Shop.Cart.later"] == {"visibility": "private"}
    assert properties["Shop.Util.helper"] == {"static": True}  # module_function
    assert properties["Shop.Receipt"] == {"exported": True}
    assert properties["top_helper"] == {"exported": True}


def test_docs_bases_and_spans() -> None:
    found = symbols(rb(DECLARATIONS))
    cart = found["Shop.Cart"]
    assert cart.doc == "A cart.\nHolds items."
    assert cart.bases == ["Base.Model"]
    assert cart.span == (6, 2, 39, 5)
    assert cart.name_span == (6, 8, 6, 12)
    assert found["Shop"].doc is None  # the magic comment is not documentation
    assert found["Shop.Cart.check"].doc == "Internal."
    assert found["Shop.Cart.owner"].span == (8, 24, 8, 30)
    assert found["Shop.Cart.Line"].name_span == (47, 14, 47, 18)


# -- references -----------------------------------------------------------------------------

CALLS = """\
require "shop/base"
require_relative "helpers"
require_relative "../x.rb"
require "#{dynamic}"

class Cart < Base
  include Enumerable, Shop::Pricing
  extend Forwardable

  def total(rate = DEFAULT)
    sum = 0
    items.each { |item, (a, b)| sum += item.price * rate + a }
    self.discount = sum
    tax
    Shop::Tax.compute(sum)
    ::Money.new(sum)
    STORE.fetch(:x)
    super
    case sum
    in {value:} then value
    end
    raise Shop::Error, "x" if sum.zero?
    sum
  end

  def zero; super(1); end
end
"""


def test_calls_are_receivers_and_bare_names_not_locals() -> None:
    extraction = rb(CALLS)
    assert refs(extraction, EdgeKind.CALLS) == [
        ("", "dynamic"),  # ``require "#{dynamic}"``: a method call in the interpolation, no import
        ("Cart.total", "each"),  # the call node comes before its receiver
        ("Cart.total", "items"),
        ("Cart.total", "item.price"),  # a local's method: the rules type ``item`` when they can
        ("Cart.total", "self.discount="),
        ("Cart.total", "tax"),
        ("Cart.total", "Shop.Tax.compute"),
        ("Cart.total", "Money.new"),
        ("Cart.total", "STORE.fetch"),
        ("Cart.total", "super.total"),
        ("Cart.total", "raise"),
        ("Cart.total", "sum.zero?"),
        ("Cart.zero", "super.zero"),
    ]
    assert not one_ref(extraction, EdgeKind.CALLS, "each").head_known
    assert one_ref(extraction, EdgeKind.CALLS, "item.price").head_known
    assert one_ref(extraction, EdgeKind.CALLS, "tax").head_known
    assert one_ref(extraction, EdgeKind.CALLS, "Money.new").qualified == ("Money.new",)
    assert one_ref(extraction, EdgeKind.CALLS, "Shop.Tax.compute").qualified == ()
    assert one_ref(extraction, EdgeKind.CALLS, "Shop.Tax.compute").span == (15, 14, 15, 21)


def test_locals() -> None:
    extraction = rb(CALLS)
    index = next(i for i, s in enumerate(extraction.symbols) if s.qualname == "Cart.total")
    assert extraction.locals[index] == frozenset({"rate", "sum", "item", "a", "b", "value"})


def test_constant_and_hierarchy_references() -> None:
    extraction = rb(CALLS)
    assert refs(extraction, EdgeKind.REFERENCES) == [
        ("Cart.total", "DEFAULT"),
        ("Cart.total", "STORE"),
        ("Cart.total", "Shop.Error"),
    ]
    assert refs(extraction, EdgeKind.INHERITS) == [
        ("Cart", "Base"),
        ("Cart", "Enumerable"),
        ("Cart", "Shop.Pricing"),
        ("Cart", "Forwardable"),
    ]
    assert one_ref(extraction, EdgeKind.REFERENCES, "Shop.Error").span == (22, 16, 22, 21)


def test_a_mixin_another_object_gets_is_no_base_of_the_method_that_gives_it() -> None:
    """``include Foo`` in a class or module body is a base of it; ``base.extend Foo`` in a concern's
    ``self.included(base)`` mixes Foo into another object: a use of Foo, never a base of the hook."""
    extraction = rb(
        "module Concern\n"
        "  module ClassMethods; end\n"
        "  include Comparable\n"
        "  self.include Enumerable\n"
        "  def self.included(base)\n"
        "    base.extend ClassMethods\n"
        "    base.include Kernel\n"
        "    include Hidden\n"
        "  end\n"
        "end\n"
    )
    assert refs(extraction, EdgeKind.INHERITS) == [("Concern", "Comparable"), ("Concern", "Enumerable")]
    assert ("Concern.included", "ClassMethods") in refs(extraction, EdgeKind.REFERENCES)
    assert ("Concern.included", "Kernel") in refs(extraction, EdgeKind.REFERENCES)


def test_requires() -> None:
    extraction = rb(CALLS)
    assert [(i.module, i.names, i.span[0]) for i in extraction.imports] == [
        ("shop/base", (), 1),
        ("./helpers", (), 2),
        ("../x.rb", (), 3),
    ]


# -- resolution across files -----------------------------------------------------------------

PROJECT = {
    "lib/shop.rb": 'require "shop/model"\nrequire_relative "shop/user"\n\nmodule Shop\n  VERSION = "1"\nend\n'
                   "\ndef helper; end\n",
    "lib/shop/persistence.rb": "module Shop\n  module Persistence\n    def save; serialize; end\n"
                               "    def serialize; end\n  end\nend\n",
    "lib/shop/model.rb": "module Shop\n  class Model\n    include Persistence\n    attr_accessor :name\n"
                         "    def initialize(name); @name = name; end\n    def self.create(n) = new(n)\n"
                         "  end\nend\n",
    "lib/shop/user.rb": "module Shop\n  class User < Model\n    def initialize(n)\n      super\n    end\n"
                        "    def save\n      self.name = name.strip\n      helper\n      super\n    end\n"
                        "    def version = VERSION\n  end\n\n  class Model\n    def extra = name\n  end\nend\n",
    "app/main.rb": "user = Shop::User.create('a')\nShop::Model.new('b').extra\nShop::Missing.go\nuser.save\n",
}


def _graph(files: dict[str, str]):  # type: ignore[no-untyped-def]
    return build_graph([extract(path, "ruby", text.encode()) for path, text in files.items()])


def _edges(graph, kind: EdgeKind) -> set[tuple[str, str, Resolution]]:  # type: ignore[no-untyped-def]
    return {(r.source, r.target, r.resolution) for r in graph.relations if r.kind is kind}


def test_resolution_with_reopened_classes_mixins_and_requires() -> None:
    graph = _graph(PROJECT)
    ok = Resolution.RESOLVED
    model = "lib/shop/model.rb::Shop.Model"
    user = "lib/shop/user.rb::Shop.User"
    calls = _edges(graph, EdgeKind.CALLS)
    assert (f"{user}.initialize", f"{model}.initialize", ok) in calls  # bare ``super``
    assert (f"{user}.save", f"{model}.name", ok) in calls  # ``self.name =`` and ``name``: the accessor
    assert (f"{user}.save", "lib/shop.rb::helper", ok) in calls  # a top-level def
    assert (f"{user}.save", "lib/shop/persistence.rb::Shop.Persistence.save", ok) in calls  # super via mixin
    assert ("lib/shop/persistence.rb::Shop.Persistence.save",
            "lib/shop/persistence.rb::Shop.Persistence.serialize", ok) in calls
    assert (f"{model}.create", f"{model}.initialize", ok) in calls  # bare ``new`` in a class method
    assert ("app/main.rb", f"{model}.create", ok) in calls  # inherited singleton method
    assert ("app/main.rb", f"{model}.initialize", ok) in calls  # ``Shop::Model.new``
    assert ("app/main.rb", "app/main.rb::Shop.Missing.go", Resolution.UNRESOLVED) in calls
    # a method of the reopened class, found through the first block's members
    assert (user.replace("User", "Model.extra"), f"{model}.name", ok) in calls
    assert _edges(graph, EdgeKind.INHERITS) == {
        (user, model, ok),
        (model, "lib/shop/persistence.rb::Shop.Persistence", ok),
    }
    assert (f"{user}.save", "lib/shop/persistence.rb::Shop.Persistence.save", ok) in _edges(
        graph, EdgeKind.OVERRIDES
    )
    assert (f"{user}.version", "lib/shop.rb::Shop.VERSION", ok) in _edges(graph, EdgeKind.REFERENCES)
    assert _edges(graph, EdgeKind.IMPORTS) == {
        ("lib/shop.rb", "lib/shop/model.rb", ok),
        ("lib/shop.rb", "lib/shop/user.rb", ok),
    }


def test_reopened_class_members_merge_both_ways() -> None:
    graph = _graph({
        "a.rb": "class Foo\n  def one; two; end\nend\n",
        "b.rb": "class Foo\n  def two; one; end\nend\n",
    })
    calls = _edges(graph, EdgeKind.CALLS)
    assert calls == {
        ("a.rb::Foo.one", "b.rb::Foo.two", Resolution.RESOLVED),
        ("b.rb::Foo.two", "a.rb::Foo.one", Resolution.RESOLVED),
    }


def test_instance_and_singleton_methods_do_not_mix() -> None:
    graph = _graph({"a.rb": "class A\n  def self.s; i; end\n  def i; s; end\nend\n"})
    assert _edges(graph, EdgeKind.CALLS) == {
        ("a.rb::A.s", "a.rb::i", Resolution.UNRESOLVED),
        ("a.rb::A.i", "a.rb::s", Resolution.UNRESOLVED),
    }


def test_superclass_is_looked_up_outside_the_class() -> None:
    graph = _graph({"a.rb": "class Error; end\nmodule M\n  class Error < Error; end\nend\n"})
    assert _edges(graph, EdgeKind.INHERITS) == {("a.rb::M.Error", "a.rb::Error", Resolution.RESOLVED)}


def test_golden_fixture_exists() -> None:
    root = Path(__file__).parents[1] / "golden" / "ruby" / "input"
    assert len(list(root.rglob("*.rb"))) >= 3
