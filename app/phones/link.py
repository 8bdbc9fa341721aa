"""The page's address for one game: ``HTTP://<address>:<port>/P/<token>``, the token 130
random bits in base 32. All of it in capitals, QR codes' alphanumeric mode holds it in
half the modules bytes need: a code of version 3 for any address of the house network,
whose 29 modules a phone reads from across the table (the ecosystem review, section 2).
The scheme and host are read the same in any case; the path is the server's own."""

from __future__ import annotations

import base64
import secrets

import segno

#: Random bytes in a token: 130 bits once written as 26 base-32 letters and digits.
TOKEN_BYTES = 17


def new_token() -> str:
    """A token for one game's page, never guessed (upper-case letters and digits)."""
    return base64.b32encode(secrets.token_bytes(TOKEN_BYTES)).decode().rstrip("=")[:26]


def page_link(address: str, port: int, token: str) -> str:
    return f"HTTP://{address}:{port}/P/{token}"


def words_of(address: str, port: int) -> str:
    """The address as a person types it into a browser, when the code will not read."""
    return f"http://{address}:{port}"


def page_code(link: str) -> segno.QRCode:
    """The code of ``link``: alphanumeric, error correction M at least (segno raises it
    when that costs no size): version 3 for any IPv4 address and port (58 characters at
    most, where version 3 at M holds 61)."""
    return segno.make_qr(link, error="m", boost_error=True, version=None)
