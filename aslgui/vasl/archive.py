"""One VASL board archive read in place: its metadata, its art, and its LOS pixel grids.

A board archive is a zip file without an extension, named ``bd`` + board id (``bd04``), in the
"boards" folder of a VASL install (DESIGN.md section 7).  aslgui reads three members:

- ``BoardMetadata.xml``: the board's name, size in hexes, the art's file name, whether it has
  hills, and ``buildingTypes`` overrides (hex name -> building terrain name, because the LOS
  data cannot tell one building type from another).
- the art named there (``bd04.gif``), handed to the map as bytes.
- ``LOSData``: a gzipped Java object stream holding only primitive block data: four big-endian
  ints (width and height in hexes, width and height in pixels), then for every pixel, x outer
  and y inner, a signed elevation byte and an unsigned terrain-code byte, then one stairway
  byte per hex (column by column; odd columns hold one hex more).  This layout is VASL's
  ``BoardArchive.getLOSData``/``writeLOSData``.

``open_archive(path)`` reads the metadata and checks the zip; ``BoardArchive.los_grid()`` decodes
``LOSData`` with numpy (imported there and nowhere else in this module).  Every failure -- not
a zip, truncated, a member missing, a stream that is not VASL's, sizes that do not add up -- is
an ``AslError`` naming the file, never a traceback.
"""

from __future__ import annotations

import os
import struct
import zlib
from typing import TYPE_CHECKING, NamedTuple

from aslgui.errors import AslError
from aslgui.limits import MAX_BOARD_HEXES, MAX_GRID_PIXELS, MAX_MEMBER_BYTES, MAX_METADATA_BYTES
from aslgui.user_files import open_zip, read_zip_member, zip_errors

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

METADATA_MEMBER = "BoardMetadata.xml"
LOS_MEMBER = "LOSData"
#: The LOSData payload of the largest grid, and the most its Java stream may take (VASL writes
#: 1024-byte blocks; a stream of tiny blocks beyond this is refused, naming the limit).
_MAX_PAYLOAD = 16 + 2 * MAX_GRID_PIXELS + MAX_BOARD_HEXES * MAX_BOARD_HEXES + MAX_BOARD_HEXES // 2
MAX_LOS_BYTES = 2 * _MAX_PAYLOAD + 1024

_JAVA_STREAM_HEADER = b"\xac\xed\x00\x05"
_TC_BLOCKDATA = 0x77
_TC_BLOCKDATALONG = 0x7A

#: Errors the standard library raises on damaged zip, gzip or XML bytes.


class BoardMetadata(NamedTuple):
    """What ``BoardMetadata.xml`` says about a board."""

    name: str
    version: str
    image_name: str
    has_hills: bool
    #: Size in hexes (33 x 10 for a geomorphic board).
    width: int
    height: int
    #: Hex name (``"O6"``) -> VASL building terrain name, overriding what the pixels say.
    building_types: dict[str, str]
    #: True for the standard geomorphic geometry (no custom hex size or A1 centre).
    geomorphic: bool


class LosGrid(NamedTuple):
    """The decoded ``LOSData`` of one board, in the board's own (unrotated) pixels.

    ``elevation`` (int8, base level of the ground) and ``terrain`` (uint8, terrain code, see
    ``aslgui.vasl.catalog``) are indexed ``[x, y]``: x is the pixel column from the board's left
    edge, y the pixel row from its top, shape ``(pixel_width, pixel_height)`` -- the order VASL
    stores and addresses them in (``Map.getGridTerrain(x, y)``).  Take ``.T`` for an image-style
    ``[y, x]`` view.  ``stairways`` has one flag per hex in VASL's hex order (column ``0..width-1``,
    in each column row ``0..height-1``, one more in odd columns).
    """

    width: int
    height: int
    elevation: npt.NDArray[np.int8]
    terrain: npt.NDArray[np.uint8]
    stairways: bytes

    @property
    def pixel_size(self) -> tuple[int, int]:
        """Width and height in pixels."""
        return int(self.terrain.shape[0]), int(self.terrain.shape[1])


def hex_count(width: int, height: int) -> int:
    """Hexes on a board of ``width`` columns of ``height`` hexes, odd columns holding one more."""
    return width * height + width // 2


