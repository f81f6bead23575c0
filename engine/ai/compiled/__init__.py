"""The optional compiled cores of the computer players: C extensions, no Python here.

``_closed`` (``_closed.c``) searches a closed game over the information set for
:mod:`engine.ai.closed`; ``_boosted`` (``_boosted.c``) evaluates the trees of the
boosted horizon for :mod:`engine.ai.boosted`. Both are built by ``pip install -e .``
(``[[tool.setuptools.ext-modules]]`` in pyproject.toml) where a C compiler is found;
without them those modules run their pure-Python code, the reference the tests compare
the cores with. A leaf: the cores import nothing of the engine, and the package sits
below the modules that load them.
"""
