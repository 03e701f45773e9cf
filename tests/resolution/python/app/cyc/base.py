"""``from . import protocols`` names the sibling module, although ``__init__`` star-imports this file."""
from . import protocols


class Fallback(protocols.Protocol):
    #                    ^ defined: app/cyc/protocols.py:4
    def connected(self):
        return protocols.Protocol()
        #                ^ defined: app/cyc/protocols.py:4
