"""The core: read this first.

``model`` (entries, types, sources) and ``errors`` (the error tree); the entries' own formats
(``frontmatter``, ``index``, ``slug``); ``changes`` (operations and the plan that applies
them); ``store`` (one scope's write path) over ``reader`` and ``storage`` (files, git
history); ``scopes``, ``config``, ``instructions``, ``prompt`` (the snapshot, reminders,
recall). Nothing here imports the layers above it. See docs/design/architecture.md.
"""
