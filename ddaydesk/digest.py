"""SHA-256 for what a start hashes (file contents, cache keys), without ``hashlib``.

``hashlib`` loads OpenSSL's library when imported, 2-3 ms of CPU before a start's first
frame; CPython's own SHA-256 module gives the same digests and loads in 0.1 ms (slower per
byte: a start hashes some 100-300 KB, well under a millisecond). Bulk hashing (a save's log,
every replayed position) keeps ``hashlib``.
"""

try:
    from _sha256 import sha256  # CPython 3.11
except ImportError:  # (3.12 renamed it; another Python may have neither)
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256

__all__ = ["sha256"]
