"""A kept panel gzipped once, its CSRF tokens put in per device without compressing it again.

A panel is the same for every device alike but for its CSRF token, and gzipping 40 KB for each device
cost more than everything else it took to serve a kept panel. So the text between the tokens is
compressed once, each piece ending on a full flush (the compressor forgets what came before, so no
piece refers back across a token), and a device's token goes in between as a stored (uncompressed)
deflate block; the gzip trailer's checksum and length are worked out per answer (RFC 1951, 1952).
"""
from __future__ import annotations

import struct
import zlib

HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"  # gzip, deflate, no name, no time, unknown OS
LEVEL = 6


class GzipParts:
    def __init__(self, text: bytes, placeholder: bytes):
        self.parts = text.split(placeholder)
        compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
        self.compressed = [compressor.compress(part) + compressor.flush(zlib.Z_FULL_FLUSH) for part in self.parts]
        self.end = compressor.flush(zlib.Z_FINISH)  # the final, empty block

    def with_token(self, token: bytes) -> bytes:
        if len(token) > 0xFFFF:
            raise ValueError("a stored block holds at most 65,535 bytes")
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
