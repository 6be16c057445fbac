"""A kept panel gzipped once, its CSRF tokens put in per device without compressing it again.

A panel is the same for every device alike but for its CSRF token, and gzipping 40 KB for each device
cost more than everything else it took to serve a kept panel. So the panel is compressed once with a
stand-in of the token's length at each token's place: NUL bytes, which no panel text holds, so nothing
after refers back into them. Each stand-in is compressed between two sync flushes, so its blocks can be
cut out and replaced by a stored (uncompressed) block holding a device's token; every back reference
keeps its distance, the token being as long as its stand-in. The gzip trailer's checksum and length
are worked out per answer (RFC 1951, 1952).
"""
from __future__ import annotations

import struct
import zlib

HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"  # gzip, deflate, no name, no time, unknown OS
LEVEL = 3  # half the time of level 6 for a panel, 7 % larger


class GzipParts:
    def __init__(self, text: bytes, placeholder: bytes, token_length: int):
        if b"\x00" in text or not 0 < token_length <= 0xFFFF:
            raise ValueError("the text holds NUL bytes, or no stored block holds such a token")
        self.parts, self.token_length = text.split(placeholder), token_length
        compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
        self.compressed = []
        for n, part in enumerate(self.parts):
            if n:  # the stand-in: compressed so the window is as a device's answer will have it, then cut
                compressor.compress(b"\x00" * token_length)
                compressor.flush(zlib.Z_SYNC_FLUSH)
            self.compressed.append(compressor.compress(part) + compressor.flush(zlib.Z_SYNC_FLUSH))
        self.end = compressor.flush(zlib.Z_FINISH)  # the final, empty block

    def with_token(self, token: bytes) -> bytes:
        if len(token) != self.token_length:
            raise ValueError("the token is not as long as its stand-in")
        stored = b"\x00" + struct.pack("<HH", len(token), len(token) ^ 0xFFFF) + token
        body, crc, size = [HEADER], 0, 0
        for n, (part, compressed) in enumerate(zip(self.parts, self.compressed)):
            if n:
                body.append(stored)
                crc, size = zlib.crc32(token, crc), size + len(token)
            body.append(compressed)
            crc, size = zlib.crc32(part, crc), size + len(part)
        body += [self.end, struct.pack("<II", crc, size & 0xFFFFFFFF)]
        return b"".join(body)
