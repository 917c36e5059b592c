"""Small VASL board archives built by the tests themselves, in VASL's own format.

``write_archive`` writes a zip holding ``BoardMetadata.xml``, an art file and ``LOSData`` (a
gzipped Java object stream of block data, as VASL's BoardArchive.writeLOSData writes it).
``sample_board`` paints a geomorphic-sized board with a few hexes of known terrain: woods in
E5, a wooden building in O6 (overridden to a 1-level building by the metadata), a wall on the
S hexside of C3, and a level-1 hill under K5 and the centres of its neighbours.
"""

from __future__ import annotations

import gzip
import struct
import zipfile
from pathlib import Path
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from aslgui.geometry import Hex
from aslgui.geometry.mapgrid import COLUMN_LETTERS, MapGrid

#: VASL terrain codes (resources/data/vasl_terrain.json).
OPEN, WOODS, WOODEN_BUILDING, WALL, ORCHARD = 0, 60, 50, 72, 63
WIDTH_PX, HEIGHT_PX = 1800, 645
#: A 1x1 GIF: the art member only has to exist for these tests.
TINY_GIF = bytes.fromhex("47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b")


def java_block_stream(payload: bytes, block: int = 1024) -> bytes:
    """``payload`` as an ObjectOutputStream writes primitive data: header, then blocks."""
    out = bytearray(b"\xac\xed\x00\x05")
    for start in range(0, len(payload), block):
        chunk = payload[start : start + block]
        out += bytes([0x77, len(chunk)]) if len(chunk) < 256 else b"\x7a" + struct.pack(">I", len(chunk))
        out += chunk
    return bytes(out)


def encode_los_data(
    elevation: npt.NDArray[np.int8], terrain: npt.NDArray[np.uint8], width: int = 33, height: int = 10
) -> bytes:
    """Gzipped LOSData for grids indexed ``[x, y]``; no stairways."""
    pixel_width, pixel_height = terrain.shape
    cells = np.stack([elevation.view(np.uint8), terrain], axis=2).tobytes()
    stairs = bytes(width * height + width // 2)
    header = struct.pack(">4i", width, height, pixel_width, pixel_height)
    return gzip.compress(java_block_stream(header + cells + stairs))


def metadata_xml(name: str, has_hills: bool, buildings: dict[str, str] | None = None) -> bytes:
    rows = "".join(f'<buildingType hexName="{h}" buildingTypeName="{t}" />' for h, t in (buildings or {}).items())
    return (
        f'<?xml version="1.0"?>\n<boardMetadata name="{name}" version="1.0" boardImageFileName="bd{name}.gif" '
        f'hasHills="{"TRUE" if has_hills else "FALSE"}" width="33" height="10">'
        f"<buildingTypes>{rows}</buildingTypes></boardMetadata>\n"
    ).encode()


def write_archive(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def local_hex(name: str) -> Hex:
    """A one-board hex name (``E5``) -> the board's local hex."""
    letters = name.rstrip("0123456789")
    return Hex(COLUMN_LETTERS.index(letters), int(name[len(letters) :]))



_XS, _YS = np.meshgrid(np.arange(WIDTH_PX) + 0.5, np.arange(HEIGHT_PX) + 0.5, indexing="ij")


def hex_disc(name: str, radius: float) -> npt.NDArray[np.bool_]:
    """Pixels within ``radius`` of a hex's centre."""
    cx, cy = MapGrid.center(local_hex(name))
    return np.asarray((_XS - cx) ** 2 + (_YS - cy) ** 2 <= radius**2)


def hexside_strip(name: str, direction: int, thickness: float = 3.0) -> npt.NDArray[np.bool_]:
    """Pixels of a thick line along one hexside of a hex (vertices ``direction - 1`` to ``direction``)."""
    corners = MapGrid.vertices(local_hex(name))
    (ax, ay), (bx, by) = corners[(direction - 1) % 6], corners[direction]
    length = np.hypot(bx - ax, by - ay)
    along = ((_XS - ax) * (bx - ax) + (_YS - ay) * (by - ay)) / length
    across = np.abs((_XS - ax) * (by - ay) - (_YS - ay) * (bx - ax)) / length
    return np.asarray((along >= 2) & (along <= length - 2) & (across <= thickness))


class SampleBoard(NamedTuple):
    path: Path
    elevation: npt.NDArray[np.int8]
    terrain: npt.NDArray[np.uint8]


def sample_grids() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint8]]:
    terrain = np.zeros((WIDTH_PX, HEIGHT_PX), dtype=np.uint8)
    elevation = np.zeros((WIDTH_PX, HEIGHT_PX), dtype=np.int8)
    terrain[hex_disc("E5", 24)] = WOODS
    terrain[hex_disc("O6", 20)] = WOODEN_BUILDING
    terrain[hexside_strip("C3", 3)] = WALL
    elevation[hex_disc("K5", 70)] = 1
    return elevation, terrain


def sample_board(folder: Path, board_id: str = "77", building: str = "Wooden Building, 1 Level") -> SampleBoard:
    """Write ``bd<board_id>`` into ``folder``: the sample board described in the module docstring,
    its O6 the ``building`` VASL names (``"Stone Building, 2 Level"``: levels 0-2, B23)."""
    elevation, terrain = sample_grids()
    name = f"bd{board_id}"
    path = write_archive(
        folder / name,
        {
            "BoardMetadata.xml": metadata_xml(board_id, True, {"O6": building}),
            f"{name}.gif": TINY_GIF,
            "LOSData": encode_los_data(elevation, terrain),
        },
    )
    return SampleBoard(path, elevation, terrain)
