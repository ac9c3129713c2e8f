"""A certificate for 127.0.0.1 from a throwaway CA, and a client context that trusts it."""

from __future__ import annotations

import ssl
from pathlib import Path

import attrs
import pytest
import trustme


@attrs.frozen
class TlsFiles:
    cert: Path
    key: Path
    client: ssl.SSLContext  # trusts the CA that issued `cert`


@pytest.fixture
def tls_files(tmp_path: Path) -> TlsFiles:
    ca = trustme.CA()
    issued = ca.issue_cert("127.0.0.1", "localhost")
    cert, key, ca_file = tmp_path / "cert.pem", tmp_path / "key.pem", tmp_path / "ca.pem"
    issued.private_key_and_cert_chain_pem.write_to_path(str(cert))
    issued.private_key_pem.write_to_path(str(key))
    ca.cert_pem.write_to_path(str(ca_file))
    return TlsFiles(cert, key, ssl.create_default_context(cafile=str(ca_file)))
