"""Every limit aslgui puts on what it reads, in one place (issue 37).

Each bounds the memory or time one damaged or hostile input can take, far above what real files
need (the figure a real one has is given beside each); a refusal names its limit, in words and
with its value, so a player knows what to change.  Stdlib only: ``aslgui resolve`` imports it.
"""

_MB = 1024 * 1024

# -- files and streams --------------------------------------------------------------------------
#: One input file or stream: a scenario, an action, a VASL save, a module's buildFile (DESIGN.md 9).
INPUT_LIMIT = 64 * _MB
#: The settings file (``settings.json``; a real one is under 10 KB).
SETTINGS_LIMIT = 1 * _MB
#: Lines of one JSON-lines batch on ``aslgui resolve`` stdin (``bench_batch`` answers 1,000).
BATCH_LINES_LIMIT = 100_000
#: A file hashed for the per-user cache (a VASL module is a few hundred MB, a board 0.2-2 MB);
#: read in chunks, so memory stays small whatever the size.
HASH_LIMIT = 4096 * _MB
#: One VASL board archive (VASL's geomorphic boards are 0.2-2 MB, its largest maps tens of MB).
BOARD_ARCHIVE_LIMIT = 256 * _MB
#: VASL's terrain catalog (``SharedBoardMetadata.xml``: 190 KB).
CATALOG_LIMIT = 16 * _MB
#: A product of the per-user cache read back (a module's index is a few MB).
PRODUCT_LIMIT = 64 * _MB

# -- VASL boards and saves ----------------------------------------------------------------------
#: One member of a board archive (a real board's art is 0.2-1 MB).
MAX_MEMBER_BYTES = 64 * _MB
#: A board archive's BoardMetadata.xml (a few KB).
MAX_METADATA_BYTES = 4 * _MB
#: Pixels of a board's LOSData (a geomorphic board's 1800 x 645 are 1.2 million, derived in about
#: 1 s and 150 MB; the largest allowed is about four of them).
MAX_GRID_PIXELS = 5_000_000
#: Hexes a board may have across or down (no real board comes near it).
MAX_BOARD_HEXES = 400
#: A board's ``col`` or ``row`` on the map (real maps are a few boards across; bench_growth's
#: largest is 30): a thread across the map stays some 13,000 hexes long, and every hex's row
#: below ``geometry.thread.STRIDE``, which the LOS engine's per-hex tables key rows within.
MAX_BOARD_PLACE = 400
#: Per-hex facts read back from the cache (a 400 x 400 hex board's are about 16 MB).
FACTS_LIMIT = 32 * _MB
#: A LOS product read back from the cache (a geomorphic board's is about 90 KB).
LOS_LIMIT = 32 * _MB
#: Command text unpacked from a save (the file itself is read up to ``INPUT_LIMIT``; a real save's
#: is well under 1 MB, a 344-counter scenario's 0.7 MB).
MAX_TEXT_BYTES = 16 * _MB
#: Commands (pieces, boards, ...) one save may hold (that scenario holds 622).
MAX_COMMANDS = 50_000

#: Hexes of one ``move``'s path (a vehicle of 60 MP enters at most 120 road hexes; a drag, a few dozen).
MAX_PATH_HEXES = 1000

# -- XML (a module's buildFile, a counter's SVG) -----------------------------------------------
#: How deep elements nest (the sample module's buildFile nests 10 deep, its 24 counters 4-6).
XML_DEPTH_LIMIT = 64
#: Elements in one buildFile (VASL's 2020 one has 7,068, 5,445 of them PieceSlots).
XML_ELEMENTS_LIMIT = 200_000
#: Elements in one counter SVG (the sample's 24 VASL counters have at most 44).
SVG_ELEMENTS_LIMIT = 5_000
#: PieceSlots in one module (VASL's 2020 buildFile has 5,445).
PIECE_SLOTS_LIMIT = 50_000
#: Trait levels one piece definition is decoded to (VASL's nest 30-40).
TRAIT_LEVELS_LIMIT = 200

# -- counters ---------------------------------------------------------------------------------
#: One counter SVG (VASL's are 3-8 KB).
SVG_LIMIT = 2 * _MB
#: All counter SVGs of one module inflated (a real module's are a few tens of MB).
SVG_TOTAL_LIMIT = 512 * _MB
#: Printed text one counter may hold in the module's index (the sample's 24 VASL counters print at most 55 characters).
PRINTED_TEXT_LIMIT = 4096
#: Elements a counter drawn with ``<use>`` expands to (the sample's 24 VASL counters use none).
SVG_USE_EXPANSION_LIMIT = 5_000
#: One picture a counter's SVG names beside it in the module (VASL's ``svg/KV1M41.png``, a few kB).
COUNTER_PICTURE_LIMIT = 1 * _MB
#: Pixels of the pictures one counter embeds (``data:`` PNG/JPEG; a 60-pixel counter's are small).
EMBEDDED_PICTURE_PIXELS_LIMIT = 1024 * 1024
#: Pixels of embedded pictures the window keeps decoded over all counters drawn (4 bytes each).
EMBEDDED_PICTURE_PIXELS_KEPT = 16 * 1024 * 1024

# -- output -----------------------------------------------------------------------------------
#: The largest image ``aslgui render`` makes (400 MB of pixels): checked before anything is
#: allocated, so a board placed far out or a big ``--scale`` is an error, not gigabytes and a crash.
MAX_PIXELS = 100_000_000
#: Units ``aslgui render`` draws (a scenario has tens; a VASL save a few hundred).
RENDER_UNITS_LIMIT = 10_000


def megabytes(size: int) -> str:
    """A size as people read it: ``64 MB``, ``512 KB`` (a small limit is not ``0 MB``)."""
    return f"{size / _MB:.0f} MB" if size >= _MB else f"{size / 1024:.0f} KB"
