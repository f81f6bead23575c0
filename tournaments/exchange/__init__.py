"""Export a tournament as one JSON document and import it back exactly.

The document holds no database ids: players are numbered in the file (in the
order of their ids), entries are named by their entry number, users by their
username. The draw protocols are rewritten the same way (player keys to the
file's player numbers, entry keys to entry numbers) and back on import.
Export, import, export gives the same document.

Export (``export``) and import (``importing``) are modules of their own, with what they
share in ``common``.
"""

from .common import FORMAT, VERSION
from .export import export_tournament
from .importing import import_tournament

__all__ = ["FORMAT", "VERSION", "export_tournament", "import_tournament"]
