"""A kept panel gzipped once, its CSRF tokens put in per device without compressing it again; and a
page's event stream gzipped as it goes, each event whole when it arrives.

A panel is the same for every device alike but for its CSRF token, and gzipping 40 KB for each device
cost more than everything else it took to serve a kept panel. So the panel is compressed once with a
stand-in of the token's length at each token's place: NUL bytes, which no panel text holds, so nothing
after refers back into them. Each stand-in is compressed between two sync flushes, so its blocks can be
cut out and replaced by a stored (uncompressed) block holding a device's token; every back reference
keeps its distance, the token being as long as its stand-in. The gzip trailer's checksum and length
are worked out per answer (RFC 1951, 1952).

A page's event stream (GzipStream) carries the panel with the placeholder in, the page putting its own
token in its place (live_panels.py): compressed once for every device alike, as a whole (cut at each of
its 40-odd tokens, as above, compressing took four times as long). A deflate stream is any run of
blocks, and a run compressed on its own and ended by a sync flush refers to nothing before it, so each
panel follows whatever the stream sent before. What else the stream says (a heartbeat, `moved`, the
event's own few fields) goes in stored blocks: not worth a compressor's 256 KB per waiting device.
"""
from __future__ import annotations

import struct
import zlib

HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"  # gzip, deflate, no name, no time, unknown OS
FINAL = b"\x03\x00"  # an empty final block: what zlib's Z_FINISH writes after a sync flush
LEVEL = 3  # half the time of level 6 for a panel, 7 % larger
STORED_MAX = 0xFFFF  # bytes in one stored block


def stored(data: bytes) -> bytes:
    """`data` as stored (uncompressed) blocks, none final; the stream is byte-aligned before and after."""
    blocks = []
    for start in range(0, len(data), STORED_MAX):
        piece = data[start:start + STORED_MAX]
        blocks.append(b"\x00" + struct.pack("<HH", len(piece), len(piece) ^ 0xFFFF) + piece)
    return b"".join(blocks)


class GzipParts:
    def __init__(self, text: bytes, placeholder: bytes, token_length: int):
        if b"\x00" in text or not 0 < token_length <= STORED_MAX:
            raise ValueError("the text holds NUL bytes, or no stored block holds such a token")
        self.parts, self.token_length = text.split(placeholder), token_length
        compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
        self.compressed = []
        for n, part in enumerate(self.parts):
            if n:  # the stand-in: compressed so the window is as a device's answer will have it, then cut
                compressor.compress(b"\x00" * token_length)
                compressor.flush(zlib.Z_SYNC_FLUSH)
            self.compressed.append(compressor.compress(part) + compressor.flush(zlib.Z_SYNC_FLUSH))

    def with_token(self, token: bytes) -> bytes:
        if len(token) != self.token_length:
            raise ValueError("the token is not as long as its stand-in")
        token_block = stored(token)
        body, crc, size = [HEADER], 0, 0
        for n, (part, compressed) in enumerate(zip(self.parts, self.compressed)):
            if n:
                body.append(token_block)
                crc, size = zlib.crc32(token, crc), size + len(token)
            body.append(compressed)
            crc, size = zlib.crc32(part, crc), size + len(part)
        body += [FINAL, struct.pack("<II", crc, size & 0xFFFFFFFF)]
        return b"".join(body)


def deflated(text: bytes) -> bytes:
    """`text` as raw deflate blocks that refer to nothing before them and end on a byte boundary."""
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(text) + compressor.flush(zlib.Z_SYNC_FLUSH)


class GzipStream:
    """One gzip member written as a response streams: the header first, then each event as blocks that
    end on a byte boundary (the browser decodes all of it at once), the trailer when the stream ends.
    Holds two numbers between events."""

    def __init__(self) -> None:
        self.crc, self.size = 0, 0

    @staticmethod
    def start() -> bytes:
        return HEADER

    def plain(self, text: bytes) -> bytes:
        self.crc, self.size = zlib.crc32(text, self.crc), self.size + len(text)
        return stored(text)

    def deflated(self, text: bytes, compressed: bytes) -> bytes:
        """`compressed`, what `deflated(text)` made of `text` (once, for every stream that sends it)."""
        self.crc, self.size = zlib.crc32(text, self.crc), self.size + len(text)
        return compressed

    def end(self) -> bytes:
        return FINAL + struct.pack("<II", self.crc, self.size & 0xFFFFFFFF)
