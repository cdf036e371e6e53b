"""Where a scope's files live: files (atomic, durable, locked), git history through dulwich.

Backends move bytes; the invariants live in :mod:`memdir.core.store`.
"""
