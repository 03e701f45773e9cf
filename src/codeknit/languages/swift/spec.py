"""Swift: what the rest of codeknit knows about it."""

from __future__ import annotations

from codeknit.languages.spec import LanguageSpec, TestFiles
from codeknit.languages.swift.manifest import PACKAGE_SWIFT, PODSPEC

#: the standard library's names a file uses without an import
STANDARD_LIBRARY = frozenset(
    """
    Any AnyObject AnyClass Never Void Bool Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 Float Double
    Character String Substring Array Dictionary Set Optional Result Range ClosedRange Sequence Collection Error
    Equatable Hashable Comparable Codable Encodable Decodable Identifiable CustomStringConvertible
    CaseIterable RawRepresentable Sendable AnyHashable Task MainActor
    print debugPrint min max abs zip stride fatalError precondition preconditionFailure assert assertionFailure
    type withUnsafePointer withExtendedLifetime swap
    """.split()
)
#: Apple's system frameworks (and Swift's own modules): imports of these are the platform's
SYSTEM_MODULES = frozenset(
    """
    Swift Foundation UIKit AppKit SwiftUI Combine Dispatch ObjectiveC Darwin CoreGraphics CoreFoundation
    CoreData CoreLocation CoreImage CoreMedia CoreVideo AVFoundation AVKit Photos PhotosUI WebKit MapKit
    QuartzCore Security UserNotifications StoreKit LocalAuthentication Network os OSLog XCTest
    """.split()
)


def is_system_module(package: str) -> bool:
    return package.split(".", 1)[0] in SYSTEM_MODULES


SPEC = LanguageSpec(
    name="swift",
    extensions=(".swift",),
    interpreters=("swift",),
    # *Tests.swift, *Test.swift, and the ``Tests/`` folders of Swift packages
    tests=TestFiles(name_pattern=r".*(?:Tests|Test|Spec)\.[^.]*"),
    manifests=(PACKAGE_SWIFT, PODSPEC),
    scip_name="Swift",
    moniker_scheme="swiftpm",
    purl_type="swift",
    builtins=STANDARD_LIBRARY,
    builtin_package="Swift",
    is_stdlib=is_system_module,
    # a ``subscript`` declaration is called by indexing (``s[0]``), which is no relation (a subscript reads its base)
    hook_names=frozenset({"subscript"}),
)
