"""The SCIP decoder fixture of the exporter tests (helpers live in exporter_helpers.py)."""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

import pytest
from exporter_helpers import REPO


@pytest.fixture(scope="session")
def scip_pb2(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """``scip_pb2`` compiled from our own scip.proto with protoc (grpcio-tools), independent of the encoder."""
    from grpc_tools import protoc

    out = tmp_path_factory.mktemp("scip_pb2")
    proto_dir = REPO / "src" / "codeknit" / "exporters"
    status = protoc.main(["protoc", f"-I{proto_dir}", f"--python_out={out}", str(proto_dir / "scip.proto")])
    assert status == 0, "protoc could not compile scip.proto"
    sys.path.insert(0, str(out))
    try:
        return importlib.import_module("scip_pb2")
    finally:
        sys.path.remove(str(out))
