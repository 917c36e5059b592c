"""Python's cycle collector paused around work that makes many objects and no reference cycles:
loading the rules for ``aslgui resolve``, indexing a VASL module, shading the map for LOS or an
odds map.  Collections meanwhile would walk the whole heap for no garbage (2 ms of a resolve's
start, half a module's index, 25-30 ms in one step of an odds map's threat)."""

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """The collector off, then as it was.  What was made meanwhile goes to the oldest generation
    (``freeze``, ``unfreeze``: no walk), so that it never adds up to a full collection later."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        if enabled:
            gc.enable()
