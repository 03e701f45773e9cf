"""The benchmark corpora: pinned package versions from package registries, fetched once and cached.

Every corpus is a package from PyPI (``pip download``), npm (``npm pack``), Maven Central (a sources
jar, ``mvn dependency:copy``) or Debian (``apt-get download`` + ``dpkg-deb -x``), at an exact
version. Some Debian packages ship their sources as an archive inside the package (glibc-source,
openjdk-17-source): it is unpacked too. The measured tree is one folder of what was unpacked
(``tree``), restricted to the corpus's languages.

The cache (``$CODEKNIT_BENCH_DIR``, else ``~/.cache/codeknit-bench``) holds ``downloads/`` (the package
files as fetched) and ``corpora/<name>/`` (unpacked, with ``.corpus.json`` written last: a folder
without it is unpacked again). A package that a registry no longer serves makes that corpus
*unavailable*, with the reason; the other corpora still run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Package:
    registry: str  # "pypi", "npm", "maven" (``group:artifact``, its sources jar) or "deb"
    name: str
    version: str

    @property
    def spec(self) -> str:
        if self.registry == "pypi":
            return f"{self.name}=={self.version}"
        if self.registry == "npm":
            return f"{self.name}@{self.version}"
        if self.registry == "maven":
            return f"{self.name}:{self.version}:jar:sources"
        return f"{self.name}={self.version}"


@dataclass(frozen=True)
class Corpus:
    name: str
    #: codeknit language names analysed (``-l``); the other tools get the same files
    languages: tuple[str, ...]
    packages: tuple[Package, ...]
    #: the measured folder, relative to the unpacked root
    tree: str
    #: archives inside the unpacked packages to unpack in place (relative paths)
    inner_archives: tuple[str, ...] = ()
    #: the callix adapter that applies ("python", "typescript": it reads .ts/.tsx/.mts/.cts only), if any
    callix: str | None = None

    @property
    def versions(self) -> str:
        return ", ".join(package.spec for package in self.packages)


def _deb(name: str, version: str) -> Package:
    return Package("deb", name, version)


#: versions are Debian 12 (bookworm) candidates and registry versions as of the harness's writing
CORPORA: tuple[Corpus, ...] = (
    Corpus("django", ("python",), (Package("pypi", "django", "5.1.4"),), "Django-5.1.4/django", callix="python"),
    Corpus("python-stdlib", ("python",),
           (_deb("libpython3.11-minimal", "3.11.2-6+deb12u9"), _deb("libpython3.11-stdlib", "3.11.2-6+deb12u9")),
           "usr/lib/python3.11", callix="python"),
    Corpus("effect", ("typescript",), (Package("npm", "effect", "4.1.0"),), "package/src", callix="typescript"),
    Corpus("rxjs", ("typescript", "javascript"), (Package("npm", "rxjs", "7.8.2"),), "package/src",
           callix="typescript"),
    Corpus("three", ("javascript",), (Package("npm", "three", "0.187.0"),), "package/src"),
    Corpus("webpack", ("javascript",), (Package("npm", "webpack", "5.112.2"),), "package/lib"),
    Corpus("go-stdlib", ("go",), (_deb("golang-1.19-src", "1.19.8-2"),), "usr/share/go-1.19/src"),
    Corpus("tokio", ("rust",), (_deb("librust-tokio-dev", "1.24.2-1"),), "usr/share/cargo/registry/tokio-1.24.2"),
    Corpus("rust-std", ("rust",), (_deb("rust-src", "1.63.0+dfsg1-2"),), "usr/src/rustc-1.63.0/library"),
    Corpus("openjdk-17", ("java",), (_deb("openjdk-17-source", "17.0.21.1+2-1~deb12u1"),),
           "usr/lib/jvm/openjdk-17/lib/src", inner_archives=("usr/lib/jvm/openjdk-17/lib/src.zip",)),
    Corpus("glibc", ("c",), (_deb("glibc-source", "2.36-9+deb12u14"),), "usr/src/glibc/glibc-2.36",
           inner_archives=("usr/src/glibc/glibc-2.36.tar.xz",)),
    Corpus("eigen", ("cpp",), (_deb("libeigen3-dev", "3.4.0-4"),), "usr/include/eigen3"),
    Corpus("boost", ("cpp",), (_deb("libboost1.74-dev", "1.74.0+ds1-21"),), "usr/include/boost"),
    Corpus("phpunit", ("php",), (_deb("phpunit", "9.6.7-1+deb12u1"),), "usr/share/php/PHPUnit"),
    Corpus("mediawiki", ("php",), (_deb("mediawiki", "1:1.39.17-1+deb12u2"),), "usr/share/mediawiki"),
    Corpus("activesupport", ("ruby",), (_deb("ruby-activesupport", "2:6.1.7.10+dfsg-1~deb12u4"),),
           "usr/share/rubygems-integration/all/gems/activesupport-6.1.7.10/lib"),
    Corpus("ruby-stdlib", ("ruby",), (_deb("libruby3.1", "3.1.7+really3.1.2-0+deb12u1"),), "usr/lib/ruby/3.1.0"),
    Corpus("okhttp", ("kotlin",), (Package("maven", "com.squareup.okhttp3:okhttp", "4.12.0"),), "okhttp3"),
    Corpus("expo-modules-core", ("swift",), (Package("npm", "expo-modules-core", "3.0.26"),), "package/ios"),
)

BY_NAME = {corpus.name: corpus for corpus in CORPORA}
#: the corpora that issue 9's targets name
TARGET_CORPORA = ("django", "effect", "go-stdlib")


class Unavailable(Exception):
    """A corpus that cannot be fetched here (a registry said no, a client is missing)."""


def bench_dir() -> Path:
    configured = os.environ.get("CODEKNIT_BENCH_DIR")
    return Path(configured).expanduser() if configured else Path.home() / ".cache" / "codeknit-bench"


def _run(command: list[str], cwd: Path) -> None:
    result = subprocess.run(command, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=1800)
    if result.returncode != 0:
        tail = (result.stderr or result.stdout).strip().splitlines()[-3:]
        raise Unavailable(f"{' '.join(command)} failed: {' / '.join(tail)}")


def _find(downloads: Path, prefixes: tuple[str, ...], suffixes: tuple[str, ...]) -> Path | None:
    for candidate in sorted(downloads.iterdir()):
        lowered = candidate.name.lower()
        if lowered.startswith(prefixes) and lowered.endswith(suffixes):
            return candidate
    return None


def download(package: Package, downloads: Path) -> Path:
    """The package file in ``downloads``, fetched by its registry's own client when not there yet."""
    downloads.mkdir(parents=True, exist_ok=True)
    if package.registry == "pypi":
        prefixes = (f"{package.name}-{package.version}.".lower(),)
        suffixes: tuple[str, ...] = (".tar.gz", ".zip")
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                   package.spec, "-d", str(downloads)]
    elif package.registry == "maven":
        prefixes = (f"{package.name.split(':')[-1]}-{package.version}-sources".lower(),)
        suffixes = (".jar",)
        command = ["mvn", "-q", "-B", "dependency:copy", f"-Dartifact={package.spec}",
                   f"-DoutputDirectory={downloads}"]
    elif package.registry == "npm":
        prefixes = (f"{package.name.lstrip('@').replace('/', '-')}-{package.version}.",)
        suffixes = (".tgz",)
        command = ["npm", "pack", "--quiet", package.spec, "--pack-destination", str(downloads)]
    else:
        # apt-get names the file name_version_arch.deb with the epoch's colon escaped
        version = package.version.replace(":", "%3a")
        prefixes = (f"{package.name}_{version}_".lower(),)
        suffixes = (".deb",)
        command = ["apt-get", "download", "-q", package.spec]
    found = _find(downloads, prefixes, suffixes)
    if found is not None:
        return found
    if shutil.which(command[0]) is None and command[0] != sys.executable:
        raise Unavailable(f"{command[0]} is not installed")
    _run(command, downloads)
    found = _find(downloads, prefixes, suffixes)
    if found is None:
        raise Unavailable(f"{' '.join(command)} left no {prefixes[0]}*{suffixes[0]} in {downloads}")
    return found