class BoardArchive:
    """An opened board archive: metadata now, art and LOS grids on request (each read once)."""

    def __init__(self, path: str, metadata: BoardMetadata) -> None:
        self.path = path
        self.metadata = metadata
        self._los: LosGrid | None = None

    def __repr__(self) -> str:
        return f"BoardArchive({self.path!r}, board {self.metadata.name!r})"

    def read_member(self, member: str, limit: int = MAX_MEMBER_BYTES) -> bytes:
        """The bytes of one member, inflated no further than ``limit`` (AslError naming the file
        and member if it cannot be read)."""
        return _read_member(self.path, member, limit)

    def image_bytes(self) -> bytes:
        """The board art (usually a GIF) as stored in the archive."""
        return self.read_member(self.metadata.image_name)

    def los_grid(self) -> LosGrid:
        """``LOSData`` decoded (numpy); AslError naming the file if it is damaged or covers other
        hexes than its board (the derived facts would name hexes the board does not have)."""
        if self._los is None:
            grid = decode_los_data(self.read_member(LOS_MEMBER, MAX_LOS_BYTES), self.path)
            meta = self.metadata
            if (grid.width, grid.height) != (meta.width, meta.height):
                fewer = grid.width <= meta.width and grid.height <= meta.height
                raise AslError(
                    f"VASL board archive {self.path!r}: {LOS_MEMBER} covers {'fewer' if fewer else 'other'} hexes "
                    f"({grid.width}x{grid.height}) than its board ({meta.width}x{meta.height} in {METADATA_MEMBER})",
                    "")
            self._los = grid
        return self._los


def open_archive(path: str | os.PathLike[str]) -> BoardArchive:
    """Open a board archive and read its metadata (AslError naming the file if it is not one)."""
    name = os.fspath(path)
    metadata = parse_board_metadata(_read_member(name, METADATA_MEMBER, MAX_METADATA_BYTES), name)
    return BoardArchive(name, metadata)


def _read_member(path: str, member: str, limit: int) -> bytes:
    """One member of a regular file's zip (never a FIFO's or a device's), inflated no further
    than ``limit`` whatever its header says."""
    with open_zip(path, "VASL board archive") as archive:
        try:
            info = archive.getinfo(member)
        except KeyError:
            raise AslError(f"VASL board archive {path!r} has no {member}", "") from None
        return read_zip_member(archive, info, f"VASL board archive {path!r} ({member})", limit)


def _flag(value: str | None) -> bool:
    return (value or "").strip().upper() == "TRUE"


def parse_board_metadata(xml: bytes, path: str) -> BoardMetadata:
    """``BoardMetadata.xml`` -> BoardMetadata (AslError naming ``path`` when it is not VASL's)."""
    from xml.etree import ElementTree

    errors: tuple[type[BaseException], ...] = (ElementTree.ParseError, *zip_errors())
    try:
        root = ElementTree.fromstring(xml)
    except errors as error:
        raise AslError(f"VASL board archive {path!r}: {METADATA_MEMBER} is not valid XML ({error})", "") from None
    if root.tag != "boardMetadata":
        raise AslError(f"VASL board archive {path!r}: {METADATA_MEMBER} is not VASL board metadata", "")
    attrs = root.attrib
    try:
        width, height = int(attrs.get("width", "33")), int(attrs.get("height", "10"))
    except ValueError:
        raise AslError(f"VASL board archive {path!r}: board width/height are not whole numbers", "") from None
    if not (0 < width <= MAX_BOARD_HEXES and 0 < height <= MAX_BOARD_HEXES):
        raise AslError(f"VASL board archive {path!r}: board size {width}x{height} hexes is out of range", "")
    buildings = {
        (b.get("hexName") or "").strip().upper(): (b.get("buildingTypeName") or "").strip()
        for b in root.iter("buildingType")
        if b.get("hexName") and b.get("buildingTypeName")
    }
    return BoardMetadata(
        name=attrs.get("name", ""),
        version=attrs.get("version", ""),
        image_name=attrs.get("boardImageFileName", ""),
        has_hills=_flag(attrs.get("hasHills")),
        width=width,
        height=height,
        building_types=buildings,
        geomorphic=not any(k in attrs for k in ("hexWidth", "hexHeight", "A1CenterX", "A1CenterY")),
    )


