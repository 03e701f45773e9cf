"""``python -m codeknit`` runs the command line."""

from codeknit.cli import main

main()
