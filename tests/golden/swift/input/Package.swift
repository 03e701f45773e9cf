// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Shop",
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-tagged.git", exact: "0.10.0"),
    ],
    targets: [
        .target(name: "Shop", dependencies: [.product(name: "Logging", package: "swift-log")]),
    ]
)