def _gunzip(raw: bytes, path: str) -> bytes:
    inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    try:
        data = inflater.decompress(raw, MAX_LOS_BYTES)
    except zlib.error as error:
        raise AslError(f"VASL board archive {path!r}: {LOS_MEMBER} is not gzip data ({error})", "") from None
    if inflater.unconsumed_tail:
        raise AslError(f"VASL board archive {path!r}: {LOS_MEMBER} unpacks to more than the limit of "
                       f"{MAX_LOS_BYTES} bytes", "")
    if not inflater.eof:
        raise AslError(f"VASL board archive {path!r}: {LOS_MEMBER} is truncated", "")
    return data


def java_block_data(stream: bytes, path: str) -> bytes:
    """The payload of a Java object stream that holds only primitive block data: the stream
    header checked, every TC_BLOCKDATA (1-byte length) / TC_BLOCKDATALONG (4-byte length)
    header stripped.  Anything else (an object, a truncated block) is an AslError."""
    if not stream.startswith(_JAVA_STREAM_HEADER):
        raise AslError(f"VASL board archive {path!r}: {LOS_MEMBER} is not a Java data stream", "")
    view = memoryview(stream)
    parts: list[memoryview] = []
    pos, end = len(_JAVA_STREAM_HEADER), len(stream)
    most = len(stream) // 256 + 16  # VASL writes 1024-byte blocks: millions of tiny ones are not its
    while pos < end:
        if len(parts) > most:
            raise AslError(f"VASL board archive {path!r}: {LOS_MEMBER} holds over {most} blocks "
                           f"(the limit for {len(stream)} bytes)", "")
        tag = stream[pos]
        if tag == _TC_BLOCKDATA and pos + 2 <= end:
            size, pos = stream[pos + 1], pos + 2
        elif tag == _TC_BLOCKDATALONG and pos + 5 <= end:
            size, pos = int.from_bytes(stream[pos + 1 : pos + 5], "big"), pos + 5
        else:
            raise AslError(
                f"VASL board archive {path!r}: {LOS_MEMBER} holds something other than block data at byte {pos}", ""
            )
        if pos + size > end:
            raise AslError(f"VASL board archive {path!r}: {LOS_MEMBER} is truncated", "")
        parts.append(view[pos : pos + size])
        pos += size
    return b"".join(parts)


def decode_los_data(raw: bytes, path: str) -> LosGrid:
    """Gzipped ``LOSData`` bytes -> LosGrid (numpy arrays, see LosGrid for the axis order)."""
    payload = java_block_data(_gunzip(raw, path), path)
    if len(payload) < 16:
        raise AslError(f"VASL board archive {path!r}: {LOS_MEMBER} is truncated", "")
    width, height, pixel_width, pixel_height = struct.unpack_from(">4i", payload)
    if not (0 < width <= MAX_BOARD_HEXES and 0 < height <= MAX_BOARD_HEXES):
        raise AslError(f"VASL board archive {path!r}: {LOS_MEMBER} says {width}x{height} hexes "
                       f"(the limit is {MAX_BOARD_HEXES} either way)", "")
    if not (pixel_width > 0 and pixel_height > 0 and pixel_width * pixel_height <= MAX_GRID_PIXELS):
        raise AslError(f"VASL board archive {path!r}: {LOS_MEMBER} says {pixel_width}x{pixel_height} pixels "
                       f"(the limit is {MAX_GRID_PIXELS:,} pixels)", "")
    cells = pixel_width * pixel_height
    expected = 16 + 2 * cells + hex_count(width, height)
    if len(payload) != expected:
        raise AslError(
            f"VASL board archive {path!r}: {LOS_MEMBER} holds {len(payload)} bytes of data, "
            f"{expected} expected for {width}x{height} hexes of {pixel_width}x{pixel_height} pixels",
            "",
        )
    import numpy as np

    pairs = np.frombuffer(payload, dtype=np.uint8, count=2 * cells, offset=16).reshape(pixel_width, pixel_height, 2)
    return LosGrid(
        width=width,
        height=height,
        elevation=np.ascontiguousarray(pairs[:, :, 0]).view(np.int8),
        terrain=np.ascontiguousarray(pairs[:, :, 1]),
        stairways=payload[16 + 2 * cells :],
    )
