"""``python -m memdir`` runs the CLI."""

from .cli import main

main()
