"""C: what the rest of codeknit knows about it (C++ claims the ``.h`` headers that look like C++)."""

from __future__ import annotations

import re
from typing import Final

from codeknit.languages.spec import HeadRefusal, LanguageSpec, Naming, TestFiles

#: test_*.c, *_test.c, *_unittest.c …
TESTS = TestFiles(name_pattern=r"(?:test_.*|.*_test|.*_unittest)\.[^.]*")
#: a static top-level symbol is the file's own; prototypes are declaration sites of their definition
#: suffixes of files that are compiled on their own (anything else is a header)
SOURCE_SUFFIXES = (".c", ".cc", ".cpp", ".cxx", ".c++", ".cp", ".m", ".mm")


def is_header(path: str) -> bool:
    """Is ``path`` a header (included, not compiled alone)? ``.C`` is C++ source by GCC convention."""
    if path.endswith(".C"):
        return False
    return not path.lower().endswith(SOURCE_SUFFIXES)


NAMING = Naming(file_local_static=True, declarations_link=True)


def is_system_header(package: str) -> bool:
    """``<stdio.h>``: an angle-bracket include."""
    return package.startswith("<")


#: Objective-C at the start of a line, where C and C++ have no ``@`` outside comments and literals.
#: Doxygen's ``@class``/``@interface``/``@protocol`` commands may start a line of a comment, so a
#: name alone does not do: the syntax around it must be Objective-C's. Any one of these is enough:
_OBJECTIVE_C: Final = tuple(re.compile(source) for source in (
    rb"(?m)^[ \t]*@interface[ \t]+\w+[ \t]*[:(<]",  # @interface View : NSObject, a category, a protocol list
    rb"(?m)^[ \t]*@protocol[ \t]+\w+[ \t]*<",  # @protocol Delegate <NSObject>
    rb"(?m)^[ \t]*@(?:class|protocol)[ \t]+\w+(?:[ \t]*,[ \t]*\w+)*[ \t]*;",  # forward declarations
    # ``#import <UIKit/UIKit.h>``: Objective-C's include (C and C++ compilers know it only as an old extension)
    rb"(?m)^[ \t]*#[ \t]*import[ \t]*[<\"]\w[^>\"\n]*\.h[>\"]",
    # Foundation's enumerations: ``typedef NS_ENUM(NSInteger, Kind) {``, ``NS_OPTIONS``, ``NS_CLOSED_ENUM``
    rb"(?m)^[ \t]*typedef[ \t]+NS_(?:ENUM|OPTIONS|CLOSED_ENUM|ERROR_ENUM)[ \t]*\(",
))
#: a declaration that ``@end`` closes (together, not a comment's commands)
_OBJECTIVE_C_OPENING: Final = re.compile(rb"(?m)^[ \t]*@(?:interface|protocol|implementation)[ \t]+\w")
_OBJECTIVE_C_END: Final = re.compile(rb"(?m)^[ \t]*@end\b")


def looks_like_objective_c(head: bytes) -> bool:
    """Does the start of a ``.h`` file declare Objective-C classes or protocols?"""
    if b"@" not in head and b"import" not in head and b"NS_" not in head:
        return False
    if any(pattern.search(head) is not None for pattern in _OBJECTIVE_C):
        return True
    return _OBJECTIVE_C_OPENING.search(head) is not None and _OBJECTIVE_C_END.search(head) is not None


SPEC = LanguageSpec(
    name="c",
    runtime="c",
    extensions=(".c", ".h"),
    # an Objective-C (or Objective-C++) header is neither C nor C++: parsing it as either gives syntax
    # errors and symbols made of its ``@interface`` lines
    head_refusals=(HeadRefusal((".h",), looks_like_objective_c,
                               "Objective-C header (Objective-C is not supported)"),),
    tests=TESTS,
    scip_name="C",
    naming=NAMING,
    is_stdlib=is_system_header,
    is_header=is_header,
    global_namespace=True,
    degraded=True,
)