def unpack(archive: Path, destination: Path) -> None:
    destination.mkdir(parents=True, exist_ok=True)
    name = archive.name
    if name.endswith(".deb"):
        _run(["dpkg-deb", "-x", str(archive), str(destination)], destination)
    elif name.endswith((".zip", ".jar")):
        with zipfile.ZipFile(archive) as bundle:
            bundle.extractall(destination)
    else:
        with tarfile.open(archive) as bundle:
            bundle.extractall(destination, filter="data")


def fetch(corpus: Corpus, root: Path | None = None) -> Path:
    """Unpack ``corpus`` (downloading what is missing) and return its measured tree."""
    base = root or bench_dir()
    target = base / "corpora" / corpus.name
    marker = target / ".corpus.json"
    if not marker.exists():
        if target.exists():
            shutil.rmtree(target)
        files = [download(package, base / "downloads") for package in corpus.packages]
        for file in files:
            unpack(file, target)
        for inner in corpus.inner_archives:
            archive = target / inner
            if not archive.exists():
                raise Unavailable(f"{inner} is not in {corpus.versions}")
            # src.zip unpacks into a folder named after it; a tarball holds its own top folder
            unpack(archive, archive.with_suffix("") if archive.suffix == ".zip" else archive.parent)
            archive.unlink()
        tree = target / corpus.tree
        if not tree.is_dir():
            raise Unavailable(f"{corpus.tree} is not in {corpus.versions}")
        marker.write_text(json.dumps({"packages": [package.spec for package in corpus.packages],
                                      "files": [file.name for file in files]}, indent=1))
    return target / corpus.tree
