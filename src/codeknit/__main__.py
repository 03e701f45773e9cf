"""``python -m codeknit`` runs the command line."""

from codeknit.cli import main

if __name__ == "__main__":  # worker processes import this module too: they must not run the CLI
    main()
